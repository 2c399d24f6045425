package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
)

// MemberRatings answers GET /api/members/{id}/ratings: the member's rating history.
func (h *Handlers) MemberRatings(w http.ResponseWriter, r *http.Request, _ api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	if err := h.play.Tournaments.MemberExists(r.Context(), id); err != nil {
		return err
	}
	hist, err := h.play.Ratings().History(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, hist)
	return nil
}
