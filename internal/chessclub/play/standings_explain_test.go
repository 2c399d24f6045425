package play_test

import (
	"bytes"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// explained is the standings with explain=1 as a client decodes them.
type explained struct {
	Tiebreaks []string `json:"tiebreaks"`
	Rows      []struct {
		Player  tournament.PlayerRef `json:"player"`
		Values  map[string]*float64  `json:"values"`
		Explain map[string]struct {
			Method string `json:"method"`
			Terms  []struct {
				Round   int      `json:"round"`
				Kind    string   `json:"kind"`
				Virtual bool     `json:"virtual"`
				Value   *float64 `json:"value"`
				LeftOut bool     `json:"left_out"`
			} `json:"terms"`
		} `json:"explain"`
	} `json:"rows"`
}

// TestStandingsExplain: explain=1 gives every row, for every tie-break, the terms that make its
// value, here over a round with a forfeit and an odd field's pairing bye (whose Buchholz and SB
// count a dummy opponent); the default standings carry no explanation and have another ETag;
// any other value of explain is a 400 that names it.
func TestStandingsExplain(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 5)
		c.start(tr.ID)
		for round := 1; round <= 2; round++ {
			for _, b := range c.pair(tr.ID).Boards {
				res := tournament.ResultDraw
				if b.Board == 1 {
					res = tournament.ResultWhiteForfeit
				}
				c.result(tr.ID, round, b.Board, res)
			}
		}
		plain := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings")}, http.StatusOK)
		if bytes.Contains(plain.Body, []byte(`"explain"`)) {
			t.Errorf("the default standings carry an explanation: %s", plain.Body)
		}
		res := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?explain=1")}, http.StatusOK)
		if a, b := plain.Header.Get("ETag"), res.Header.Get("ETag"); a == b {
			t.Errorf("one ETag %s for the standings with and without explain", a)
		}
		var st explained
		res.Decode(t, &st)
		virtual := 0
		for _, row := range st.Rows {
			for _, code := range st.Tiebreaks {
				b, ok := row.Explain[code]
				if !ok {
					t.Fatalf("%s: no explanation of %s", row.Player.FullName, code)
				}
				if b.Method != "sum" {
					continue
				}
				var sum float64
				for _, term := range b.Terms {
					if term.Virtual {
						virtual++
					}
					if !term.LeftOut {
						sum += *term.Value
					}
				}
				if v := row.Values[code]; v == nil || *v != sum {
					t.Errorf("%s %s = %v, its terms add up to %v", row.Player.FullName, code, row.Values[code], sum)
				}
			}
		}
		if virtual == 0 {
			t.Error("no dummy opponent in a tournament with a forfeit and a bye")
		}
		for _, bad := range []string{"0", "yes", "", "11"} {
			t.Run("explain="+bad, func(t *testing.T) {
				res := c.Do(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?explain=%s", bad)})
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusBadRequest, Slug: "malformed-request", Fields: []string{"explain"}})
			})
		}
	})
}
