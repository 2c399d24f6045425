package chessclub

import (
	"net/http"
	"strings"

	"campus.example/apps/internal/chessclub/api"
)

// apiOrApp serves the original backend's root paths (/login, /members, /tournaments …),
// which are also the app's own pages: a browser navigating there (GET or HEAD with an
// Accept that asks for text/html) gets the app, every other request the API's twin. The
// answer varies by Accept, and says so to caches.
func apiOrApp(app, api http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept")
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && acceptsHTML(r.Header.Values("Accept")) {
			app.ServeHTTP(w, r)
			return
		}
		api.ServeHTTP(w, r)
	})
}

// idOrApp serves endpoint for a path whose {id} is a tournament id, and the app otherwise: the
// app's own pages under /tournaments/ (such as /tournaments/new) keep their answers, such as
// 405 to a DELETE, rather than the API's 400 for a malformed id.
func idOrApp(app, endpoint http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if api.IDPattern.MatchString(r.PathValue("id")) {
			endpoint.ServeHTTP(w, r)
			return
		}
		app.ServeHTTP(w, r)
	})
}

// acceptsHTML reports whether an Accept header names text/html (q above 0): browsers do
// when they navigate, fetch and API clients (Accept: */* or application/json) do not.
func acceptsHTML(values []string) bool {
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			media, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(media), "text/html") {
				continue
			}
			if !zeroQ(params) {
				return true
			}
		}
	}
	return false
}

// zeroQ reports whether media-range parameters say q=0 (RFC 9110 12.4.2: "not acceptable").
func zeroQ(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(name), "q") {
			value = strings.TrimRight(strings.TrimSpace(value), "0")
			return value == "0." || value == "0" || value == ""
		}
	}
	return false
}
