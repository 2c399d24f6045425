package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
)

// MemberTournaments answers GET /api/members/{id}/tournaments: the tournaments the member has
// entered (withdrawn or not, rated or not), the latest first, for the member's profile. The
// rating history lists only the rated ones that finished.
func (h *Handlers) MemberTournaments(w http.ResponseWriter, r *http.Request, _ api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	ts, err := h.play.Tournaments.OfMember(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, ts)
	return nil
}
