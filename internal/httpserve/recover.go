package httpserve

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"campus.example/apps/internal/problem"
)

// Recover turns a panic in h into a logged 500 problem instead of a dropped connection.
// http.ErrAbortHandler still aborts, as net/http intends.
func Recover(log *slog.Logger, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if err, ok := p.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				panic(p)
			}
			problem.Write(w, r, log, fmt.Errorf("panic: %v", p))
		}()
		h.ServeHTTP(w, r)
	})
}
