package play_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// benchNight sets up, through the API, a 9-round Swiss of 400 players with rounds 1-6 played
// and round 7 paired, and returns the club and the tournament's id.
func benchNight(b *testing.B, d sqldb.Dialect) (*club, int64) {
	b.Helper()
	c := newClub(b, d, 0)
	rng := rand.New(rand.NewPCG(4, 400))
	tr := c.create(map[string]any{"rounds": 9})
	for i := 1; i <= 400; i++ {
		id := c.Register(fmt.Sprintf("n%03d", i), fmt.Sprintf("Night Player %03d", i), map[string]any{"declared_rating": 2600 - 3*i}).ID
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/players", tr.ID), As: "org", Body: map[string]any{"member_id": id}}, http.StatusCreated)
	}
	c.start(tr.ID)
	for r := 1; r <= 6; r++ {
		for _, bd := range c.pair(tr.ID).Boards {
			c.result(tr.ID, r, bd.Board, randomResult(rng))
		}
	}
	c.pair(tr.ID)
	return c, tr.ID
}

// BenchmarkViews400 computes the standings and round 7's boards of a 400-player Swiss after
// round 6, from the database, without the cache (what each change to the tournament costs
// the first poller after it), and through the API with the cache warm (what every other
// poll costs):
//
//	go test ./internal/chessclub/play -run '^$' -bench Views400 -benchmem
func BenchmarkViews400(b *testing.B) {
	for _, d := range []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL} {
		b.Run(d.String(), func(b *testing.B) {
			c, id := benchNight(b, d)
			svc := play.New(c.DB, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), play.Config{})
			for _, view := range []string{"standings", "round"} {
				b.Run(view+"/computed", func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, err := svc.ComputeView(context.Background(), id, view, 7, web.EncodeView); err != nil {
							b.Fatal(err)
						}
					}
				})
				path := clubtest.Path("/api/tournaments/%d/standings", id)
				if view == "round" {
					path = clubtest.Path("/api/tournaments/%d/rounds/7", id)
				}
				b.Run(view+"/cached", func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if rec := serve(c.Handler, c.Request(clubtest.Req{Method: "GET", Path: path})); rec.Code != http.StatusOK {
							b.Fatal(rec.Code)
						}
					}
				})
			}
		})
	}
}

// BenchmarkStandings4000 computes the standings of an imported 4 000-player Swiss after round
// 1, from the database, without the cache: what the first poll after each change of the
// standings costs in the largest tournament, and what the pollers that come meanwhile wait
// for (BenchmarkBigNight in cmd/chessclub measures their latency):
//
//	go test ./internal/chessclub/play -run '^$' -bench Standings4000 -benchmem [-cpuprofile cpu.out]
func BenchmarkStandings4000(b *testing.B) {
	for _, d := range []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL} {
		b.Run(d.String(), func(b *testing.B) {
			c := newClub(b, d, 0)
			id := c.importFile(bigSwissTRF(b, 4000, 9, true, 7)).ID
			svc := play.New(c.DB, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), play.Config{})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.ComputeView(context.Background(), id, "standings", 0, web.EncodeView); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
