package httpserve

import "net/http"

// APIContentSecurityPolicy is the policy of every response that is data, not a page: JSON,
// problem documents, photos. If a browser is ever made to open one as a page (a link, a
// frame), nothing in it runs or loads, and no other site may frame it.
const APIContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// SecurityHeaders sets the headers that harden every response of h against misuse in a
// browser, errors and successes alike, before h writes anything:
//
//   - X-Content-Type-Options: nosniff, so that a browser never guesses a type other than the
//     one sent (a JSON document or an uploaded photo read as HTML or script);
//   - Referrer-Policy: no-referrer, so that no address of the services (which may carry ids)
//     leaks to other sites;
//   - Content-Security-Policy: APIContentSecurityPolicy, which a handler that serves pages
//     (such as package spa's) replaces with its own;
//   - X-Frame-Options: DENY, frame-ancestors for browsers that predate CSP.
//
// Serve wraps every service in it, and each service's NewServer does too, so that its
// handler is hardened without Serve (as in its tests); when both run, the inner one finds
// the headers set and leaves them.
func SecurityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setSecurityHeaders(w.Header())
		h.ServeHTTP(w, r)
	})
}

// securityHeaders are the names (in net/http's canonical form, so that indexing the map
// needs no canonicalisation) and values SecurityHeaders sets. Every response shares the
// value slices, which saves an allocation per header and response. That is safe because
// each has len == cap: an Add appends to a copy, Set and Del replace or drop the slice, and
// nothing in net/http writes into a header's values in place.
var securityHeaders = [...]struct {
	name  string
	value []string
}{
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Referrer-Policy", []string{"no-referrer"}},
	{"Content-Security-Policy", []string{APIContentSecurityPolicy}},
	{"X-Frame-Options", []string{"DENY"}},
}

// setSecurityHeaders sets the security headers in hdr, unless an outer SecurityHeaders has
// set them all already (each holds the shared slice itself, not only an equal value).
func setSecurityHeaders(hdr http.Header) {
	set := true
	for _, sh := range securityHeaders {
		if v := hdr[sh.name]; len(v) != 1 || &v[0] != &sh.value[0] {
			set = false
			break
		}
	}
	if set {
		return
	}
	for _, sh := range securityHeaders {
		hdr[sh.name] = sh.value
	}
}
