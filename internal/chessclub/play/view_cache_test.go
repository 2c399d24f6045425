package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestViewCacheBounded sends, as anonymous clients, the standings of a 300-player Swiss under
// 150 tie-break lists, half of them explained, to a server whose view cache has a budget of
// 256 KiB, and checks on both databases that every answer is served whole and that the cache
// never holds more than its budget (chessclub_view_cache_bytes), while it does keep views.
func TestViewCacheBounded(t *testing.T) {
	const budget = 256 << 10
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0, func(cfg *chessclub.Config) { cfg.Play.ViewCacheBytes = budget })
		id := c.importFile(bigSwissTRF(t, 300, 5, true, 3)).ID
		lists := []string{}
		for _, first := range []string{"BH", "SB", "ARO", "AOB", "BH/C1", "BH/M1", "BH/C2", "TPR", "PS", "DE", "WIN"} {
			for _, second := range []string{"BH", "SB", "WIN", "BPG", "BH/C1", "ARO", "AOB", "BH/M1", "DE", "WON", "REP", "SB/C1", "PTP", "BWG", "BH/C2"} {
				if first != second {
					lists = append(lists, "PTS,"+first+","+second)
				}
			}
		}
		for i, list := range lists[:150] {
			path := tpath(id, "/standings?tiebreaks=%s", list)
			if i%2 == 1 {
				path += "&explain=1"
			}
			var st standings
			c.MustDo(clubtest.Req{Method: "GET", Path: path}, http.StatusOK).Decode(t, &st)
			if len(st.Rows) != 300 {
				t.Fatalf("%s: %d rows", path, len(st.Rows))
			}
			if held := gathered(t, c.Env, "chessclub_view_cache_bytes", "", ""); held < 0 || held > budget {
				t.Fatalf("after %d views the cache holds %.0f bytes, over its budget of %d", i+1, held, budget)
			}
		}
		if n := gathered(t, c.Env, "chessclub_view_cache_entries", "", ""); n < 2 {
			t.Errorf("the cache keeps %.0f views", n)
		}
	})
}
