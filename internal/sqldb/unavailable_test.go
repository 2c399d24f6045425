package sqldb_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestIsUnavailable checks the classification on errors the drivers really return: a MariaDB
// cut off, a SQLite file locked past the busy timeout, and errors that are the request's or
// the code's fault.
func TestIsUnavailable(t *testing.T) {
	t.Run("mysql", func(t *testing.T) {
		db, relay := dbtest.MariaDBBehindRelay(t)
		mustExec(t, db, "CREATE TABLE u (k VARCHAR(10) NOT NULL, UNIQUE (k))")
		mustExec(t, db, "INSERT INTO u (k) VALUES ('a')")
		_, dup := db.Exec("INSERT INTO u (k) VALUES ('a')")
		_, syntax := db.Exec("INSERT INTO nowhere VALUES (1)")
		reads := sqldb.KeyReads(db, func(ctx context.Context, keys []string, found func(string, bool)) error {
			return db.QueryRowContext(ctx, "SELECT k FROM u WHERE k = ?", keys[0]).Scan(new(string))
		})
		reads.Timeout = 200 * time.Millisecond
		gone, cancel := context.WithCancel(t.Context())
		cancel()
		_, _, canceled := reads.Get(gone, "a")
		relay.Stall()
		_, _, stalled := reads.Get(t.Context(), "a")
		relay.Restore()
		relay.Cut()
		_, cut := db.Exec("INSERT INTO u (k) VALUES ('b')")
		ping := db.PingContext(t.Context())
		relay.Restore()
		for _, tc := range []struct {
			name string
			err  error
			want bool
		}{
			{"write while cut off", cut, true},
			{"ping while cut off", ping, true},
			{"batched read past its time limit", stalled, true},
			{"batched read of a request already gone", canceled, false},
			{"duplicate key", dup, false},
			{"missing table", syntax, false},
		} {
			checkUnavailable(t, tc.name, tc.err, tc.want)
		}
	})
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "busy.db")
		db, err := sqldb.Open(t.Context(), sqldb.Source{Dialect: sqldb.SQLite, Path: path})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		mustExec(t, db, "CREATE TABLE u (k TEXT NOT NULL UNIQUE)")
		impatient, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)&_txlock=immediate")
		if err != nil {
			t.Fatal(err)
		}
		defer impatient.Close()
		tx, err := db.BeginTx(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec("INSERT INTO u (k) VALUES ('held')"); err != nil {
			t.Fatal(err)
		}
		_, busy := impatient.Exec("INSERT INTO u (k) VALUES ('b')")
		tx.Rollback()
		_, missing := db.Exec("INSERT INTO nowhere VALUES (1)")
		checkUnavailable(t, "write lock held past the busy timeout", busy, true)
		checkUnavailable(t, "missing table", missing, false)
	})
	checkUnavailable(t, "no error", nil, false)
	checkUnavailable(t, "a problem already", problem.New(problem.NotFound, "gone"), false)
}

func checkUnavailable(t *testing.T, name string, err error, want bool) {
	t.Helper()
	if got := sqldb.IsUnavailable(err); got != want {
		t.Errorf("%s: IsUnavailable(%v) = %v, want %v", name, err, got, want)
	}
	classified := sqldb.Classify(err)
	var pe *problem.Error
	isUnavailable := errors.As(classified, &pe) && pe.Kind == problem.Unavailable
	if isUnavailable != want {
		t.Errorf("%s: Classify(%v) = %v", name, err, classified)
	}
	if want && (pe.RetryAfter != sqldb.RetryAfter || !errors.Is(classified, err)) {
		t.Errorf("%s: Classify gave %+v, which must keep the cause and a Retry-After", name, pe)
	}
}
