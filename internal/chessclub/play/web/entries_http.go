package web

import (
	"context"
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"

	"campus.example/apps/internal/jsonhttp"
)

// ListPlayers answers GET /api/tournaments/{id}/players.
func (h *Handlers) ListPlayers(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	ps, err := h.play.Entries.Players(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, ps)
	return nil
}

// EnterPlayer answers POST /api/tournaments/{id}/players. The body is optional: without one,
// or without member_id, the caller enters themself. With full_name instead of member_id the
// organiser enters a player who has no account (a walk-in: full_name, and optionally rating,
// fide_id and federation). missed_rounds (zero or half, for a late entry) says what the rounds
// paired before the entry give the player.
func (h *Handlers) EnterPlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, missed := caller.ID, play.MissedZero
	var walkIn *tournament.WalkIn
	if r.ContentLength != 0 {
		obj, err := jsonhttp.ReadObject(w, r, play.MaxBody)
		if err != nil {
			return err
		}
		f := jsonhttp.NewFields(obj)
		if f.Has("full_name") {
			if f.Has("member_id") {
				f.Fail("member_id", "goes without full_name: a player with an account is entered by member_id, one without by full_name")
			}
			in := input.WalkIn(f)
			walkIn = &in
		} else if m := f.Int("member_id", 1, 1<<53); m != nil {
			member = *m
		}
		missed = missedRounds(f)
		f.RejectUnknown()
		if err := f.Err(); err != nil {
			return err
		}
	}
	var p tournament.Player
	if walkIn != nil {
		p, err = h.play.Entries.EnterWalkIn(r.Context(), id, caller, *walkIn, missed)
		member = p.MemberID
	} else {
		p, err = h.play.Entries.Enter(r.Context(), id, caller, member, missed)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(id, 10)+"/players/"+strconv.FormatInt(member, 10))
	api.WriteJSON(w, http.StatusCreated, p)
	return nil
}

// RemovePlayer answers DELETE /api/tournaments/{id}/players/{member_id}: leave before the
// start, withdraw after it.
func (h *Handlers) RemovePlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	if err := h.play.Entries.Leave(r.Context(), id, caller, member); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ReinstatePlayer answers POST /api/tournaments/{id}/players/{member_id}/reinstate: a
// withdrawn player plays again from the next round.
func (h *Handlers) ReinstatePlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	p, err := h.play.Entries.Reinstate(r.Context(), id, caller, member)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, p)
	return nil
}

// RequestBye answers PUT /api/tournaments/{id}/players/{member_id}/byes/{round}.
func (h *Handlers) RequestBye(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return h.byeRequest(w, r, caller, h.play.Entries.RequestBye)
}

// CancelBye answers DELETE /api/tournaments/{id}/players/{member_id}/byes/{round}.
func (h *Handlers) CancelBye(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return h.byeRequest(w, r, caller, h.play.Entries.CancelBye)
}

func (h *Handlers) byeRequest(w http.ResponseWriter, r *http.Request, caller api.Caller,
	fn func(ctx context.Context, id int64, caller api.Caller, member int64, round int) error) error {
	id, member, err := pathPlayer(r)
	if err != nil {
		return err
	}
	round, err := pathNumber(r, "round", tournament.MaxRounds)
	if err != nil {
		return err
	}
	if err := fn(r.Context(), id, caller, member, round); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// missedRounds reads missed_rounds, play.MissedZero when absent.
func missedRounds(f *jsonhttp.Fields) string {
	m := f.String("missed_rounds")
	switch {
	case m == nil:
		return play.MissedZero
	case *m == play.MissedZero, *m == play.MissedHalf:
		return *m
	}
	f.Fail("missed_rounds", "must be zero or half")
	return play.MissedZero
}
