package sqldb

import (
	"errors"

	"github.com/go-sql-driver/mysql"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// mysqlDuplicateEntry is MySQL's and MariaDB's ER_DUP_ENTRY.
const mysqlDuplicateEntry = 1062

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
