package play_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestPairingSlots holds the pairing of round 1 of one tournament, by its organiser, and
// meanwhile asks for round 1 of another, with the server's pairings at once
// (Config.PairingsAtOnce) set to slots, on each database. With a slot for each, the second,
// asked by an admin, is paired while the first is held. With one slot, the second waits for it
// without computing anything, its live stream saying round_pairing meanwhile (the notice,
// after its 20 ms, tells followers the round is on its way); it is paired at the first attempt
// once the first pairing ends, or, when its client gives up while it waits, ends without a
// round and leaves the slot free for the next. A member holds one slot at a time: the
// organiser's own second pairing waits though a slot is free. The check of a paired round (GET
// …/rounds/1/check), which pairs it again, takes a slot too, the public's one.
func TestPairingSlots(t *testing.T) {
	tests := []struct {
		name   string
		slots  int
		as     string // who asks for the second request
		check  bool   // the second request checks round 1 of the other tournament instead
		wait   bool   // the second request must wait for a slot
		cancel bool   // its client gives up while it waits
	}{
		{"a slot each", 2, "root", false, false, false},
		{"one slot: the second waits", 1, "root", false, true, false},
		{"one slot: the second gives up", 1, "root", false, true, true},
		{"a slot free: the same member waits", 2, "org", false, true, false},
		{"a slot each: a check", 2, "", true, false, false},
		{"one slot: a check waits", 1, "", true, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
				c := newClub(t, d, 6, func(cfg *chessclub.Config) {
					cfg.Play.PairingsAtOnce = tc.slots
					cfg.Play.PairingNoticeAfter = 20 * time.Millisecond
				})
				first, second := c.create(map[string]any{"rounds": 3}), c.create(map[string]any{"rounds": 3})
				for _, tr := range []tournament.Tournament{first, second} {
					c.enterAll(tr.ID, 6)
					c.start(tr.ID)
				}
				method, path, status := "POST", tpath(second.ID, "/rounds"), http.StatusCreated
				if tc.check {
					c.pair(second.ID)
					method, path, status = "GET", tpath(second.ID, "/rounds/1/check"), http.StatusOK
				}
				srv := httptest.NewServer(c.Handler)
				t.Cleanup(srv.Close)
				live := follow(t, srv.URL, second.ID, "")

				held := holdPairing(t, c, first.ID, nil)
				held.waitHeld(t)

				waiting, computing := make(chan struct{}), make(chan struct{})
				var waitOnce, computeOnce sync.Once
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				ctx = play.WithPairingSlotHook(ctx, func() { waitOnce.Do(func() { close(waiting) }) })
				ctx = play.WithPairingHook(ctx, func(int) { computeOnce.Do(func() { close(computing) }) })
				req := c.Request(clubtest.Req{Method: method, Path: path, As: tc.as}).WithContext(ctx)
				answered := make(chan *httptest.ResponseRecorder, 1)
				go func() { answered <- serve(c.Handler, req) }()

				if !tc.wait {
					if rec := <-answered; rec.Code != status {
						t.Fatalf("second request, the first pairing held: %d %s", rec.Code, rec.Body)
					}
					select {
					case <-waiting:
						t.Error("the second request waited for a slot")
					default:
					}
					if !tc.check {
						nextRoundEvent(t, live, "round_paired", 1)
					}
					if rec := held.answer(); rec.Code != http.StatusCreated {
						t.Fatalf("first pairing: %d %s", rec.Code, rec.Body)
					}
					return
				}

				<-waiting
				if !tc.check {
					nextRoundEvent(t, live, "round_pairing", 1)
					select {
					case <-computing:
						t.Fatal("the second pairing computed without a slot")
					default:
					}
				}
				if tc.cancel {
					cancel()
					<-answered
					var now tournament.Tournament
					c.MustDo(clubtest.Req{Method: "GET", Path: tpath(second.ID, "")}, http.StatusOK).Decode(t, &now)
					if now.CurrentRound != 0 {
						t.Errorf("after the client gave up, round %d is paired", now.CurrentRound)
					}
				}
				if rec := held.answer(); rec.Code != http.StatusCreated {
					t.Fatalf("first pairing: %d %s", rec.Code, rec.Body)
				}
				if tc.cancel { // the slot is free again
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					defer cancel()
					req := c.Request(clubtest.Req{Method: "POST", Path: tpath(second.ID, "/rounds"), As: tc.as}).WithContext(ctx)
					if rec := serve(c.Handler, req); rec.Code != http.StatusCreated {
						t.Fatalf("pairing again after the client gave up: %d %s", rec.Code, rec.Body)
					}
				} else if rec := <-answered; rec.Code != status {
					t.Fatalf("second request, once the first pairing ended: %d %s", rec.Code, rec.Body)
				}
				if !tc.check {
					nextRoundEvent(t, live, "round_paired", 1)
				}
			})
		})
	}
}

// TestPairingOutlivesWriteTimeout pairs round 1 through a real server whose write timeout is
// shorter than the pairing, held past it, on each database: the answer still comes, 201 with
// the round, since a pairing's answer has a deadline of its own (play.PairWriteTimeout).
func TestPairingOutlivesWriteTimeout(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		const writeTimeout = 300 * time.Millisecond
		held := func(attempt int) {
			if attempt == 1 {
				time.Sleep(3 * writeTimeout) // the server's own deadline passes meanwhile
			}
		}
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			c.Handler.ServeHTTP(w, r.WithContext(play.WithPairingHook(r.Context(), held)))
		}))
		srv.Config.WriteTimeout = writeTimeout
		srv.Start()
		t.Cleanup(srv.Close)

		req := c.Request(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"})
		out, err := http.NewRequest(req.Method, srv.URL+req.URL.Path, nil)
		if err != nil {
			t.Fatal(err)
		}
		out.Header = req.Header.Clone()
		res, err := srv.Client().Do(out)
		if err != nil {
			t.Fatalf("the pairing's answer was cut: %v", err)
		}
		defer res.Body.Close()
		var rd tournament.Round
		if err := json.NewDecoder(res.Body).Decode(&rd); err != nil {
			t.Fatalf("the pairing's answer was cut: %v", err)
		}
		if res.StatusCode != http.StatusCreated || rd.Number != 1 || len(rd.Boards) != 2 {
			t.Errorf("pairing: %d, round %d with %d boards; want 201, round 1 with 2 boards", res.StatusCode, rd.Number, len(rd.Boards))
		}
	})
}
