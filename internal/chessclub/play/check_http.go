package play

import (
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// CheckRound answers GET /api/tournaments/{id}/rounds/{n}/check: the pairing checker's verdict
// on a paired round of a Swiss tournament (tournament.PairingCheck). It is public like the
// round, and computed once per revision of the tournament: the check pairs the round again.
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
		return f.CheckRound(n)
	})
}
