package sqlitedirect_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
	"campus.example/apps/internal/sqlitedirect"
)

// newDatabase returns a database file made through database/sql (sqldb, as the services open
// it: WAL, full sync) holding table t with the given rows, and that pool for writes.
func newDatabase(t *testing.T, rows ...string) (string, *sqldb.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "direct.db")
	db, err := sqldb.Open(context.Background(), sqldb.Source{Dialect: sqldb.SQLite, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n, note TEXT)`); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if _, err := db.Exec("INSERT INTO t VALUES " + r); err != nil {
			t.Fatal(err)
		}
	}
	return path, db
}

// openPool returns a pool of size connections to path, closed when the test ends.
func openPool(t *testing.T, path string, size int) *sqlitedirect.Pool {
	t.Helper()
	p := sqlitedirect.Open(path, size)
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Error(err)
		}
	})
	return p
}

// cell is one column of a row as Query gave it.
type cell struct {
	text string
	null bool
	err  bool
}

func readText(t *testing.T, p *sqlitedirect.Pool, query string, args ...any) [][]cell {
	t.Helper()
	var out [][]cell
	err := p.Query(context.Background(), query, args, func(r sqlitedirect.Row) error {
		var row []cell
		for i := range 3 {
			b, null, err := r.Text(i)
			row = append(row, cell{text: string(b), null: null, err: err != nil})
		}
		out = append(out, row)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}

func TestRow_TextAndIntegersAsDatabaseSQLScansThem(t *testing.T) {
	path, _ := newDatabase(t,
		`(1, 'plain', 7, NULL)`,
		`(2, '', -9223372036854775808, 'empty name')`,
		`(3, 'Grüße, 日本, "quotes" and \ and emoji 🐉', 9223372036854775807, NULL)`,
		`(4, NULL, X'00FF', 'a blob in n')`,
		`(5, 'real', 2.5, 'a real number in n')`,
		`(6, 'text', 'seven', 'text in n')`,
	)
	p := openPool(t, path, 2)
	tests := []struct {
		id      int64
		name    cell
		n       int64
		nErr    bool // n is not an integer
		nText   cell
		comment string
	}{
		{1, cell{text: "plain"}, 7, false, cell{err: true}, "an integer is not text"},
		{2, cell{text: ""}, -9223372036854775808, false, cell{err: true}, "empty text is not NULL"},
		{3, cell{text: `Grüße, 日本, "quotes" and \ and emoji 🐉`}, 9223372036854775807, false, cell{err: true}, "UTF-8 as stored"},
		{4, cell{null: true}, 0, true, cell{text: "\x00\xff"}, "a blob reads as its bytes"},
		{5, cell{text: "real"}, 0, true, cell{err: true}, "a real number is neither"},
		{6, cell{text: "text"}, 0, true, cell{text: "seven"}, "text is not an integer"},
	}
	for _, tt := range tests {
		t.Run(tt.comment, func(t *testing.T) {
			rows := readText(t, p, "SELECT name, n, note FROM t WHERE id = ?", tt.id)
			if len(rows) != 1 {
				t.Fatalf("got %d rows, want 1", len(rows))
			}
			if rows[0][0] != tt.name || rows[0][1] != tt.nText {
				t.Errorf("name, n as text = %+v, %+v; want %+v, %+v", rows[0][0], rows[0][1], tt.name, tt.nText)
			}
			var n int64
			var nErr error
			err := p.Query(context.Background(), "SELECT n FROM t WHERE id = ?", []any{tt.id}, func(r sqlitedirect.Row) error {
				n, nErr = r.Int64(0)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if (nErr != nil) != tt.nErr || n != tt.n {
				t.Errorf("Int64 = %d, %v; want %d, error %v", n, nErr, tt.n, tt.nErr)
			}
		})
	}
}

func TestQuery_BindsEveryKindOfArgument(t *testing.T) {
	path, _ := newDatabase(t, `(1, 'one', 1, NULL)`, `(300, 'three hundred', 300, 'x')`)
	p := openPool(t, path, 1)
	tests := []struct {
		query string
		args  []any
		want  int // rows
	}{
		{"SELECT name, n, note FROM t WHERE id = ?", []any{1}, 1},
		{"SELECT name, n, note FROM t WHERE id = ?", []any{int64(300)}, 1},
		{"SELECT name, n, note FROM t WHERE name = ?", []any{"three hundred"}, 1},
		{"SELECT name, n, note FROM t WHERE name = ?", []any{[]byte("one")}, 1},
		{"SELECT name, n, note FROM t WHERE note IS ?", []any{nil}, 1},
		{"SELECT name, n, note FROM t WHERE id IN (SELECT value FROM json_each(?))", []any{"[1,300,5]"}, 2},
		{"SELECT name, n, note FROM t WHERE id > ? AND id < ?", []any{0, 1000}, 2},
		{"SELECT name, n, note FROM t WHERE name = ?", []any{"no such"}, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.args...), func(t *testing.T) {
			// Twice: the second run takes the kept statement, whose bindings must not linger.
			for range 2 {
				if got := len(readText(t, p, tt.query, tt.args...)); got != tt.want {
					t.Errorf("%s %v: %d rows, want %d", tt.query, tt.args, got, tt.want)
				}
			}
		})
	}
	err := p.Query(context.Background(), "SELECT 1 WHERE ? = 1", []any{1.5}, func(sqlitedirect.Row) error { return nil })
	if err == nil {
		t.Error("a float64 argument was accepted")
	}
}

func TestQuery_SeesEveryCommittedWrite(t *testing.T) {
	path, db := newDatabase(t, `(1, 'v0', 0, NULL)`)
	p := openPool(t, path, 2)
	for i := 1; i <= 50; i++ {
		want := fmt.Sprintf("v%d", i)
		if _, err := db.Exec("UPDATE t SET name = ? WHERE id = 1", want); err != nil {
			t.Fatal(err)
		}
		if got := readText(t, p, "SELECT name, n, note FROM t WHERE id = 1")[0][0].text; got != want {
			t.Fatalf("read %q after the update to %q was committed", got, want)
		}
	}
}

func TestQuery_NeverWrites(t *testing.T) {
	path, db := newDatabase(t, `(1, 'kept', 0, NULL)`)
	p := openPool(t, path, 1)
	err := p.Query(context.Background(), "DELETE FROM t", nil, func(sqlitedirect.Row) error { return nil })
	var se *sqlitedirect.Error
	if !errors.As(err, &se) {
		t.Fatalf("DELETE through the pool: %v, want an *sqlitedirect.Error", err)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 1 {
		t.Fatalf("rows after the refused DELETE: %d, %v", n, err)
	}
}

func TestQuery_ErrorsAndTheirAftermath(t *testing.T) {
	path, _ := newDatabase(t, `(1, 'a', 1, NULL)`, `(2, 'b', 2, NULL)`)
	p := openPool(t, path, 1) // one connection: every case runs on the one before's
	stop := errors.New("stop here")
	tests := []struct {
		name  string
		query string
		each  func(sqlitedirect.Row) error
		want  func(error) bool
	}{
		{"each's error is returned as it is", "SELECT name FROM t ORDER BY id", func(sqlitedirect.Row) error { return stop },
			func(err error) bool { return err == stop }},
		{"not SQL", "SELEKT 1", nil, func(err error) bool {
			var se *sqlitedirect.Error
			return errors.As(err, &se) && se.Code() == 1 // SQLITE_ERROR
		}},
		{"no such table", "SELECT * FROM missing", nil, func(err error) bool { return err != nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			each := tt.each
			if each == nil {
				each = func(sqlitedirect.Row) error { return nil }
			}
			if err := p.Query(context.Background(), tt.query, nil, each); !tt.want(err) {
				t.Fatalf("Query: %v", err)
			}
			// The connection is as good as before: a statement left half-read would hold its
			// read transaction, and the next query would see its snapshot.
			if rows := readText(t, p, "SELECT name, n, note FROM t ORDER BY id"); len(rows) != 2 {
				t.Fatalf("after: %d rows, want 2", len(rows))
			}
		})
	}
}

func TestQuery_ContextEndsALongStatement(t *testing.T) {
	path, _ := newDatabase(t)
	p := openPool(t, path, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	// Counts to a billion inside SQLite: one step that runs for minutes unless interrupted.
	err := p.Query(ctx, "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) SELECT count(*) FROM c", nil,
		func(sqlitedirect.Row) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Query: %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the interrupted statement returned after %v", d)
	}
	if got := readText(t, p, "SELECT 'after', 1, NULL"); len(got) != 1 || got[0][0].text != "after" {
		t.Fatalf("the next query on the interrupted connection: %+v", got)
	}
	done, cancelDone := context.WithCancel(context.Background())
	cancelDone()
	if err := p.Query(done, "SELECT 1", nil, func(sqlitedirect.Row) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("a query with a context already done: %v", err)
	}
}

func TestPool_OpensLaterWhenTheFileAppears(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "later.db")
	p := openPool(t, path, 1)
	if err := p.Query(context.Background(), "SELECT 1", nil, func(sqlitedirect.Row) error { return nil }); err == nil {
		t.Fatal("a pool over a missing file opened it (it must not create files)")
	}
	db, err := sqldb.Open(context.Background(), sqldb.Source{Dialect: sqldb.SQLite, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := readText(t, p, "SELECT 'now', 1, NULL"); len(got) != 1 {
		t.Fatalf("after the file was made: %+v", got)
	}
}

func TestPool_ConcurrentQueriesAndClose(t *testing.T) {
	path, db := newDatabase(t, `(1, 'a', 1, NULL)`, `(2, 'b', 2, NULL)`, `(3, 'c', 3, NULL)`)
	p := sqlitedirect.Open(path, 3)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				var sum int64
				err := p.Query(context.Background(), "SELECT n FROM t WHERE id <= ?", []any{g%3 + 1}, func(r sqlitedirect.Row) error {
					n, err := r.Int64(0)
					sum += n
					return err
				})
				if want := []int64{1, 3, 6}[g%3]; err == nil && sum != want {
					err = fmt.Errorf("goroutine %d, query %d: sum %d, want %d", g, i, sum, want)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	// Close waits for a connection that is lent out, and later queries fail.
	lent, release := make(chan struct{}), make(chan struct{})
	go p.Query(context.Background(), "SELECT n FROM t WHERE id = 1", nil, func(sqlitedirect.Row) error {
		close(lent)
		<-release
		return nil
	})
	<-lent
	closed := make(chan error)
	go func() { closed <- p.Close() }()
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while a connection was lent out", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if err := p.Query(context.Background(), "SELECT 1", nil, func(sqlitedirect.Row) error { return nil }); !errors.Is(err, sqlitedirect.ErrClosed) {
		t.Errorf("Query after Close: %v", err)
	}
	if err := p.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	// The pool's connections are gone: the file's own pool can still write.
	if _, err := db.Exec("DELETE FROM t"); err != nil {
		t.Fatal(err)
	}
}
