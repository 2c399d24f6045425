package play

import (
	"context"
	"database/sql"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/admission"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// MaxImportBytes bounds a TRF file sent to POST /api/tournaments/import, 8 MiB: the largest
// file a tournament can come from, tournament.MaxPlayers players who played all of
// tournament.MaxRounds rounds, has player lines of 91 + 10·MaxRounds characters, 99 bytes
// more for a name of 33 four-byte characters and 2 for CR LF, 6.92 MB in all
// (TestImportLimitsFitTheLargestFile); the tournament section, 240 and 250 records and
// comments leave it within 8 MiB. Reading holds about three times the file (Config
// MaxImports).
const MaxImportBytes = 8 << 20

// EventImported is the first event of a tournament made from a TRF file.
const EventImported = "imported"

// Import stores a tournament read from a TRF file, organised by caller: one guest
// member per player (guests cannot log in; the import never attaches games to existing
// members, which anyone who can write a file could otherwise do), the entries with the
// file's pairing numbers and ratings, every round with its boards and byes, and byes
// announced for rounds to come (a round's column after the last paired, or 240 records). The
// tournament is finished when every round is paired and played, and running otherwise; it is
// never rated. It returns a TooManyRequests problem when the caller has used their imports
// a day (admission.ImportQuota).
func (s *Imports) Import(ctx context.Context, im *tournament.Imported, caller api.Caller) (tournament.Tournament, error) {
	defer s.changed(0)
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		now := s.clock()
		// The caller's row, locked, takes their imports in turn on every replica, so that
		// the count below cannot be passed by two imports at once.
		if err := storage.LockMember(ctx, tx, caller.ID, s.db.Dialect.ForUpdate()); err != nil {
			return err
		}
		if err := admission.ImportQuota(ctx, tx, caller, now, s.cfg.ImportsPerDay); err != nil {
			return err
		}
		state := tournament.StateRunning
		if im.Finished {
			state = tournament.StateFinished
		}
		id, err := storage.InsertImported(ctx, tx, im, state, caller.ID, now)
		if err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventImported, map[string]any{"state": state, "rounds": im.Paired}); err != nil {
			return err
		}
		out, err = storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		return s.record(ctx, tx, caller, id, 0, audit.TournamentImported, "", nil,
			map[string]any{"name": out.Name, "players": len(im.Players), "rounds": im.Paired, "state": state})
	})
	return out, err
}

// CheckQuota returns a TooManyRequests problem when caller has imported as many tournaments
// in the last 24 hours as a member may (admission.ImportQuota): a member at the limit is
// refused before the file is read; Import counts again in its transaction, where the count
// cannot change under it.
func (s *Imports) CheckQuota(ctx context.Context, caller api.Caller) error {
	return admission.ImportQuota(ctx, s.db, caller, s.clock(), s.cfg.ImportsPerDay)
}
