package play_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// bigSwissTRF returns a TRF file of a Swiss of n players (n even) and rounds rounds, with
// round 1 paired top half against bottom half (1 v n/2+1, 2 v n/2+2, …, colours alternating)
// and, when played, its results drawn from seed; without them round 1 awaits its results.
func bigSwissTRF(t testing.TB, n, rounds int, played bool, seed uint64) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	f := &trf.Tournament{Name: fmt.Sprintf("Open of %d", n), TotalRounds: rounds}
	f.Players = make([]trf.Player, n)
	for i := range f.Players {
		rating := 2700 - i
		if n > 1500 { // ratings from 2 700 down to 1 200, some shared
			rating = 2700 - i*1500/n
		}
		f.Players[i] = trf.Player{StartRank: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Rating: rating}
	}
	half := n / 2
	for i := range half {
		top, bottom := &f.Players[i], &f.Players[i+half]
		tc, bc := chess.White, chess.Black
		if i%2 == 1 {
			tc, bc = bc, tc
		}
		tr, br := chess.NoResult, chess.NoResult
		if played {
			switch rng.IntN(3) {
			case 0:
				tr, br = chess.Win, chess.Loss
			case 1:
				tr, br = chess.Loss, chess.Win
			default:
				tr, br = chess.Draw, chess.Draw
			}
		}
		top.Rounds = []chess.Round{{Opponent: bottom.StartRank, Colour: tc, Result: tr}}
		bottom.Rounds = []chess.Round{{Opponent: top.StartRank, Colour: bc, Result: br}}
		top.Points, bottom.Points = top.PointsAfter(1), bottom.PointsAfter(1)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestResultBurst enters the 500 results of round 1 of an imported 1 000-player Swiss from
// 16 clients at once, each client working through its share of the boards, on each
// database. Every entry waits its turn for the write lock: none may fail.
func TestResultBurst(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		tr := c.importFile(bigSwissTRF(t, 1000, 9, false, 1))
		var rd tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &rd)
		if len(rd.Boards) != 500 {
			t.Fatalf("%d boards in round 1, want 500", len(rd.Boards))
		}
		const clients = 16
		recs := make([]*httptest.ResponseRecorder, len(rd.Boards))
		var wg sync.WaitGroup
		for k := range clients {
			wg.Go(func() {
				for i := k; i < len(rd.Boards); i += clients {
					recs[i] = c.Serve(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/%d", rd.Boards[i].Board), As: "org",
						Body: map[string]any{"result": tournament.ResultDraw}})
				}
			})
		}
		wg.Wait()
		failed := 0
		for i, rec := range recs {
			if rec.Code != http.StatusOK {
				if failed++; failed <= 3 {
					t.Errorf("board %d: %d %s", rd.Boards[i].Board, rec.Code, rec.Body)
				}
			}
		}
		if failed > 0 {
			t.Fatalf("%d of %d results failed", failed, len(recs))
		}
		var after tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &after)
		if !after.Complete {
			t.Error("round 1 is not complete")
		}
	})
}

// heldPairing is a request to pair the next round whose pairing waits, once it has read the
// tournament and is about to compute the pairing, until the test releases it.
type heldPairing struct {
	started  chan struct{} // closed when the first attempt reaches the pairing
	gate     chan struct{}
	release  func()
	attempts atomic.Int32
	finished chan struct{}
	rec      *httptest.ResponseRecorder
}

// holdPairing sends POST …/rounds for tournament id as org and holds its first attempt at the
// pairing until release is called; then, if given, calls each(attempt) at every attempt
// (the first included) before the pairing goes on. The test's end releases it and waits for
// the answer.
func holdPairing(t *testing.T, c *club, id int64, each func(attempt int)) *heldPairing {
	t.Helper()
	h := &heldPairing{started: make(chan struct{}), gate: make(chan struct{}), finished: make(chan struct{})}
	var once sync.Once
	h.release = func() { once.Do(func() { close(h.gate) }) }
	hook := func(attempt int) {
		if attempt == 0 {
			t.Error("the pairing waited for another one")
			return
		}
		h.attempts.Add(1)
		if attempt == 1 {
			close(h.started)
			<-h.gate
		}
		if each != nil {
			each(attempt)
		}
	}
	req := c.Request(clubtest.Req{Method: "POST", Path: tpath(id, "/rounds"), As: "org"})
	req = req.WithContext(play.WithPairingHook(req.Context(), hook))
	go func() {
		defer close(h.finished)
		h.rec = serve(c.Handler, req)
	}()
	t.Cleanup(func() {
		h.release()
		<-h.finished
	})
	return h
}

// waitHeld waits until the pairing is held, and fails the test if the request ends first.
func (h *heldPairing) waitHeld(t *testing.T) {
	t.Helper()
	select {
	case <-h.started:
	case <-h.finished:
		t.Fatalf("the pairing ended before it was computed: %d %s", h.rec.Code, h.rec.Body)
	}
}

// answer releases the pairing and returns its answer.
func (h *heldPairing) answer() *httptest.ResponseRecorder {
	h.release()
	<-h.finished
	return h.rec
}

// TestPairingLetsOthersWrite holds the pairing of round 2 of an imported 400-player Swiss
// after it has read the tournament, and meanwhile has members register, log in, edit another
// tournament and enter a result in it, all at once, on each database. The pairing is
// computed outside the write transaction, so none of them waits for it, and none fails;
// then the round is stored once.
func TestPairingLetsOthersWrite(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 2)
		big := c.importFile(bigSwissTRF(t, 400, 9, true, 2))
		other := c.create(map[string]any{"rounds": 3})
		c.enterAll(other.ID, 2)
		c.start(other.ID)
		board := c.pair(other.ID).Boards[0].Board

		held := holdPairing(t, c, big.ID, nil)
		held.waitHeld(t)
		writes := []struct {
			name string
			req  clubtest.Req
			want int
		}{
			{"a registration", clubtest.Req{Method: "POST", Path: "/api/user",
				Body: map[string]any{"username": "newcomer", "password": "password-newcomer", "full_name": "Nina Newcomer"}}, http.StatusCreated},
			{"a login", clubtest.Req{Method: "POST", Path: "/api/login",
				Body: map[string]any{"username": "p01", "password": "password-p01"}}, http.StatusOK},
			{"an edit of another tournament", clubtest.Req{Method: "PATCH", Path: tpath(other.ID, ""), As: "org",
				Body: map[string]any{"description": "Edited while a round is paired"}, ContentType: "application/merge-patch+json"}, http.StatusOK},
			{"a result in another tournament", clubtest.Req{Method: "PUT", Path: tpath(other.ID, "/rounds/1/boards/%d", board), As: "org",
				Body: map[string]any{"result": tournament.ResultDraw}}, http.StatusOK},
		}
		recs := make([]*httptest.ResponseRecorder, len(writes))
		var wg sync.WaitGroup
		for i, w := range writes {
			wg.Go(func() { recs[i] = c.Serve(w.req) })
		}
		wg.Wait()
		for i, w := range writes {
			if recs[i].Code != w.want {
				t.Errorf("%s while the pairing ran: %d, want %d: %s", w.name, recs[i].Code, w.want, recs[i].Body)
			}
		}

		rec := held.answer()
		if rec.Code != http.StatusCreated {
			t.Fatalf("pairing: %d %s", rec.Code, rec.Body)
		}
		var rounds []tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(big.ID, "/rounds")}, http.StatusOK).Decode(t, &rounds)
		if len(rounds) != 2 || len(rounds[1].Boards) != 200 {
			t.Fatalf("%d rounds stored, the last with %d boards; want 2, the last with 200", len(rounds), len(rounds[len(rounds)-1].Boards))
		}
		if n := held.attempts.Load(); n != 1 {
			t.Errorf("the pairing was computed %d times, want once", n)
		}
	})
}

// TestPairingMeetsChanges holds the pairing of round 2 of an imported 40-player Swiss once it
// has read the tournament, and changes the tournament meanwhile, on each database: the
// pairing stores its round only if the tournament is as it read it, else checks it again
// and pairs again from the tournament as it is now, maxPairAttempts times in all.
func TestPairingMeetsChanges(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		type setup struct {
			c  *club
			id int64
		}
		// other is the answer to a second pairing request, made by a case.
		var other chan *httptest.ResponseRecorder
		tests := []struct {
			name string
			// during runs while the first attempt is held.
			during func(t *testing.T, s setup)
			// each runs at every attempt, the first included, once it is released.
			each         func(t *testing.T, s setup, attempt int)
			wantStatus   int
			wantAttempts int32
			wantRounds   int
			check        func(t *testing.T, s setup, rec *httptest.ResponseRecorder)
		}{{
			name: "another server pairs the round first",
			during: func(t *testing.T, s setup) {
				rec := s.c.Replica().Serve(clubtest.Req{Method: "POST", Path: tpath(s.id, "/rounds"), As: "org"})
				if rec.Code != http.StatusCreated {
					t.Errorf("the other server's pairing: %d %s", rec.Code, rec.Body)
				}
			},
			wantStatus: http.StatusConflict, wantAttempts: 1, wantRounds: 2,
			check: func(t *testing.T, s setup, rec *httptest.ResponseRecorder) {
				var doc problem.Document
				if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
					t.Fatal(err)
				}
				if cur, _ := doc.Current.(map[string]any); cur["state"] != "running" || cur["current_round"] != float64(2) {
					t.Errorf("the 409 shows %v, want running at round 2", doc.Current)
				}
			},
		}, {
			name: "a second request to the same server waits for the first",
			during: func(t *testing.T, s setup) {
				other = make(chan *httptest.ResponseRecorder, 1)
				waiting := make(chan struct{})
				req := s.c.Request(clubtest.Req{Method: "POST", Path: tpath(s.id, "/rounds"), As: "org"})
				req = req.WithContext(play.WithPairingHook(req.Context(), func(attempt int) {
					if attempt == 0 {
						close(waiting)
						return
					}
					t.Error("the second request computed a pairing")
				}))
				go func() { other <- serve(s.c.Handler, req) }()
				select {
				case <-waiting:
				case rec := <-other:
					t.Errorf("the second request did not wait for the first: %d %s", rec.Code, rec.Body)
					other <- rec
				}
			},
			wantStatus: http.StatusCreated, wantAttempts: 1, wantRounds: 2,
			check: func(t *testing.T, s setup, _ *httptest.ResponseRecorder) {
				if rec := <-other; rec.Code != http.StatusConflict {
					t.Errorf("the second request: %d %s", rec.Code, rec.Body)
				}
			},
		}, {
			name: "the top seed withdraws",
			during: func(t *testing.T, s setup) {
				s.c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(s.id, "/players/%d", topSeed(t, s.c, s.id)), As: "org"}, http.StatusNoContent)
			},
			wantStatus: http.StatusCreated, wantAttempts: 2, wantRounds: 2,
			check: func(t *testing.T, s setup, rec *httptest.ResponseRecorder) {
				var rd tournament.Round
				if err := json.Unmarshal(rec.Body.Bytes(), &rd); err != nil {
					t.Fatal(err)
				}
				for _, b := range rd.Boards {
					if b.White.StartRank == 1 || b.Black.StartRank == 1 {
						t.Errorf("the top seed, withdrawn, is paired on board %d", b.Board)
					}
				}
			},
		}, {
			name: "a result is corrected at every attempt",
			each: func(t *testing.T, s setup, attempt int) { // on the pairing's goroutine: no Fatal
				var b tournament.Board
				if err := json.Unmarshal(s.c.Serve(clubtest.Req{Method: "GET", Path: tpath(s.id, "/rounds/1/boards/1")}).Body.Bytes(), &b); err != nil {
					t.Errorf("attempt %d: read board 1: %v", attempt, err)
				}
				result := tournament.ResultWhiteWins
				if b.Result != nil && *b.Result == result {
					result = tournament.ResultBlackWins
				}
				if rec := s.c.Serve(clubtest.Req{Method: "PUT", Path: tpath(s.id, "/rounds/1/boards/1"), As: "org",
					Body: map[string]any{"result": result}}); rec.Code != http.StatusOK {
					t.Errorf("attempt %d: the correction: %d %s", attempt, rec.Code, rec.Body)
				}
			},
			wantStatus: http.StatusConflict, wantAttempts: play.MaxPairAttempts, wantRounds: 1,
		}}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				c := newClub(t, d, 0)
				s := setup{c: c, id: c.importFile(bigSwissTRF(t, 40, 5, true, 3)).ID}
				var each func(int)
				if tc.each != nil {
					each = func(attempt int) { tc.each(t, s, attempt) }
				}
				held := holdPairing(t, c, s.id, each)
				held.waitHeld(t)
				if tc.during != nil {
					tc.during(t, s)
				}
				rec := held.answer()
				if rec.Code != tc.wantStatus {
					t.Fatalf("pairing: %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
				}
				if n := held.attempts.Load(); n != tc.wantAttempts {
					t.Errorf("the pairing was computed %d times, want %d", n, tc.wantAttempts)
				}
				var rounds []tournament.Round
				c.MustDo(clubtest.Req{Method: "GET", Path: tpath(s.id, "/rounds")}, http.StatusOK).Decode(t, &rounds)
				if len(rounds) != tc.wantRounds {
					t.Errorf("%d rounds stored, want %d", len(rounds), tc.wantRounds)
				}
				if tc.check != nil {
					tc.check(t, s, rec)
				}
			})
		}
	})
}

// topSeed returns the member id of tournament id's player with start rank 1.
func topSeed(t *testing.T, c *club, id int64) int64 {
	t.Helper()
	var players []tournament.Player
	c.MustDo(clubtest.Req{Method: "GET", Path: tpath(id, "/players")}, http.StatusOK).Decode(t, &players)
	for _, p := range players {
		if p.StartRank != nil && *p.StartRank == 1 {
			return p.MemberID
		}
	}
	t.Fatal("no player has start rank 1")
	return 0
}
