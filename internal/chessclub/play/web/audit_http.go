package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play"
)

// Audit answers GET /api/tournaments/{id}/audit: every change to the tournament, oldest first,
// a page at a time (after, limit), for its organiser, arbiters and admins, with the private
// values of members other than the caller masked for all but admins. The trail of a
// deleted tournament stays, for admins, in GET /api/audit?tournament_id=N.
func (h *Handlers) Audit(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	f, err := audit.ParseFilter(r.URL.Query())
	if err != nil {
		return err
	}
	t, err := h.play.Tournament(r.Context(), id)
	if err != nil {
		return err
	}
	if err := play.MayOrganise(t, caller); err != nil {
		return err
	}
	f.Tournament, f.Member = id, 0
	return h.play.Trail().Serve(w, r, f, audit.Viewer{ID: caller.ID, Admin: caller.Admin})
}
