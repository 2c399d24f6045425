package play_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// roundEvent is the data of round_pairing and round_paired.
type roundEvent struct {
	Type  string `json:"type"`
	Round int    `json:"round"`
}

// nextRoundEvent reads the stream's next event, which must be of type typ for round.
func nextRoundEvent(t *testing.T, live *sseClient, typ string, round int) {
	t.Helper()
	ev := live.next(30 * time.Second)
	var got roundEvent
	if err := json.Unmarshal([]byte(ev.Data), &got); err != nil {
		t.Fatalf("event %+v: %v", ev, err)
	}
	if ev.Type != typ || got != (roundEvent{Type: typ, Round: round}) {
		t.Fatalf("live event %s %s, want %s of round %d", ev.Type, ev.Data, typ, round)
	}
}

// TestPairingNoticeLargeField pairs round 2 of an imported 1 000-player Swiss, on each
// database, while following its live stream: the stream says round_pairing as soon as the
// pairing starts, before the round is computed; a second request to pair meanwhile waits and
// gets 409 with the tournament's state (round 2 paired); the round is stored at the first
// attempt, the notice notwithstanding, and round_paired follows.
func TestPairingNoticeLargeField(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		tr := c.importFile(bigSwissTRF(t, 1000, 9, true, 5))
		srv := httptest.NewServer(c.Handler)
		t.Cleanup(srv.Close)
		live := follow(t, srv.URL, tr.ID, "")

		held := holdPairing(t, c, tr.ID, nil)
		held.waitHeld(t)
		nextRoundEvent(t, live, "round_pairing", 2)

		second := make(chan *httptest.ResponseRecorder)
		go func() {
			second <- c.Serve(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"})
		}()
		if rec := held.answer(); rec.Code != http.StatusCreated {
			t.Fatalf("pairing: %d %s", rec.Code, rec.Body)
		}
		if n := held.attempts.Load(); n != 1 {
			t.Errorf("the round was paired in %d attempts, want 1", n)
		}
		rec := <-second
		var conflict struct {
			Current tournament.Current `json:"current"`
		}
		if rec.Code != http.StatusConflict {
			t.Fatalf("second pairing: %d %s, want 409", rec.Code, rec.Body)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &conflict); err != nil {
			t.Fatal(err)
		}
		diffValues(t, "409's current", conflict.Current, tournament.Current{State: tournament.StateRunning, CurrentRound: 2})
		nextRoundEvent(t, live, "round_paired", 2)
	})
}

// TestPairingNoticeAfterAWhile pairs round 1 of a small Swiss whose pairing is held past the
// notice's delay (shortened to 20 ms), on each database: round_pairing comes while the
// pairing runs, then round_paired, and the round is stored at the first attempt. Round 2,
// paired at once, sends round_paired alone.
func TestPairingNoticeAfterAWhile(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6, func(cfg *chessclub.Config) { cfg.Play.PairingNoticeAfter = 20 * time.Millisecond })
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 6)
		c.start(tr.ID)
		srv := httptest.NewServer(c.Handler)
		t.Cleanup(srv.Close)
		live := follow(t, srv.URL, tr.ID, "")

		held := holdPairing(t, c, tr.ID, nil)
		held.waitHeld(t)
		nextRoundEvent(t, live, "round_pairing", 1)
		var r1 tournament.Round
		rec := held.answer()
		if rec.Code != http.StatusCreated {
			t.Fatalf("pairing: %d %s", rec.Code, rec.Body)
		}
		if n := held.attempts.Load(); n != 1 {
			t.Errorf("the round was paired in %d attempts, want 1", n)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &r1); err != nil {
			t.Fatal(err)
		}
		nextRoundEvent(t, live, "round_paired", 1)

		for _, b := range r1.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
			nextRoundEvent(t, live, "result_set", 1)
		}
		c.pair(tr.ID)
		nextRoundEvent(t, live, "round_paired", 2)
	})
}
