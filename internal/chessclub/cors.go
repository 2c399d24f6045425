package chessclub

import (
	"net/http"
	"slices"
)

// cors lets the listed origins call the API from a browser or a native app's web view. The
// API authenticates with bearer tokens, never cookies, so no credentials mode is needed.
// Preflight requests from allowed origins are answered here; from others they get no CORS
// headers, which makes the browser refuse the call.
func cors(origins []string, next http.Handler) http.Handler {
	anyOrigin := slices.Contains(origins, "*")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Origin")
		allowed := anyOrigin || slices.Contains(origins, origin)
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if allowed {
			w.Header().Set("Access-Control-Allow-Origin", origin)
			w.Header().Set("Access-Control-Expose-Headers", "Location, Retry-After, ETag, WWW-Authenticate, Idempotent-Replayed")
		}
		if !preflight {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Access-Control-Request-Method, Access-Control-Request-Headers")
		if allowed {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match, Idempotency-Key")
			w.Header().Set("Access-Control-Max-Age", "600")
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
