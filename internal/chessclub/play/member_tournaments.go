package play

import (
	"context"
	"fmt"
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// MemberTournaments answers GET /api/members/{id}/tournaments: the tournaments the member has
// entered (withdrawn or not, rated or not), the latest first, for the member's profile. The
// rating history lists only the rated ones that finished.
func (s *Service) MemberTournaments(w http.ResponseWriter, r *http.Request, _ api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	ts, err := s.memberTournaments(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, ts)
	return nil
}

// memberTournaments returns the tournaments member id has entered, by start date, latest
// first, then by id; a NotFound problem when there is no such member.
func (s *Service) memberTournaments(ctx context.Context, id int64) ([]tournament.Tournament, error) {
	if err := s.memberExists(ctx, id); err != nil {
		return nil, err
	}
	return s.queryTournaments(ctx, " WHERE t.id IN (SELECT tournament_id FROM tournament_players WHERE member_id = ?)"+
		" ORDER BY t.start_date DESC, t.id DESC", id)
}

// memberExists returns a NotFound problem when there is no member with id.
func (s *Service) memberExists(ctx context.Context, id int64) error {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE id = ?", id).Scan(&n); err != nil {
		return fmt.Errorf("read member: %w", err)
	}
	if n == 0 {
		return problem.New(problem.NotFound, "There is no member with id %d.", id)
	}
	return nil
}
