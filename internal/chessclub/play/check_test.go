package play_test

import (
	"net/http"
	"testing"

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
