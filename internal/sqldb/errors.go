package sqldb

import (
	"errors"

	"github.com/go-sql-driver/mysql"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// MySQL's and MariaDB's error numbers: ER_DUP_ENTRY, ER_LOCK_WAIT_TIMEOUT and
// ER_LOCK_DEADLOCK.
const (
	mysqlDuplicateEntry  = 1062
	mysqlLockWaitTimeout = 1205
	mysqlDeadlock        = 1213
)

// IsDuplicate reports whether err comes from a violated unique or primary key. It looks at the
// drivers' error codes, never at message text, which varies by version and language.
func IsDuplicate(err error) bool {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number == mysqlDuplicateEntry
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// IsDeadlock reports whether err is MySQL's deadlock error: InnoDB rolled the transaction
// back to break a lock cycle, and running it again from the start is safe. SQLite's
// immediate transactions cannot deadlock; they wait for the busy timeout instead.
func IsDeadlock(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == mysqlDeadlock
}
