package live_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
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
