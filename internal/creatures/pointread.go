package creatures

import (
	"context"
	"database/sql"
	"strconv"
	"sync"
)

// encoded is one creature's JSON object as a point read answers it, or the error of
// encoding its row (a timestamp that is not one), which fails that read alone.
type encoded struct {
	json []byte
	err  error
}

// readJSON is the point reads' coalesce.Fetch: it reads the rows of ids in one query and
// encodes each. SQLite's reads go through the direct connections (sqlitedirect, which
// prepare every query once): one id by primary key, several as one JSON array (json_each).
// On MySQL one id, the case whenever the server is not busy, takes a prepared statement;
// several are written into the query (they are integers this code formats, never text from
// a client), in one round trip.
func (s *Store) readJSON(ctx context.Context, ids []int64, found func(int64, encoded)) error {
	buf := make([]byte, 0, 256*len(ids)) // every object of the batch in one allocation
	r := rowPool.Get().(*row)
	defer rowPool.Put(r)
	each := func() error {
		start := len(buf)
		var encErr error
		buf, encErr = r.appendJSON(buf)
		found(r.id, encoded{json: buf[start:len(buf):len(buf)], err: encErr})
		return nil
	}
	if direct := s.db.Direct(); direct != nil {
		if len(ids) == 1 {
			return eachDirectRow(ctx, direct, s.pointQuery, []any{ids[0]}, r, each)
		}
		return eachDirectRow(ctx, direct, s.pointsQuery, []any{string(appendIDs(make([]byte, 0, 8*len(ids)), '[', ids, ']'))}, r, each)
	}
	rows, err := s.queryMySQLPoints(ctx, ids)
	if err != nil {
		return err
	}
	return eachRow(rows, r, each)
}

func (s *Store) queryMySQLPoints(ctx context.Context, ids []int64) (*sql.Rows, error) {
	if len(ids) == 1 {
		stmt, err := s.db.Prepared(ctx, s.pointQuery)
		if err != nil {
			return nil, err
		}
		return stmt.QueryContext(ctx, ids[0])
	}
	q := make([]byte, 0, len(s.listCols)+len(s.table)+40+8*len(ids))
	q = append(q, "SELECT "+s.listCols+" FROM "+s.table+" WHERE id IN "...)
	return s.db.QueryContext(ctx, string(appendIDs(q, '(', ids, ')')))
}

// rowPool keeps rows for point reads, so that their column buffers are not made anew for
// every read.
var rowPool = sync.Pool{New: func() any { return new(row) }}

// appendIDs appends ids between open and close, separated by commas.
func appendIDs(b []byte, open byte, ids []int64, close byte) []byte {
	b = append(b, open)
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return append(b, close)
}
