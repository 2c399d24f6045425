package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/go-sql-driver/mysql"
)

// MaxAttempts is how often, in all, Retry runs work that keeps losing lock conflicts.
const MaxAttempts = 5

// retryBase is the longest pause before the first retry; each further one may wait twice as
// long. Five attempts wait at most 10+20+40+80 ms in all.
const retryBase = 10 * time.Millisecond

// IsRetryable reports whether err is a lock conflict after which the server has undone the
// work, so that running the whole transaction again is safe and likely to succeed: MySQL's
// deadlock (1213), where InnoDB rolled back one transaction of a cycle, and its lock wait
// timeout (1205), after which the transaction is rolled back by Transact. Concurrent writes to
// the same unique key cause both, for instance inserts of one name while its row is deleted.
// SQLite's transactions take the write lock when they begin and wait for it instead.
func IsRetryable(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && (me.Number == mysqlDeadlock || me.Number == mysqlLockWaitTimeout)
}

// Retry runs fn, and again while it fails with a retryable error (IsRetryable), MaxAttempts
// times at most, after a random pause that grows with each attempt ("full jitter", so that
// the clients that collided do not collide again in step). fn must start from scratch each
// time: one transaction, or one statement. Retry returns fn's last error, or ctx's error when
// ctx ends during a pause.
func (db *DB) Retry(ctx context.Context, fn func() error) error {
	for attempt := 1; ; attempt++ {
		err := fn()
		if err == nil || attempt == MaxAttempts || !IsRetryable(err) {
			return err
		}
		pause := rand.N(retryBase << (attempt - 1))
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(pause):
		}
	}
}

// ExecContext runs a statement as sql.DB's ExecContext does, and again when it loses a lock
// conflict (see Retry): a statement outside a transaction is a transaction of its own, which
// the server has rolled back whole. Every store that writes through db.ExecContext gets this
// without saying so. On SQLite the statement waits its turn behind the pool's other writes,
// as a transaction of Transact does.
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	err := db.Retry(ctx, func() error {
		leave, err := db.writes.enter(ctx)
		if err != nil {
			return err
		}
		defer leave()
		res, err = db.DB.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}
