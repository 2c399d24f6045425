package play_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// distinctCodes returns n tie-break codes that are all different: Buchholz with every cut
// and median, then Sonneborn-Berger with them.
func distinctCodes(n int) []string {
	var out []string
	for _, name := range []string{"BH", "SB", "FB"} {
		out = append(out, name)
		for _, m := range []string{"C", "M"} {
			for k := 1; k <= 9; k++ {
				out = append(out, name+"/"+m+string(rune('0'+k)))
			}
		}
	}
	return out[:n]
}

// TestStandingsTiebreaksParameter: every malformed tie-break list is a 400 that names the
// parameter and the item at fault, never a 500, on a tournament with rounds to rank; a good
// list answers its codes, with the points put first when left out.
func TestStandingsTiebreaksParameter(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		for _, b := range c.pair(tr.ID).Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultWhiteWins)
		}
		get := func(raw string) clubtest.Resp {
			return c.Do(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?tiebreaks=%s", url.QueryEscape(raw))})
		}

		bad := []struct {
			name, list string
			item       string // the start of the message: which item is wrong
		}{
			{"PTS twice", "PTS,PTS", "item 2"},
			{"PTS after another", "SB,PTS", "item 2"},
			{"PTS last", "BH/C1,SB,PTS", "item 3"},
			{"a code twice", "SB,SB", "item 2"},
			{"a code twice, apart", "SB,BH,DE,SB", "item 4"},
			{"the same modifiers in another order", "SB/C1/P,SB/P/C1", "item 2"},
			{"the Koya default written out", "KS,KS/L50", "item 2"},
			{"an empty item", "SB,,BH", "item 2"},
			{"an empty first item", ",SB", "item 1"},
			{"a trailing comma", "SB,BH,", "item 3"},
			{"nothing", "", "item 1"},
			{"a blank item", "SB, ,BH", "item 2"},
			{"an unknown code", "PTS,XYZ", "item 2"},
			{"lower case", "pts,sb", "item 1"},
			{"mixed case", "SB,Bh/C1", "item 2"},
			{"a lower-case modifier", "SB,BH/c1", "item 2"},
			{"a space", "SB, BH", "item 2"},
			{"a modifier the code does not take", "WIN/C1", "item 1"},
			{"an unknown modifier", "BH/X1", "item 1"},
			{"a cut out of range", "BH/C0", "item 1"},
			{"a cut given twice", "BH/C1/C2", "item 1"},
			{"an empty modifier", "BH/", "item 1"},
			{"a very long code", "BH/C" + strings.Repeat("1", 5000), "item 1"},
			{"one code too many", strings.Join(distinctCodes(tiebreak.MaxSpecs+1), ","), "item 25"},
			{"a very long list", strings.Repeat("SB,", 3000) + "SB", "item 25"},
		}
		for _, tt := range bad {
			t.Run(tt.name, func(t *testing.T) {
				res := get(tt.list)
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusBadRequest, Slug: "malformed-request", Fields: []string{"tiebreaks"}})
				doc := res.Problem(t)
				if msg := doc.Errors["tiebreaks"]; !strings.HasPrefix(msg, tt.item+":") || len(msg) > 400 {
					t.Errorf("errors.tiebreaks = %q, want it to start with %q", msg, tt.item+":")
				}
				if !strings.Contains(doc.Detail, strings.TrimPrefix(tt.item, "item ")) {
					t.Errorf("detail %q does not say which item", doc.Detail)
				}
			})
		}

		good := []struct {
			name, list string
			want       []string
		}{
			{"points first", "PTS,BH/C1,SB", []string{"PTS", "BH/C1", "SB"}},
			{"points put first", "BH/C1,SB", []string{"PTS", "BH/C1", "SB"}},
			{"REP and its old name", "REP,GE", []string{"PTS", "REP", "GE"}},
			{"Buchholz and its cut", "BH,BH/C1,BH/M1", []string{"PTS", "BH", "BH/C1", "BH/M1"}},
			{"every modifier", "KS/L+1,ARO/C1/U1000,AOB/F,DE/P,PS/C1", []string{"PTS", "KS/L+1", "ARO/C1/U1000", "AOB/F", "DE/P", "PS/C1"}},
			{"as many as allowed", strings.Join(distinctCodes(tiebreak.MaxSpecs), ","), append([]string{"PTS"}, distinctCodes(tiebreak.MaxSpecs)...)},
		}
		for _, tt := range good {
			t.Run(tt.name, func(t *testing.T) {
				st := c.standings(tr.ID, url.QueryEscape(tt.list))
				diffValues(t, "tie-breaks", st.Tiebreaks, tt.want)
				for _, row := range st.Rows {
					if len(row.Values) != len(tt.want) {
						t.Errorf("%s has %d values for %d tie-breaks", row.Player.FullName, len(row.Values), len(tt.want))
					}
				}
			})
		}
	})
}
