package chessclub

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the API's OpenAPI 3.1 description. Tests check real responses against it, so it
// cannot drift from the code.
//
//go:embed openapi.json
var OpenAPI []byte

func serveOpenAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=300")
		_, _ = w.Write(OpenAPI)
	})
}
