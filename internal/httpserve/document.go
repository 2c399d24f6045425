package httpserve

import "net/http"

// JSONDocument serves a fixed JSON document, such as a service's OpenAPI description, that
// clients may cache for five minutes.
func JSONDocument(body []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(body)
	})
}
