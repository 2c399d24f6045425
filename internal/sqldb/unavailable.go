package sqldb

import (
	"database/sql/driver"
	"errors"
	"net"
	"syscall"

	"github.com/go-sql-driver/mysql"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"campus.example/apps/internal/coalesce"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqlitedirect"
)

// RetryAfter is the Retry-After, in seconds, of a request that failed because the database
// was unavailable: about how long a restarted MariaDB takes to accept connections again.
const RetryAfter = 5

// MySQL's and MariaDB's errors for a server that refuses work for now: too many connections,
// shutting down, a connection killed (by an operator or a failover), a commit that failed in
// the server (a Galera node that left the cluster during it), a statement interrupted (by a
// shutdown), and a Galera node that is not part of a primary component (quorum lost, or still
// joining: "WSREP has not yet prepared node for application use", 1047, ER_UNKNOWN_COM_ERROR).
const (
	mysqlTooManyConnections = 1040
	mysqlWsrepNotReady      = 1047
	mysqlServerShutdown     = 1053
	mysqlErrorDuringCommit  = 1180
	mysqlQueryInterrupted   = 1317
	mysqlConnectionKilled   = 1927
)

// IsUnavailable reports whether err says that the database could not be reached or would not
// work for now, rather than that the request was wrong: no connection (refused, reset, timed
// out, a broken pipe), a connection the driver found broken, a server shutting down or out of
// connections, a Galera node without quorum or still joining its cluster, and lock conflicts that outlived Retry's attempts (on SQLite, a write that
// waited past WriteWait for its turn, or a write lock held by another process past the busy
// timeout). Such a failure is worth trying again later, and the caller may have had its
// write stored: a connection can break after the commit and before the answer.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	// A batched read the database did not answer in time; a write that waited too long for its
	// turn.
	if errors.Is(err, coalesce.ErrTimeout) || errors.Is(err, ErrWriteWait) {
		return true
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, mysql.ErrInvalidConn) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var ne *net.OpError
	if errors.As(err, &ne) {
		return true
	}
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		switch me.Number {
		case mysqlTooManyConnections, mysqlWsrepNotReady, mysqlServerShutdown, mysqlErrorDuringCommit,
			mysqlQueryInterrupted, mysqlConnectionKilled, mysqlDeadlock, mysqlLockWaitTimeout:
			return true
		}
		return false
	}
	var code interface{ Code() int } // *sqlite.Error and *sqlitedirect.Error
	var se *sqlite.Error
	var de *sqlitedirect.Error
	switch {
	case errors.As(err, &se):
		code = se
	case errors.As(err, &de):
		code = de
	default:
		return false
	}
	switch code.Code() & 0xff { // the primary result code
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return true
	}
	return false
}

// Classify turns an error that IsUnavailable recognises into an Unavailable problem (503 with
// Retry-After) that keeps err as its logged cause; it returns any other error as it is. The
// services pass every handler error through it before writing it, so that an outage is a
// 503 a client can retry, not a 500.
func Classify(err error) error {
	if problem.KindOf(err) != problem.Internal || !IsUnavailable(err) {
		return err
	}
	return &problem.Error{Kind: problem.Unavailable, RetryAfter: RetryAfter, Err: err,
		Detail: "The database is unavailable; try again in a few seconds. A write answered this way may have been stored."}
}
