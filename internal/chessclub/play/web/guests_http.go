package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/jsonhttp"
)

// LinkGuest answers POST /api/tournaments/{id}/players/{member_id}/link: {"member_id": N}
// makes member N the player that the guest {member_id} of an imported tournament was
// (linkGuest), for an admin.
func (h *Handlers) LinkGuest(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, guest, err := pathPlayer(r)
	if err != nil {
		return err
	}
	obj, err := jsonhttp.ReadObject(w, r, play.MaxBody)
	if err != nil {
		return err
	}
	f := jsonhttp.NewFields(obj)
	member := f.Int("member_id", 1, 1<<53)
	if _, failed := f.Errors["member_id"]; !failed && member == nil {
		f.Fail("member_id", "is required")
	}
	f.RejectUnknown()
	if err := f.Err(); err != nil {
		return err
	}
	p, err := h.play.Entries.LinkGuest(r.Context(), id, caller, guest, *member)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, p)
	return nil
}
