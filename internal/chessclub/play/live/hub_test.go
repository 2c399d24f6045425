package live_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/live"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
)

// TestHubFanOutAndSlowStreams writes events straight into the database, as another replica
// would, and checks that one poller delivers them in order to every follower; that a
// follower that does not read is cut off after its buffer of 64, rather than holding more;
// and that the poller stops with the last follower.
func TestHubFanOutAndSlowStreams(t *testing.T) {
	db := dbtest.SQLite(t)
	if err := chessclub.NewStore(db).Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	revision := func(ctx context.Context, id int64) (int64, error) {
		var rev int64
		err := db.QueryRowContext(ctx, "SELECT revision FROM tournaments WHERE id = ?", id).Scan(&rev)
		return rev, err
	}
	svc := live.New(db, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), live.Config{EventPoll: 10 * time.Millisecond}, revision)
	dbtest.Exec(t, db, "INSERT INTO tournaments (id, name, start_date, end_date, format, created_at) VALUES (1, 'Hub', '2026-01-01', '2026-01-01', 'swiss', '2026-01-01 00:00:00')")
	reader, stopReader := svc.Subscribe(1)
	slow, stopSlow := svc.Subscribe(1)
	if n := svc.Followed(); n != 1 {
		t.Fatalf("%d tournaments polled, want 1", n)
	}
	const n = 100
	got := make(chan []int64)
	go func() {
		var seqs []int64
		for e := range reader {
			seqs = append(seqs, e.Seq)
			if len(seqs) == n {
				break
			}
		}
		got <- seqs
	}()
	for i := int64(1); i <= n; i++ {
		dbtest.Exec(t, db, "INSERT INTO tournament_events (tournament_id, seq, type, data, created_at) VALUES (1, ?, 'tournament_changed', '{}', '2026-01-01 00:00:00')", i)
		dbtest.Exec(t, db, "UPDATE tournaments SET revision = ? WHERE id = 1", i)
	}
	select {
	case seqs := <-got:
		for i, s := range seqs {
			if s != int64(i+1) {
				t.Fatalf("event %d has seq %d", i, s)
			}
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the reader did not get 100 events")
	}
	kept := 0
	for range slow {
		kept++
	}
	if kept != 64 {
		t.Errorf("the slow follower kept %d events before it was cut off, want 64", kept)
	}
	stopSlow()
	stopReader()
	if n := svc.Followed(); n != 0 {
		t.Errorf("%d tournaments still polled after the last follower left", n)
	}
}

// TestHubTournamentGone deletes a followed tournament straight in the database, as another
// replica would: its poller ends its followers' mailboxes, marked deleted, and stops, while
// another tournament is still followed.
func TestHubTournamentGone(t *testing.T) {
	db := dbtest.SQLite(t)
	if err := chessclub.NewStore(db).Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	svc := live.New(db, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), live.Config{EventPoll: 10 * time.Millisecond}, func(ctx context.Context, id int64) (int64, error) {
		var rev int64
		err := db.QueryRowContext(ctx, "SELECT revision FROM tournaments WHERE id = ?", id).Scan(&rev)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, problem.New(problem.NotFound, "no tournament %d", id)
		}
		return rev, err
	})
	for id := 1; id <= 2; id++ {
		dbtest.Exec(t, db, "INSERT INTO tournaments (id, name, start_date, end_date, format, created_at) VALUES (?, 'Hub', '2026-01-01', '2026-01-01', 'swiss', '2026-01-01 00:00:00')", id)
	}
	events, deleted, stop := svc.Follow(1)
	t.Cleanup(stop)
	kept, _, stopKept := svc.Follow(2)
	t.Cleanup(stopKept)
	dbtest.Exec(t, db, "DELETE FROM tournaments WHERE id = 1")
	select {
	case e, ok := <-events:
		if ok {
			t.Fatalf("an event %+v", e)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the mailbox stayed open")
	}
	if !deleted() {
		t.Error("the mailbox closed without saying the tournament is gone")
	}
	if n := svc.Followed(); n != 1 {
		t.Errorf("%d tournaments polled, want 1", n)
	}
	select {
	case e, ok := <-kept:
		t.Errorf("the tournament that stays: %+v, open %v", e, ok)
	default:
	}
}

// TestHubStartAfterFailedRead: when the poller cannot read where the tournament stands as
// its first follower comes (the database did not answer), it asks again at the next tick
// instead of delivering the tournament's whole history from 0, which would cut every follower
// off after 64 events.
func TestHubStartAfterFailedRead(t *testing.T) {
	db := dbtest.SQLite(t)
	if err := chessclub.NewStore(db).Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	var reads atomic.Int64
	revision := func(ctx context.Context, id int64) (int64, error) {
		if reads.Add(1) == 1 {
			return 0, errors.New("the database did not answer")
		}
		var rev int64
		err := db.QueryRowContext(ctx, "SELECT revision FROM tournaments WHERE id = ?", id).Scan(&rev)
		return rev, err
	}
	svc := live.New(db, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), live.Config{EventPoll: 10 * time.Millisecond}, revision)
	dbtest.Exec(t, db, "INSERT INTO tournaments (id, name, start_date, end_date, format, created_at) VALUES (1, 'Hub', '2026-01-01', '2026-01-01', 'swiss', '2026-01-01 00:00:00')")
	// More than one poll's batch, so that the history would reach the follower even if it
	// subscribed after the poller's first read.
	const past = 300
	dbtest.Exec(t, db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "+
		"INSERT INTO tournament_events (tournament_id, seq, type, data, created_at) SELECT 1, i, 'tournament_changed', '{}', '2026-01-01 00:00:00' FROM n", past)
	dbtest.Exec(t, db, "UPDATE tournaments SET revision = ? WHERE id = 1", past)
	events, stop := svc.Subscribe(1)
	defer stop()
	// Once the database has answered the poller, a new event, written as another replica
	// would: the poller starts after the revision it read, and delivers this one first.
	for deadline := time.Now().Add(5 * time.Second); reads.Load() < 2; {
		if time.Now().After(deadline) {
			t.Fatal("the poller did not ask again within 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	dbtest.Exec(t, db, "INSERT INTO tournament_events (tournament_id, seq, type, data, created_at) VALUES (1, ?, 'tournament_changed', '{}', '2026-01-01 00:00:00')", past+1)
	dbtest.Exec(t, db, "UPDATE tournaments SET revision = ? WHERE id = 1", past+1)
	select {
	case e, ok := <-events:
		if !ok || e.Seq != past+1 {
			t.Errorf("the first event delivered: %+v (open %v), want number %d", e, ok, past+1)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
}
