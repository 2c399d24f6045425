package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkSetResult enters results, one at a time through the API, on the boards of round 1
// of an imported 1 000-player Swiss, on each database: what one result costs in a large field
// (docs/BENCHMARKS.md, "a large Swiss night").
//
//	go test ./internal/chessclub/play -run '^$' -bench SetResult
func BenchmarkSetResult(b *testing.B) {
	for _, d := range []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL} {
		b.Run(d.String(), func(b *testing.B) {
			c := newClub(b, d, 0)
			tr := c.importField(1000, 9)
			rd := c.pair(tr.ID)
			results := []string{"1-0", "0-1", "1/2-1/2"}
			i := 0
			for b.Loop() {
				bd := rd.Boards[i%len(rd.Boards)]
				c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/%d/boards/%d", tr.ID, rd.Number, bd.Board),
					As: "org", Body: map[string]any{"result": results[i%len(results)]}}, http.StatusOK)
				i++
			}
		})
	}
}
