package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// read runs fn in a read-only transaction, so that everything fn reads comes from one
// moment: a round paired between two queries cannot show up in one and not the other. On
// SQLite a read-only transaction takes no write lock (a deferred BEGIN under WAL); on MySQL
// it reads one consistent snapshot.
func (s *core) read(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}

// Field reads the tournament with id and everything in it (storage.Field) in one read
// transaction.
func (s *core) Field(ctx context.Context, id int64) (*tournament.Field, error) {
	return s.FieldRound(ctx, id, 0)
}

// FieldRound is Field with the boards and byes of round only alone (storage.FieldRound).
func (s *core) FieldRound(ctx context.Context, id int64, only int) (*tournament.Field, error) {
	var f *tournament.Field
	err := s.read(ctx, func(tx *sql.Tx) error {
		t, err := storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if only > t.CurrentRound {
			only = 0 // not paired: the caller finds no such round
		}
		f, err = storage.FieldRound(ctx, tx, t, only)
		return err
	})
	return f, err
}

// change runs fn in a transaction that holds the tournament's lock (lockTournament), with the
// tournament and everything in it read under that lock.
//
// Afterwards the process forgets the revisions it knew of the tournament (revisionCache), so
// that what it serves next shows the change.
func (s *core) change(ctx context.Context, id int64, fn func(tx *sql.Tx, f *tournament.Field) error) error {
	return s.changeWith(ctx, id, storage.Field, fn)
}

// changeWith is change with the tournament's contents read by load, for a change that needs
// less than all of it (setResult).
func (s *core) changeWith(ctx context.Context, id int64, load func(context.Context, storage.Querier, tournament.Tournament) (*tournament.Field, error),
	fn func(tx *sql.Tx, f *tournament.Field) error) error {
	defer s.live.MaybeSweep(ctx)
	defer s.changed(id)
	return s.db.Transact(ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		f, err := load(ctx, tx, t)
		if err != nil {
			return err
		}
		return fn(tx, f)
	})
}
