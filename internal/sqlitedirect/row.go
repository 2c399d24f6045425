package sqlitedirect

import (
	"fmt"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// Row is the current row of a Query, valid only during the call to its each function.
type Row struct {
	c    *conn
	stmt uintptr
}

// Int64 returns column i (from 0), which must hold an integer: as with database/sql's Scan
// into an int64, NULL and other values are an error.
func (r Row) Int64(i int) (int64, error) {
	if t := sqlite3.Xsqlite3_column_type(r.c.tls, r.stmt, int32(i)); t != sqlite3.SQLITE_INTEGER {
		return 0, fmt.Errorf("sqlitedirect: column %d holds %s, not an integer", i, typeName(t))
	}
	return sqlite3.Xsqlite3_column_int64(r.c.tls, r.stmt, int32(i)), nil
}

// Text returns the bytes of column i (from 0), which must hold text or a blob, or null when
// it is NULL; as with database/sql's Scan into text, numbers are an error. The bytes are
// SQLite's own, not a copy: they are valid until each returns, and must not be changed.
func (r Row) Text(i int) (text []byte, null bool, err error) {
	switch t := sqlite3.Xsqlite3_column_type(r.c.tls, r.stmt, int32(i)); t {
	case sqlite3.SQLITE_NULL:
		return nil, true, nil
	case sqlite3.SQLITE_TEXT, sqlite3.SQLITE_BLOB:
		var p uintptr
		if t == sqlite3.SQLITE_TEXT {
			p = sqlite3.Xsqlite3_column_text(r.c.tls, r.stmt, int32(i)) // UTF-8 whatever the file's encoding
		} else {
			p = sqlite3.Xsqlite3_column_blob(r.c.tls, r.stmt, int32(i))
		}
		n := int(sqlite3.Xsqlite3_column_bytes(r.c.tls, r.stmt, int32(i)))
		if n == 0 || p == 0 {
			return []byte{}, false, nil
		}
		return libc.GoBytes(p, n), false, nil
	default:
		return nil, false, fmt.Errorf("sqlitedirect: column %d holds %s, not text", i, typeName(t))
	}
}

func typeName(t int32) string {
	switch t {
	case sqlite3.SQLITE_INTEGER:
		return "an integer"
	case sqlite3.SQLITE_FLOAT:
		return "a real number"
	case sqlite3.SQLITE_TEXT:
		return "text"
	case sqlite3.SQLITE_BLOB:
		return "a blob"
	default:
		return "NULL"
	}
}
