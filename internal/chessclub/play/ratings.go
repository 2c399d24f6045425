package play

import (
	"context"
	"database/sql"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// replayRatings computes the club ratings again (package ratings), in tx, after a change to
// tournament id by caller that reason names, records it in the audit trail, and emits event
// (EventRatingsApplied or EventRatingsRecomputed, none when the tournament is gone) with the
// number of players whose games in it count.
func (s *core) replayRatings(ctx context.Context, tx *sql.Tx, caller api.Caller, id int64, reason, event string) error {
	players, err := s.ratings.Recompute(ctx, tx, id, reason, s.clock(), s.loadField)
	if err != nil {
		return err
	}
	action := audit.RatingsRecomputed
	if event == EventRatingsApplied {
		action = audit.RatingsApplied
	}
	if err := s.record(ctx, tx, caller, id, 0, action, "", nil, map[string]any{"players": players, "reason": reason}); err != nil {
		return err
	}
	if event == "" {
		return nil
	}
	return s.live.Emit(ctx, tx, id, event, map[string]any{"players": players})
}

// loadField reads the tournament with id and everything in it, in tx: the ratings' Loader.
func (s *core) loadField(ctx context.Context, tx *sql.Tx, id int64) (*tournament.Field, error) {
	t, err := storage.Tournament(ctx, tx, id, "")
	if err != nil {
		return nil, err
	}
	return storage.Field(ctx, tx, t)
}
