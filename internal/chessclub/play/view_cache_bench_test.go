package play_test

import (
	"net/http"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkAnonymousStandings9999 sends, as 150 anonymous clients at once, the standings of an
// imported 9 999-player Swiss after round 1 under 150 tie-break lists, every one explained,
// and reports the heap at its peak while they are answered (peak-heap-MB, sampled every 5 ms)
// and what stays after them once collected (kept-heap-MB), over the heap before (base-heap-MB):
// what anonymous clients can make a server hold; and how many were served (the others get 503
// after waiting 30 s for a turn to compute). The soft memory limit is the server's
// default (chessclub.MemoryLimit, what -memory-limit auto sets), as in a running server.
//
//	go test ./internal/chessclub/play -run '^$' -bench AnonymousStandings9999 -benchtime 1x
func BenchmarkAnonymousStandings9999(b *testing.B) {
	c := newClub(b, sqldb.SQLite, 0)
	id := c.importFile(bigSwissTRF(b, 9999, 9, true, 5)).ID
	var lists []string
	firsts := []string{"BH", "SB", "ARO", "AOB", "BH/C1", "BH/M1", "BH/C2", "TPR", "PS", "DE", "WIN"}
	seconds := []string{"BH", "SB", "WIN", "BPG", "BH/C1", "ARO", "AOB", "BH/M1", "DE", "WON", "REP", "SB/C1", "PTP", "BWG", "BH/C2"}
	for _, first := range firsts {
		for _, second := range seconds {
			if first != second && len(lists) < 150 {
				lists = append(lists, "PTS,"+first+","+second)
			}
		}
	}
	heap := func() float64 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return float64(m.HeapInuse) / (1 << 20)
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(chessclub.MemoryLimit(chessclub.Config{})))
	for b.Loop() {
		runtime.GC()
		base := heap()
		var peak atomic.Uint64
		done := make(chan struct{})
		go func() {
			for {
				if h := uint64(heap()); h > peak.Load() {
					peak.Store(h)
				}
				select {
				case <-done:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		var wg sync.WaitGroup
		var served atomic.Int64
		for _, list := range lists {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := c.Do(clubtest.Req{Method: "GET", Path: tpath(id, "/standings?tiebreaks=%s&explain=1", list)})
				if res.Status == http.StatusOK {
					served.Add(1)
				}
				if res.Status != http.StatusOK && res.Status != http.StatusServiceUnavailable {
					b.Errorf("%s: %d %s", list, res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		close(done)
		runtime.GC()
		b.ReportMetric(base, "base-heap-MB")
		b.ReportMetric(float64(peak.Load()), "peak-heap-MB")
		b.ReportMetric(heap(), "kept-heap-MB")
		b.ReportMetric(float64(served.Load()), "served")
	}
}
