package httpserve

import (
	"log/slog"
	"net/http"
)

// ServeHandler is the handler Serve gives its http.Server for h, for benchmarks of the whole
// chain in process.
func ServeHandler(h http.Handler, log *slog.Logger) http.Handler {
	return serveHandler(newInflight(), h, log)
}
