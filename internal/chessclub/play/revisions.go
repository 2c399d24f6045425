package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/chessclub/play/storage"
)

// revision reads the tournament's revision: one small read that says whether anything in it
// changed. It returns NotFound when there is no such tournament. The hub's pollers and the
// streams use it, and always read the database.
func (s *core) revision(ctx context.Context, id int64) (int64, error) {
	rev, _, err := s.Revisions(ctx, id)
	return rev, err
}

// Revisions reads tournament id's revision, which every change to it increases, and its
// standings revision, which every change to what its standings count increases: one small
// read that says whether a view of it is still as it was. It returns NotFound when there is no
// such tournament.
func (s *core) Revisions(ctx context.Context, id int64) (revision, standings int64, err error) {
	stmt, err := s.db.Prepared(ctx, "SELECT revision, standings_revision FROM tournaments WHERE id = ?") // before every view
	if err != nil {
		return 0, 0, fmt.Errorf("read revision: %w", err)
	}
	err = stmt.QueryRowContext(ctx, id).Scan(&revision, &standings)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, storage.TournamentNotFound(id)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("read revision: %w", err)
	}
	return revision, standings, nil
}
