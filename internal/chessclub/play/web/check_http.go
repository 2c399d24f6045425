package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/admission"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// CheckRound answers GET /api/tournaments/{id}/rounds/{n}/check: the pairing checker's verdict
// on a paired round of a Swiss tournament (tournament.PairingCheck). It is public like the
// round. The check pairs the round again, the work of a pairing, so it is done once for each
// thing it depends on (tournament.RoundCheck.Key: the rounds before, the round's pairing, the
// players), not once per revision of the tournament: a result entered in the round, or any
// other change that leaves its inputs alone, finds the verdict kept (as long as the view cache
// keeps it).
//
// The public's checks hold one pairing slot at a time between them (admission.Pairings), so that
// asking for the checks of large rounds costs no more processors and memory than pairing one
// of them would: a check waits for its turn before it reads the tournament, up to
// viewTimeout, and answers Unavailable when none comes.
func (h *Handlers) CheckRound(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", tournament.MaxRounds)
	if err != nil {
		return err
	}
	return h.serveCached(w, r, id, "check of round "+strconv.Itoa(n), byRevision, func(ctx context.Context) (int64, []byte, error) {
		release, err := h.play.Pairings().Turn(ctx, admission.PublicChecks, func() { play.WaitingForSlot(ctx) })
		if err != nil {
			return 0, nil, busyChecking()
		}
		defer release()
		var f *tournament.Field
		var check tournament.RoundCheck
		var key cacheKey
		var kept []byte
		err = h.cache.inTurn(ctx, func() error {
			var err error
			if f, err = h.play.Field(ctx, id); err != nil {
				return err
			}
			if check, err = f.RoundCheck(n); err != nil {
				return err
			}
			key = cacheKey{tournament: id, what: "check " + check.Key()}
			kept, _ = h.cache.lookup(key, 0)
			return nil
		})
		if err != nil || kept != nil {
			return f.Tournament.Revision, kept, err
		}
		free, err := h.play.Pairings().Slot(ctx, func() { play.WaitingForSlot(ctx) })
		if err != nil {
			return 0, nil, busyChecking()
		}
		defer free()
		play.CheckingRound(ctx)
		v, err := check.Check()
		if err != nil {
			return 0, nil, err
		}
		body, err := json.Marshal(v)
		if err != nil {
			return 0, nil, err
		}
		h.cache.put(key, 0, body)
		return f.Tournament.Revision, body, nil
	})
}

// busyChecking is the answer to a public check that found no turn or slot in time.
func busyChecking() error {
	return &problem.Error{Kind: problem.Unavailable, Detail: "The server is pairing other rounds; ask for the check again shortly."}
}
