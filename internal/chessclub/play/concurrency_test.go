package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// serve sends r to h and returns the recorded response; safe to call from many goroutines.
func serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// TestConcurrentPairing presses "pair next round" twice at once, ten times over: on SQLite
// through one server, on MariaDB through two servers (replicas) on one database. Each time
// exactly one call pairs the round (201) and the other gets 409 with the tournament's current
// state, which shows the round the winner paired.
func TestConcurrentPairing(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 10)
		handlers := []http.Handler{c.Handler, c.Handler}
		if d == sqldb.MySQL {
			// A second replica: its own connection pool and caches, the same database.
			name := c.DB.Source().MySQL.DBName
			cfg := dbtest.AdminConfig(t).Clone()
			cfg.DBName = name
			other, err := sqldb.Open(context.Background(), sqldb.MySQLSource(cfg))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			handlers[1] = clubtest.NewOn(t, other).Handler
		}
		tr := c.create(map[string]any{"rounds": 5})
		c.enterAll(tr.ID, 10)
		c.start(tr.ID)
		rng := rand.New(rand.NewPCG(10, 5))
		for r := 1; r <= 5; r++ {
			var wg sync.WaitGroup
			recs := make([]*httptest.ResponseRecorder, 2)
			for i, h := range handlers {
				req := c.Request(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds", tr.ID), As: "org"})
				wg.Add(1)
				go func() { defer wg.Done(); recs[i] = serve(h, req) }()
			}
			wg.Wait()
			var won *httptest.ResponseRecorder
			for _, rec := range recs {
				switch rec.Code {
				case http.StatusCreated:
					if won != nil {
						t.Fatalf("round %d was paired twice", r)
					}
					won = rec
				case http.StatusConflict:
					var doc problem.Document
					if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
						t.Fatal(err)
					}
					cur, _ := doc.Current.(map[string]any)
					if cur["state"] != "running" || cur["current_round"] != float64(r) {
						t.Errorf("round %d: the loser's 409 shows %v, want running at round %d", r, doc.Current, r)
					}
				default:
					t.Fatalf("round %d: status %d: %s", r, rec.Code, rec.Body)
				}
			}
			if won == nil {
				t.Fatalf("round %d: nobody paired it: %d %d", r, recs[0].Code, recs[1].Code)
			}
			var rd tournament.Round
			if err := json.Unmarshal(won.Body.Bytes(), &rd); err != nil {
				t.Fatal(err)
			}
			for _, b := range rd.Boards {
				c.result(tr.ID, r, b.Board, randomResult(rng))
			}
		}
		var rounds []tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds", tr.ID)}, http.StatusOK).Decode(t, &rounds)
		if len(rounds) != 5 {
			t.Errorf("%d rounds stored, want 5", len(rounds))
		}
	})
}

// TestConcurrentResults enters the 50 results of a 100-player round at once, by 50 clients,
// and checks that every one is kept and that the standings then count the whole round.
func TestConcurrentResults(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 100)
		tr := c.create(map[string]any{"rounds": 5})
		c.enterAll(tr.ID, 100)
		c.start(tr.ID)
		rd := c.pair(tr.ID)
		if len(rd.Boards) != 50 {
			t.Fatalf("%d boards", len(rd.Boards))
		}
		results := []string{tournament.ResultWhiteWins, tournament.ResultBlackWins, tournament.ResultDraw, tournament.ResultWhiteForfeit, tournament.ResultDoubleForfeit}
		want := map[int]string{}
		var wg sync.WaitGroup
		recs := make([]*httptest.ResponseRecorder, len(rd.Boards))
		for i, b := range rd.Boards {
			want[b.Board] = results[i%len(results)]
			req := c.Request(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/1/boards/%d", tr.ID, b.Board), As: "org",
				Body: map[string]any{"result": want[b.Board]}, Header: map[string]string{"If-Match": fmt.Sprintf(`"b%d"`, b.Version)}})
			wg.Add(1)
			go func() { defer wg.Done(); recs[i] = serve(c.Handler, req) }()
		}
		wg.Wait()
		for i, rec := range recs {
			if rec.Code != http.StatusOK {
				t.Errorf("board %d: %d %s", rd.Boards[i].Board, rec.Code, rec.Body)
			}
		}
		var after tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds/1", tr.ID)}, http.StatusOK).Decode(t, &after)
		got := map[int]string{}
		for _, b := range after.Boards {
			if b.Result != nil {
				got[b.Board] = *b.Result
			}
		}
		diffValues(t, "results", got, want)
		if !after.Complete {
			t.Error("the round is not complete")
		}
		st := c.standings(tr.ID, "PTS")
		total := 0.0
		for _, row := range st.Rows {
			total += *row.Values["PTS"]
		}
		// 10 wins, 10 losses, 10 draws, 10 forfeit wins: a point a board; 10 double forfeits:
		// none.
		if st.Round != 1 || len(st.Rows) != 100 || total != 40 {
			t.Errorf("standings count round %d, %d players, %v points; want round 1, 100 players, 40 points", st.Round, len(st.Rows), total)
		}
	})
}
