package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/problem"
)

// importBusyRetry is the Retry-After of an import refused for want of a slot, in seconds:
// about what storing a file of the most players there may be takes.
const importBusyRetry = 1

// ImportSlot returns next run while it holds one of the server's Config.MaxImports import
// slots, so that no more imports than that read and store their files at once, whatever
// arrives. Without a free slot the answer is at once a TooManyRequests problem with
// Retry-After: the server is up, and it is this kind of request that must wait (as with the
// photo decodes). routes.go puts it outside the Idempotency-Key guard, which reads the whole
// body before the import runs.
func (h *Handlers) ImportSlot(next func(http.ResponseWriter, *http.Request, api.Caller) error) func(http.ResponseWriter, *http.Request, api.Caller) error {
	return func(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
		free, ok := h.play.ImportSlots().TryTake()
		if !ok {
			return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: importBusyRetry,
				Detail: "The server is importing other files; send this one again shortly."}
		}
		defer free()
		return next(w, r, caller)
	}
}
