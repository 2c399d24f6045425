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
func SecurityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		hdr.Set("X-Content-Type-Options", "nosniff")
		hdr.Set("Referrer-Policy", "no-referrer")
		hdr.Set("Content-Security-Policy", APIContentSecurityPolicy)
		hdr.Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}
