// Package query reads request query strings strictly. net/http's Request.URL.Query drops what
// it cannot parse without a word: "?species=Dragon%ZZ" and "?limit=2;offset=5" both come out
// as no filter at all, and the client gets the whole list with 200 as if it had asked for it.
// Here a query string that does not parse, a parameter an endpoint does not know, and one
// given twice are each a 400 problem that names the parameter.
package query

import (
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
)

// Parse parses a raw query string. It returns a Malformed problem when a part is not
// name=value with valid percent escapes, when it uses ";" as a separator (which Go no longer
// accepts, and other servers read differently), or when a name or value is not UTF-8 once
// unescaped. Empty parts ("a=1&&b=2") are skipped, as browsers make them.
func Parse(raw string) (url.Values, error) {
	vals := url.Values{}
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		if strings.Contains(part, ";") {
			return nil, malformed(part, "uses ';', which is not a separator; use '&'")
		}
		rawName, rawValue, _ := strings.Cut(part, "=")
		name, err := url.QueryUnescape(rawName)
		if err != nil {
			return nil, malformed(rawName, "is not a valid percent-encoded name")
		}
		value, err := url.QueryUnescape(rawValue)
		if err != nil {
			return nil, malformed(name, "is not a valid percent-encoded value")
		}
		if !utf8.ValidString(name) || !utf8.ValidString(value) {
			return nil, malformed(name, "is not UTF-8 text once unescaped")
		}
		vals[name] = append(vals[name], value)
	}
	return vals, nil
}

// malformed names the parameter in the problem; a name that is not text is quoted.
func malformed(name, msg string) error {
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "\uFFFD")
	}
	return &problem.Error{Kind: problem.Malformed, Detail: "The query string is not valid.", Fields: map[string]string{name: msg}}
}

// Check parses r's query string (see Parse) and refuses, as a Malformed problem, parameters
// whose names are not in allowed and parameters given more than once. Every refused parameter
// is named.
func Check(r *http.Request, allowed ...string) (url.Values, error) {
	vals, err := Parse(r.URL.RawQuery)
	if err != nil {
		return nil, err
	}
	var bad map[string]string // made at the first bad parameter: most requests have none
	for name, vs := range vals {
		var why string
		switch {
		case !slices.Contains(allowed, name) && len(allowed) == 0:
			why = "is not a known parameter: this endpoint takes none"
		case !slices.Contains(allowed, name):
			why = "is not a known parameter (" + strings.Join(allowed, ", ") + ")"
		case len(vs) > 1:
			why = "must be given once"
		default:
			continue
		}
		if bad == nil {
			bad = map[string]string{}
		}
		bad[name] = why
	}
	if len(bad) > 0 {
		return nil, &problem.Error{Kind: problem.Malformed, Detail: "The query string is not valid.", Fields: bad}
	}
	return vals, nil
}

// Only returns a handler that answers a request whose query string Check refuses with its
// 400 problem, and passes the others to h.
func Only(h http.Handler, allowed ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := Check(r, allowed...); err != nil {
			problem.Write(w, r, slog.Default(), err) // a 400 is never logged
			return
		}
		h.ServeHTTP(w, r)
	})
}
