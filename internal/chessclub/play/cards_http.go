package play

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// GetSchedule answers GET /api/tournaments/{id}/schedule: a round robin's every round from
// the start on, paired or not (tournament.Field.Schedule); a Conflict for another format or
// before the start.
func (s *Service) GetSchedule(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return s.serveView(w, r, id, "schedule", byRevision, 0, func(f *tournament.Field) (any, error) { return f.Schedule() })
}

// GetPlayerCard answers GET /api/tournaments/{id}/players/{member_id}: one player's
// tournament as anyone may see it (tournament.Field.PlayerCard). It is public like the
// standings that link to it, and read afresh each time rather than through the view cache:
// before the start the entry shows the member's rating now, which changes without the
// tournament changing (as in ListPlayers).
func (s *Service) GetPlayerCard(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	member, err := pathMember(r)
	if err != nil {
		return err
	}
	f, err := s.readFieldRound(r.Context(), id, 0)
	if err != nil {
		return err
	}
	card, err := f.PlayerCard(member)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, card)
	return nil
}
