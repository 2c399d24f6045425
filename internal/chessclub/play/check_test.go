package play_test

import (
	"encoding/json"
	"net/http"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestCheckRound reads the checker's verdict on rounds the club paired, on each database:
// they agree with the Dutch system, accelerated or not, so nothing differs; a round not
// paired is 404, a round robin's round 409.
func TestCheckRound(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 5)
		c.start(tr.ID)
		agree := tournament.PairingCheck{Engine: tournament.CheckedPairing{Boards: []tournament.CheckedBoard{}},
			Paired: tournament.CheckedPairing{Boards: []tournament.CheckedBoard{}}, Breaks: []string{}, Worse: []string{}}
		for r := 1; r <= 2; r++ {
			rd := c.pair(tr.ID)
			var got tournament.PairingCheck
			c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds/%d/check", tr.ID, r)}, http.StatusOK).Decode(t, &got)
			want := agree
			want.Round = r
			diffValues(t, "check", got, want)
			for _, b := range rd.Boards {
				c.result(tr.ID, r, b.Board, tournament.ResultWhiteWins)
			}
		}
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds/3/check", tr.ID)}, http.StatusNotFound)

		// An accelerated Swiss is checked with its virtual points (C.04.5.1, the 250 records
		// of its TRF file).
		baku := c.create(map[string]any{"rounds": 5, "acceleration": "baku"})
		c.enterAll(baku.ID, 5)
		c.start(baku.ID)
		c.pair(baku.ID)
		var got tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds/1/check", baku.ID)}, http.StatusOK).Decode(t, &got)
		want := agree
		want.Round = 1
		diffValues(t, "check of an accelerated round", got, want)

		rr := c.create(map[string]any{"format": tournament.FormatRoundRobin})
		c.enterAll(rr.ID, 4)
		c.start(rr.ID)
		c.pair(rr.ID)
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds/1/check", rr.ID)}, http.StatusConflict)
	})
}

// TestRoundCheckKept asks for the check of round 1 of a Swiss, on each database, and checks
// that the round is paired again only when something the check depends on changes: not for
// the same revision, not after results of the round are entered, but after the round is
// paired again by hand.
func TestRoundCheckKept(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 6)
		c.start(tr.ID)
		rd := c.pair(tr.ID)
		var computed atomic.Int64
		check := func(wantComputed int64) tournament.PairingCheck {
			t.Helper()
			req := c.Request(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1/check")})
			req = req.WithContext(play.WithCheckHook(req.Context(), func() { computed.Add(1) }))
			rec := serve(c.Handler, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("check: %d %s", rec.Code, rec.Body)
			}
			if got := computed.Load(); got != wantComputed {
				t.Errorf("the round was paired again %d times, want %d", got, wantComputed)
			}
			var v tournament.PairingCheck
			if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		if v := check(1); v.Differs {
			t.Errorf("the engine's own pairing differs: %+v", v)
		}
		check(1)
		// Colours swapped by hand: the check's inputs change.
		boards := []map[string]any{}
		for i, b := range rd.Boards {
			w, bl := b.White.MemberID, b.Black.MemberID
			if i == 0 {
				w, bl = bl, w
			}
			boards = append(boards, map[string]any{"white": w, "black": bl})
		}
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/pairing"), As: "org", Body: map[string]any{"boards": boards, "confirm": true}}, http.StatusOK)
		if v := check(2); !v.Differs {
			t.Errorf("the swapped colours do not differ: %+v", v)
		}
		// Results of the round leave them alone.
		var now tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &now)
		for _, b := range now.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
			check(2)
		}
	})
}
