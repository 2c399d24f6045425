package play_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestStandingsTiebreaks sends odd lists of tie-breaks to the standings of a tournament with
// a round played: each one is either a list the standings show, column by column, or a 400
// that names the tiebreaks parameter and says what is wrong, never a 500.
func TestStandingsTiebreaks(t *testing.T) {
	var distinct []string // 40 different tie-breaks, more than a list may hold
	for i := 1; i <= 40; i++ {
		distinct = append(distinct, fmt.Sprintf("ARO/U%d", 1000+i))
	}
	tests := []struct {
		name string
		raw  string // the parameter's value, unescaped
		cols []string
		why  string // part of what the problem says of tiebreaks; empty for a 200
	}{
		{name: "the points", raw: "PTS", cols: []string{"PTS"}},
		{name: "a list", raw: "PTS,BH/C1,SB,DE", cols: []string{"PTS", "BH/C1", "SB", "DE"}},
		{name: "without the points", raw: "BH,SB", cols: []string{"PTS", "BH", "SB"}},
		{name: "lower case", raw: "pts,bh/c1,sb/p", cols: []string{"PTS", "BH/C1", "SB/P"}},
		{name: "spaces around codes", raw: " PTS , WIN ", cols: []string{"PTS", "WIN"}},
		{name: "one tie-break with and without a cut", raw: "PTS,BH/C1,BH", cols: []string{"PTS", "BH/C1", "BH"}},
		{name: "two Koya limits", raw: "KS/L60,KS/L+1", cols: []string{"PTS", "KS/L60", "KS/L+1"}},
		{name: "REP and its former name", raw: "PTS,REP,GE", cols: []string{"PTS", "REP", "GE"}},
		{name: "32 tie-breaks", raw: "PTS," + strings.Join(distinct[:31], ","), cols: append([]string{"PTS"}, distinct[:31]...)},

		{name: "the points twice", raw: "PTS,PTS", why: "PTS is listed twice"},
		{name: "the points second", raw: "SB,PTS", why: "PTS, the points, must come first"},
		{name: "the points last", raw: "BH,SB,DE,PTS", why: "PTS, the points, must come first"},
		{name: "a tie-break twice", raw: "SB,SB", why: "SB is listed twice"},
		{name: "a tie-break twice after the points", raw: "PTS,SB,BH,SB", why: "SB is listed twice"},
		{name: "twice in two cases", raw: "PTS,BH/C1,bh/c1", why: "BH/C1 is listed twice"},
		{name: "twice with the modifiers in another order", raw: "PTS,SB/C1/P,SB/P/C1", why: "listed twice"},
		{name: "twice with the default Koya limit", raw: "PTS,KS,KS/L50", why: "listed twice"},
		{name: "a Koya shift in half points and in points", raw: "KS/L+2,KS/L+1.0", why: "listed twice"},
		{name: "an empty item", raw: "PTS,,SB", why: "tie-break 2 is empty"},
		{name: "a trailing comma", raw: "PTS,SB,", why: "tie-break 3 is empty"},
		{name: "a leading comma", raw: ",PTS", why: "tie-break 1 is empty"},
		{name: "only a comma", raw: ",", why: "is empty"},
		{name: "only spaces", raw: "  ", why: "is empty"},
		{name: "the empty value", raw: "", why: "is empty"},
		{name: "an unknown code", raw: "PTS,XYZ", why: "unknown tie-break code"},
		{name: "a name spelt out", raw: "PTS,Buchholz", why: "unknown tie-break code"},
		{name: "a letter that upper-cases into ASCII", raw: "PTS,ſb", why: "unknown tie-break code"},
		{name: "a NUL byte", raw: "PTS\x00", why: "unknown tie-break code"},
		{name: "a modifier a tie-break does not take", raw: "PTS,WIN/C1", why: "does not take"},
		{name: "a modifier on the points", raw: "PTS/C1", why: "does not take"},
		{name: "an unknown modifier", raw: "BH/X1", why: "does not take"},
		{name: "a cut of 0", raw: "BH/C0", why: "/C1 to /C9"},
		{name: "a cut of 10", raw: "BH/C10", why: "/C1 to /C9"},
		{name: "an empty modifier", raw: "BH//C1", why: "empty modifier"},
		{name: "a modifier twice", raw: "BH/C1/C1", why: "twice"},
		{name: "a cut and a median", raw: "BH/C1/M1", why: "twice"},
		{name: "a slash alone", raw: "/", why: "unknown tie-break code"},
		{name: "a rating past 9999", raw: "ARO/U10000", why: "rating from 1 to 9999"},
		{name: "a Koya limit past 100 %", raw: "KS/L101", why: "/L and a per cent"},
		{name: "a long list of one code", raw: strings.Repeat("BH,", 2000) + "BH", why: "more than 32"},
		{name: "a long list of different codes", raw: strings.Join(distinct, ","), why: "more than 32"},
		{name: "a very long code", raw: strings.Repeat("B", 5000), why: "unknown tie-break code"},
		{name: "a very long code of letters that are not ASCII", raw: strings.Repeat("ﷺ", 2000), why: "unknown tie-break code"},
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		for _, b := range c.pair(tr.ID).Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultWhiteWins)
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				req := clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?tiebreaks=%s", url.QueryEscape(tt.raw))}
				if tt.why == "" {
					var st standings
					c.MustDo(req, http.StatusOK).Decode(t, &st)
					diffValues(t, "columns", st.Tiebreaks, tt.cols)
					if len(st.Rows) != 4 || len(st.Rows[0].Values) != len(tt.cols) {
						t.Errorf("%d rows, the first with %d values", len(st.Rows), len(st.Rows[0].Values))
					}
					return
				}
				res := c.Do(req)
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusBadRequest, Slug: "malformed-request", Fields: []string{"tiebreaks"}})
				if got := res.Problem(t).Errors["tiebreaks"]; !strings.Contains(got, tt.why) {
					t.Errorf("the problem says of tiebreaks %q, want it to say %q", got, tt.why)
				}
			})
		}
	})
}
