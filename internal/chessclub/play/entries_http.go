package play

import (
	"context"
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"

	"campus.example/apps/internal/jsonhttp"
)

// ListPlayers answers GET /api/tournaments/{id}/players.
func (s *Service) ListPlayers(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	ps, err := s.players(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, ps)
	return nil
}

// EnterPlayer answers POST /api/tournaments/{id}/players. The body is optional: without one,
// or without member_id, the caller enters themself. missed_rounds (zero or half, for a late
// entry) says what the rounds paired before the entry give the player.
func (s *Service) EnterPlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, missed := caller.ID, MissedZero
	if r.ContentLength != 0 {
		obj, err := jsonhttp.ReadObject(w, r, MaxBody)
		if err != nil {
			return err
		}
		f := jsonhttp.NewFields(obj)
		if m := f.Int("member_id", 1, 1<<53); m != nil {
			member = *m
		}
		missed = missedRounds(f)
		f.RejectUnknown()
		if err := f.Err(); err != nil {
			return err
		}
	}
	p, err := s.enter(r.Context(), id, caller, member, missed)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(id, 10)+"/players/"+strconv.FormatInt(member, 10))
	api.WriteJSON(w, http.StatusCreated, p)
	return nil
}

// RemovePlayer answers DELETE /api/tournaments/{id}/players/{member_id}: leave before the
// start, withdraw after it.
func (s *Service) RemovePlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, err := pathMember(r)
	if err != nil {
		return err
	}
	if err := s.leave(r.Context(), id, caller, member); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ReinstatePlayer answers POST /api/tournaments/{id}/players/{member_id}/reinstate: a
// withdrawn player plays again from the next round.
func (s *Service) ReinstatePlayer(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, err := pathMember(r)
	if err != nil {
		return err
	}
	p, err := s.reinstate(r.Context(), id, caller, member)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, p)
	return nil
}

// RequestBye answers PUT /api/tournaments/{id}/players/{member_id}/byes/{round}.
func (s *Service) RequestBye(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return s.byeRequest(w, r, caller, s.requestBye)
}

// CancelBye answers DELETE /api/tournaments/{id}/players/{member_id}/byes/{round}.
func (s *Service) CancelBye(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return s.byeRequest(w, r, caller, s.cancelBye)
}

func (s *Service) byeRequest(w http.ResponseWriter, r *http.Request, caller api.Caller,
	fn func(ctx context.Context, id int64, caller api.Caller, member int64, round int) error) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, err := pathMember(r)
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

// missedRounds reads missed_rounds, MissedZero when absent.
func missedRounds(f *jsonhttp.Fields) string {
	m := f.String("missed_rounds")
	switch {
	case m == nil:
		return MissedZero
	case *m == MissedZero, *m == MissedHalf:
		return *m
	}
	f.Fail("missed_rounds", "must be zero or half")
	return MissedZero
}
