package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
)

// GetPlayerCard answers GET /api/tournaments/{id}/players/{member_id}: one player's
// tournament as anyone may see it (playerCard). It is public like the
// standings that link to it, and read afresh each time rather than through the view cache:
// before the start the entry shows the member's rating now, which changes without the
// tournament changing (as in ListPlayers).
func (h *Handlers) GetPlayerCard(w http.ResponseWriter, r *http.Request) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	f, err := h.play.FieldRound(r.Context(), id, 0)
	if err != nil {
		return err
	}
	card, err := playerCard(f, member)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, card)
	return nil
}
