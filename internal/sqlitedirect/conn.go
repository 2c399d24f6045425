package sqlitedirect

import (
	"context"
	"encoding/binary"
	"fmt"
	"strconv"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// busyTimeout is how long a statement waits for a lock before it fails with SQLITE_BUSY, as
// on the services' database/sql connections (sqldb's busy_timeout). In WAL mode a reader
// waits only in rare moments (another connection recovering the log, say).
const busyTimeout = 10_000 // milliseconds

// conn is one SQLite connection and the statements prepared on it. It is used by one
// goroutine at a time, which is what lets it be opened SQLITE_OPEN_NOMUTEX: SQLite then
// takes no mutex of its own on every call.
type conn struct {
	tls   *libc.TLS // the C stack and errno of every call on this connection
	db    uintptr   // sqlite3*
	stmts map[string]uintptr
}

func openConn(path string) (*conn, error) {
	c := &conn{tls: libc.NewTLS(), stmts: map[string]uintptr{}}
	name, err := libc.CString(path)
	if err != nil {
		c.tls.Close()
		return nil, err
	}
	defer libc.Xfree(c.tls, name)
	out := c.tls.Alloc(ptrSize)
	defer c.tls.Free(ptrSize)
	rc := sqlite3.Xsqlite3_open_v2(c.tls, name, out,
		sqlite3.SQLITE_OPEN_READWRITE|sqlite3.SQLITE_OPEN_NOMUTEX, 0)
	c.db = loadPtr(out)
	if rc != sqlite3.SQLITE_OK {
		err := c.errorf(rc, "open %s", path)
		c.close()
		return nil, err
	}
	sqlite3.Xsqlite3_extended_result_codes(c.tls, c.db, 1)
	sqlite3.Xsqlite3_busy_timeout(c.tls, c.db, busyTimeout)
	if err := c.query(context.Background(), "PRAGMA query_only = 1", nil, func(Row) error { return nil }); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// query runs query (prepared on first use and kept) and calls each for every row.
func (c *conn) query(ctx context.Context, query string, args []any, each func(Row) error) (err error) {
	stmt, err := c.prepared(query)
	if err != nil {
		return err
	}
	defer func() {
		// reset ends the statement's read transaction; clearing the bindings frees the copies
		// of text arguments.
		sqlite3.Xsqlite3_reset(c.tls, stmt)
		sqlite3.Xsqlite3_clear_bindings(c.tls, stmt)
	}()
	for i, a := range args {
		if err := c.bind(stmt, int32(i+1), a); err != nil {
			return err
		}
	}
	if ctx.Done() != nil {
		// A context that can end interrupts the statement where it is, as database/sql's
		// driver does. The interrupt runs on its own TLS (a TLS is not for two goroutines at
		// once) and is over before the connection goes back to the pool: an interrupt that
		// lands between two statements is a no-op in SQLite.
		db, fired := c.db, make(chan struct{})
		stop := context.AfterFunc(ctx, func() {
			tls := libc.NewTLS()
			sqlite3.Xsqlite3_interrupt(tls, db)
			tls.Close()
			close(fired)
		})
		defer func() {
			if !stop() {
				<-fired
				if err == nil {
					err = ctx.Err()
				}
			}
		}()
	}
	row := Row{c: c, stmt: stmt}
	for {
		switch rc := sqlite3.Xsqlite3_step(c.tls, stmt); rc {
		case sqlite3.SQLITE_ROW:
			if err := each(row); err != nil {
				return err
			}
		case sqlite3.SQLITE_DONE:
			return nil
		default:
			if rc&0xff == sqlite3.SQLITE_INTERRUPT && ctx.Err() != nil {
				return ctx.Err()
			}
			return c.errorf(rc, "%s", query)
		}
	}
}

func (c *conn) prepared(query string) (uintptr, error) {
	if stmt, ok := c.stmts[query]; ok {
		return stmt, nil
	}
	text, err := libc.CString(query)
	if err != nil {
		return 0, err
	}
	defer libc.Xfree(c.tls, text)
	out := c.tls.Alloc(ptrSize)
	defer c.tls.Free(ptrSize)
	rc := sqlite3.Xsqlite3_prepare_v3(c.tls, c.db, text, -1, sqlite3.SQLITE_PREPARE_PERSISTENT, out, 0)
	if rc != sqlite3.SQLITE_OK {
		return 0, c.errorf(rc, "prepare %s", query)
	}
	stmt := loadPtr(out)
	c.stmts[query] = stmt
	return stmt, nil
}

func (c *conn) bind(stmt uintptr, i int32, arg any) error {
	var rc int32
	switch v := arg.(type) {
	case nil:
		rc = sqlite3.Xsqlite3_bind_null(c.tls, stmt, i)
	case int:
		rc = sqlite3.Xsqlite3_bind_int64(c.tls, stmt, i, int64(v))
	case int64:
		rc = sqlite3.Xsqlite3_bind_int64(c.tls, stmt, i, v)
	case string:
		rc = c.bindText(stmt, i, v)
	case []byte:
		rc = c.bindText(stmt, i, string(v))
	default:
		return fmt.Errorf("sqlitedirect: argument %d is a %T, which Query does not bind", i, arg)
	}
	if rc != sqlite3.SQLITE_OK {
		return c.errorf(rc, "bind argument %d", i)
	}
	return nil
}

// bindText binds s as text; SQLite keeps its own copy (SQLITE_TRANSIENT).
func (c *conn) bindText(stmt uintptr, i int32, s string) int32 {
	p, err := libc.CString(s)
	if err != nil {
		return sqlite3.SQLITE_NOMEM
	}
	defer libc.Xfree(c.tls, p)
	return sqlite3.Xsqlite3_bind_text(c.tls, stmt, i, p, int32(len(s)), sqlite3.SQLITE_TRANSIENT)
}

func (c *conn) close() error {
	for q, stmt := range c.stmts {
		sqlite3.Xsqlite3_finalize(c.tls, stmt)
		delete(c.stmts, q)
	}
	var err error
	if c.db != 0 {
		if rc := sqlite3.Xsqlite3_close_v2(c.tls, c.db); rc != sqlite3.SQLITE_OK {
			err = c.errorf(rc, "close")
		}
		c.db = 0
	}
	c.tls.Close()
	return err
}

// Error is an SQLite result code other than success, with SQLite's message.
type Error struct {
	code int
	msg  string
}

// Code is SQLite's extended result code; its low byte is the primary one (SQLITE_BUSY, ...).
func (e *Error) Code() int { return e.code }

func (e *Error) Error() string { return e.msg }

func (c *conn) errorf(rc int32, format string, args ...any) error {
	msg := libc.GoString(sqlite3.Xsqlite3_errstr(c.tls, rc))
	if c.db != 0 {
		msg = libc.GoString(sqlite3.Xsqlite3_errmsg(c.tls, c.db))
	}
	return &Error{code: int(rc), msg: "sqlite: " + fmt.Sprintf(format, args...) + ": " + msg + " (" + strconv.Itoa(int(rc)) + ")"}
}

// ptrSize is the size of a C pointer, which SQLite writes where open and prepare are told to.
const ptrSize = int(unsafe.Sizeof(uintptr(0)))

// loadPtr reads the C pointer SQLite wrote at p (memory of the TLS, outside Go's heap).
func loadPtr(p uintptr) uintptr {
	b := libc.GoBytes(p, ptrSize)
	if ptrSize == 4 {
		return uintptr(binary.NativeEndian.Uint32(b))
	}
	return uintptr(binary.NativeEndian.Uint64(b))
}
