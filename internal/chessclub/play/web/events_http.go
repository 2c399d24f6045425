package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
)

// Events answers GET /api/tournaments/{id}/events: a Server-Sent Events stream of what
// happens in the tournament (package live), each event one of the types of events.go.
func (h *Handlers) Events(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.play.Live().Serve(w, r, id)
}
