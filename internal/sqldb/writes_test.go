package sqldb_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestTransact_WritesTakeTurns has four writers write without pause on SQLite, each write
// holding the write lock a few milliseconds as a write of a large tournament does, while
// ten more writes come one after the other. Each of those must commit after at most the
// writes already under way or waiting when it came: one per writer, and a few more for the
// moment between counting them and asking for the lock. Without a queue, a write that
// finds the lock taken sleeps and retries, and the writers, asking again the moment they
// finish, take the lock from it hundreds of times over, until its busy timeout.
func TestTransact_WritesTakeTurns(t *testing.T) {
	db := dbtest.SQLite(t)
	mustExec(t, db, "CREATE TABLE w (id INTEGER PRIMARY KEY, by_writer INTEGER NOT NULL)")
	ctx := t.Context()
	var commits atomic.Int64 // writes that got the lock
	write := func(writer int) error {
		return db.Transact(ctx, func(tx *sql.Tx) error {
			commits.Add(1)
			time.Sleep(2 * time.Millisecond)
			_, err := tx.ExecContext(ctx, "INSERT INTO w (by_writer) VALUES (?)", writer)
			return err
		})
	}
	const writers = 4
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for k := range writers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := write(k + 1); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	defer wg.Wait()
	defer close(stop)
	for i := range 10 {
		before := commits.Load()
		var ahead int64
		err := db.Transact(ctx, func(tx *sql.Tx) error {
			ahead = commits.Load() - before
			_, err := tx.ExecContext(ctx, "INSERT INTO w (by_writer) VALUES (0)")
			return err
		})
		if err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		if ahead > 2*writers {
			t.Errorf("write %d got the lock after %d others that came after it or with it, want %d at most", i, ahead, 2*writers)
		}
	}
}

// TestTransact_WriteWait holds SQLite's write lock in one transaction and checks that other
// writes wait for it no longer than the bound: Transact and ExecContext then fail with
// ErrWriteWait, which is a 503, or with the context's error when it ends first. Once the
// lock is free, writes go through again.
func TestTransact_WriteWait(t *testing.T) {
	db := dbtest.SQLite(t)
	db.SetWriteWait(50 * time.Millisecond)
	mustExec(t, db, "CREATE TABLE w (id INTEGER PRIMARY KEY)")
	ctx := t.Context()
	holding, release := make(chan struct{}), make(chan struct{})
	held := make(chan error)
	go func() {
		held <- db.Transact(ctx, func(tx *sql.Tx) error {
			close(holding)
			<-release
			_, err := tx.ExecContext(ctx, "INSERT INTO w (id) VALUES (1)")
			return err
		})
	}()
	<-holding
	insert := func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO w (id) VALUES (2)")
		return err
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	tests := []struct {
		name string
		try  func() error
		want error
	}{
		{"Transact", func() error { return db.Transact(ctx, insert) }, sqldb.ErrWriteWait},
		{"ExecContext", func() error { _, err := db.ExecContext(ctx, "INSERT INTO w (id) VALUES (3)"); return err }, sqldb.ErrWriteWait},
		{"Transact, context ended", func() error { return db.Transact(canceled, insert) }, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.try()
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if tc.want == sqldb.ErrWriteWait {
				if !sqldb.IsUnavailable(err) || problem.KindOf(sqldb.Classify(err)) != problem.Unavailable {
					t.Errorf("%v is not a 503", err)
				}
			}
		})
	}
	close(release)
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if err := db.Transact(ctx, insert); err != nil {
		t.Fatalf("a write after the lock was freed: %v", err)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM w").Scan(&n); err != nil || n != 2 {
		t.Errorf("%d rows (%v), want 2", n, err)
	}
}
