package play

import (
	"context"

	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// OfMember returns the tournaments member id has entered, by start date, latest
// first, then by id; a NotFound problem when there is no such member.
func (s *Tournaments) OfMember(ctx context.Context, id int64) ([]tournament.Tournament, error) {
	if err := s.MemberExists(ctx, id); err != nil {
		return nil, err
	}
	return s.queryTournaments(ctx, " WHERE t.id IN (SELECT tournament_id FROM tournament_players WHERE member_id = ?)"+
		" ORDER BY t.start_date DESC, t.id DESC", id)
}

// MemberExists returns a NotFound problem when there is no member with id.
func (s *Tournaments) MemberExists(ctx context.Context, id int64) error {
	n, err := storage.Members(ctx, s.db, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return problem.New(problem.NotFound, "There is no member with id %d.", id)
	}
	return nil
}
