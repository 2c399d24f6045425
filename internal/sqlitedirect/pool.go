// Package sqlitedirect reads an SQLite database through the SQLite library itself
// (modernc.org/sqlite/lib, the library the services' database/sql driver wraps), without
// database/sql and the driver in between. It is for the few reads that run most often and
// return many rows, where those layers cost more than SQLite's own work.
//
// Measured on the Creature Catalog's list of 1 000 rows (docs/BENCHMARKS.md), the driver
// spent more of a list's CPU around each row than SQLite spent stepping the statement: it
// takes SQLite's per-connection mutex on every column call (its connections are opened
// SQLITE_OPEN_FULLMUTEX), copies every text column into a new Go string, and database/sql
// converts each value again on Scan. Here a connection is only ever used by one goroutine at a
// time (the pool lends it whole), so it is opened SQLITE_OPEN_NOMUTEX, and text columns are
// lent as bytes that stay in SQLite's memory until the next row.
//
// The connections only read: they are opened with PRAGMA query_only, so that a statement
// that would write fails instead. They see every transaction committed before their
// statement starts, as any other connection to the file does; writes stay on database/sql.
package sqlitedirect

import (
	"context"
	"errors"
)

// ErrClosed is returned by Query on a pool that has been closed.
var ErrClosed = errors.New("sqlitedirect: the pool is closed")

// Pool lends up to a fixed number of connections to one database file. Connections are
// opened when first needed and kept until Close. It is safe for concurrent use.
type Pool struct {
	path  string
	slots chan *conn // one entry per connection, nil until it is opened
	size  int
	done  chan struct{}
}

// Open returns a pool of at most size connections to the SQLite database at path, which
// must exist. It opens nothing yet: the first Query does.
func Open(path string, size int) *Pool {
	p := &Pool{path: path, slots: make(chan *conn, size), size: size, done: make(chan struct{})}
	for range size {
		p.slots <- nil
	}
	return p
}

// Query runs query with args on a connection of the pool and calls each for every row, in
// order, until the rows end, each returns an error (which Query returns), or ctx is done
// (SQLite is interrupted and Query returns ctx's error). The query text is prepared once per
// connection and kept, so it should come from a small set of texts the program builds, with
// every value a client gives in args.
//
// args may hold int, int64, string, []byte and nil.
func (p *Pool) Query(ctx context.Context, query string, args []any, each func(Row) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var c *conn
	select {
	case c = <-p.slots:
	case <-p.done:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-p.done: // closed while this call waited: the slot goes back for Close to take
		p.slots <- c
		return ErrClosed
	default:
	}
	if c == nil {
		var err error
		if c, err = openConn(p.path); err != nil {
			p.slots <- nil
			return err
		}
	}
	defer func() { p.slots <- c }()
	return c.query(ctx, query, args, each)
}

// Close waits for the connections lent out to come back, then closes every connection.
// Queries that start after Close begins fail with ErrClosed.
func (p *Pool) Close() error {
	select {
	case <-p.done:
		return nil
	default:
	}
	close(p.done)
	var errs []error
	for range p.size {
		if c := <-p.slots; c != nil {
			errs = append(errs, c.close())
		}
	}
	return errors.Join(errs...)
}
