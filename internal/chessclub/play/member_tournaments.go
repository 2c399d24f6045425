package play

import (
	"context"
	"fmt"
	"net/http"

	"campus.example/apps/internal/problem"
)

// MemberTournaments answers GET /api/members/{id}/tournaments: the tournaments the member has
// entered (withdrawn or not, rated or not), the latest first, for the member's profile. The
// rating history lists only the rated ones that finished.
func (s *Service) MemberTournaments(w http.ResponseWriter, r *http.Request, _ Caller) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	ts, err := s.memberTournaments(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ts)
	return nil
}

// memberTournaments returns the tournaments member id has entered, by start date, latest
// first, then by id; a NotFound problem when there is no such member.
func (s *Service) memberTournaments(ctx context.Context, id int64) ([]Tournament, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE id = ?", id).Scan(&n); err != nil {
		return nil, fmt.Errorf("read member: %w", err)
	}
	if n == 0 {
		return nil, problem.New(problem.NotFound, "There is no member with id %d.", id)
	}
	rows, err := s.db.QueryContext(ctx, tournamentSelect+
		" WHERE t.id IN (SELECT tournament_id FROM tournament_players WHERE member_id = ?) ORDER BY t.start_date DESC, t.id DESC", id)
	if err != nil {
		return nil, fmt.Errorf("list member's tournaments: %w", err)
	}
	defer rows.Close()
	ts := []Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("list member's tournaments: %w", err)
		}
		ts = append(ts, t)
	}
	return ts, rows.Err()
}
