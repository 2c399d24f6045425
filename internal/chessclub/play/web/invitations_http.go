package web

import (
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/jsonhttp"
)

// Invite answers POST /api/tournaments/{id}/invitations: {"member_id": N} asks member N to
// play; missed_rounds (zero or half) is what they get for rounds paired before they accept.
func (h *Handlers) Invite(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
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
	missed := missedRounds(f)
	f.RejectUnknown()
	if err := f.Err(); err != nil {
		return err
	}
	inv, err := h.play.Invitations.Invite(r.Context(), id, caller, *member, missed)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(id, 10)+"/invitations/"+strconv.FormatInt(*member, 10))
	api.WriteJSON(w, http.StatusCreated, inv)
	return nil
}

// ListInvitations answers GET /api/tournaments/{id}/invitations, for the organiser, arbiters
// and admins.
func (h *Handlers) ListInvitations(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	list, err := h.play.Invitations.OfTournament(r.Context(), id, caller)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, list)
	return nil
}

// MyInvitations answers GET /api/me/invitations: the caller's pending invitations.
func (h *Handlers) MyInvitations(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	list, err := h.play.Invitations.OfMember(r.Context(), caller.ID)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, list)
	return nil
}

// WithdrawInvitation answers DELETE /api/tournaments/{id}/invitations/{member_id}.
func (h *Handlers) WithdrawInvitation(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	if err := h.play.Invitations.Withdraw(r.Context(), id, caller, member); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// AcceptInvitation answers POST /api/tournaments/{id}/invitations/{member_id}/accept: the
// invited member enters.
func (h *Handlers) AcceptInvitation(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	p, _, err := h.play.Invitations.Answer(r.Context(), id, caller, member, true)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(id, 10)+"/players/"+strconv.FormatInt(member, 10))
	api.WriteJSON(w, http.StatusCreated, p)
	return nil
}

// DeclineInvitation answers POST /api/tournaments/{id}/invitations/{member_id}/decline.
func (h *Handlers) DeclineInvitation(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	_, inv, err := h.play.Invitations.Answer(r.Context(), id, caller, member, false)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, inv)
	return nil
}
