package play

import (
	"context"
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// CheckRound answers GET /api/tournaments/{id}/rounds/{n}/check: the pairing checker's verdict
// on a paired round of a Swiss tournament (tournament.PairingCheck). It is public like the
// round, and computed once per revision of the tournament: the check pairs the round again,
// in one of the server's pairing slots (pairingSlots), so that asking for the checks of large
// rounds costs no more processors and memory than pairing them would. It waits up to
// viewTimeout for a slot, and answers Unavailable when none comes.
func (s *Service) CheckRound(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", tournament.MaxRounds)
	if err != nil {
		return err
	}
	return s.serveView(w, r, id, "check of round "+strconv.Itoa(n), byRevision, 0, func(f *tournament.Field) (any, error) {
		// Others may wait for this check: its wait must not end with the client that started it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), viewTimeout)
		defer cancel()
		free, err := s.slots.take(ctx, func() { pairingSlotHook(ctx) })
		if err != nil {
			return nil, &problem.Error{Kind: problem.Unavailable, Detail: "The server is pairing other rounds; ask for the check again shortly."}
		}
		defer free()
		return f.CheckRound(n)
	})
}
