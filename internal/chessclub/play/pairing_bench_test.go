package play_test

import (
	"net/http"
	"testing"
	"time"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkWriteDuringPairing measures how long another member's write (an edit of a
// tournament of their own) waits while round 2 of a 1 000-player Swiss is being paired: the
// edit is sent 2 s after the pairing, which then has its snapshot and is computing. Each
// iteration pairs the round and un-pairs it again. It reports the edit's mean and longest
// wait in ms (write-ms, max-write-ms) and how many edits failed (failed-writes):
//
//	CI=true go test ./internal/chessclub/play -run '^$' -bench WriteDuringPairing -benchtime 3x -timeout 30m
func BenchmarkWriteDuringPairing(b *testing.B) {
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		c := newClub(b, d, 0)
		tr := c.importField(1000, 5)
		c.playRound(tr.ID, c.pair(tr.ID), 8, 1)
		var own struct{ ID int64 }
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "host",
			Body: map[string]any{"name": "Host's Rapid", "start_date": "2026-03-07"}}, http.StatusCreated).Decode(b, &own)
		var waited, longest time.Duration
		failed, n := 0, 0
		for b.Loop() {
			paired := make(chan int, 1)
			go func() {
				paired <- c.Serve(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"}).Code
			}()
			time.Sleep(2 * time.Second)
			start := time.Now()
			rec := c.Serve(clubtest.Req{Method: "PATCH", Path: tpath(own.ID, ""), As: "host", ContentType: "application/merge-patch+json",
				Body: map[string]any{"location": []string{"Hall 1", "Hall 2"}[n%2]}})
			w := time.Since(start)
			waited, longest = waited+w, max(longest, w)
			n++
			if rec.Code != http.StatusOK {
				failed++
			}
			if code := <-paired; code != http.StatusCreated {
				b.Fatalf("pair round 2: %d", code)
			}
			c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/rounds/2"), As: "org"}, http.StatusNoContent)
		}
		b.ReportMetric(float64(waited.Microseconds())/1000/float64(n), "write-ms")
		b.ReportMetric(float64(longest.Microseconds())/1000, "max-write-ms")
		b.ReportMetric(float64(failed), "failed-writes")
	})
}
