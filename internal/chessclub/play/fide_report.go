package play

import (
	"context"
	"database/sql"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/report"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// Report reads the tournament with id, everything in it, and its players' FIDE fields
// (by member id) in one read transaction. A player whose FIDE rating was not fixed yet (the
// tournament has not started) is given their FIDE rating of its type now. The birth dates,
// which only a member, admins and the federation may see, are read only when birthDates is
// true: the FIDE report's, an arbiter's or admin's download; the public report has none.
// src is the file the tournament was imported from, nil for the others; without birthDates,
// without the records that may carry private data (report.LeavePrivateRecords).
func (s *Tournaments) Report(ctx context.Context, id int64, birthDates bool) (*tournament.Field, map[int64]tournament.FIDEPlayer, *trf.Tournament, error) {
	var f *tournament.Field
	var fide map[int64]tournament.FIDEPlayer
	var src *trf.Tournament
	err := s.read(ctx, func(tx *sql.Tx) error {
		t, err := storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if f, err = storage.Field(ctx, tx, t); err != nil {
			return err
		}
		if fide, err = storage.FIDEPlayers(ctx, tx, t, birthDates); err != nil {
			return err
		}
		if src, err = storage.Source(ctx, tx, id); err == nil && src != nil && !birthDates {
			report.LeavePrivateRecords(src)
		}
		return err
	})
	return f, fide, src, err
}
