package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Transact runs fn in a transaction and commits when fn returns nil. It rolls back when fn
// returns an error or panics (re-raising the panic), so callers never leak a transaction.
// When MySQL undoes the transaction to resolve a lock conflict (a deadlock or a lock wait
// timeout, at any statement or at the commit), Transact runs it again from the start, a few
// times at most (see Retry): fn must not depend on what an earlier run did, and may only set
// results that a later run sets again. On SQLite every transaction takes the write lock at its
// start (BEGIN IMMEDIATE), which makes read-then-write sequences in fn safe from concurrent
// writers; the transactions of one pool wait for it in turn, first come, first served, for
// WriteWait at most (then ErrWriteWait). fn must not write through db itself, outside tx: on
// SQLite that write would wait for fn's own transaction to end.
func (db *DB) Transact(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.Retry(ctx, func() error { return db.transactOnce(ctx, fn) })
}

func (db *DB) transactOnce(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	leave, err := db.writes.enter(ctx)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer leave()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
			return
		}
		if cErr := tx.Commit(); cErr != nil {
			err = fmt.Errorf("commit: %w", cErr)
		}
	}()
	return fn(tx)
}

// ForUpdate returns the clause that locks selected rows until the transaction ends. SQLite
// needs none: its transactions already hold the database's write lock.
func (d Dialect) ForUpdate() string {
	if d == MySQL {
		return " FOR UPDATE"
	}
	return ""
}
