package play_test

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// importBodies are the files of BenchmarkImportMemory, each close to the body limit but the
// last: hostile ones that must be refused cheaply, and the largest tournament that imports.
func importBodies() []struct{ name, body string } {
	fill := func(prefix, unit string) string {
		return prefix + strings.Repeat(unit, (play.MaxImportBytes-len(prefix))/len(unit))
	}
	return []struct{ name, body string }{
		{"newlines", fill("", "\n")},
		{"one line", fill("012 ", "x")},
		{"bad player lines", fill("", "001 abcd\n")},
		{"comments", fill("", "### a comment line of the kind pairing programs write\n")},
		{"the largest tournament", players(tournament.MaxPlayers)},
	}
}

// BenchmarkImportMemory sends 16 imports of each file at once to the server, round after
// round, with the default number of import slots and with a slot for each, and reports the
// peak of the heap's live and unswept objects above what it held before the round
// (peak-heap-MiB), with the answers' statuses:
//
//	go test ./internal/chessclub/play -run '^$' -bench ImportMemory -benchtime 5x
//
// The figures are in docs/BENCHMARKS.md.
func BenchmarkImportMemory(b *testing.B) {
	const clients = 16
	for _, slots := range []int{play.DefaultMaxImports, clients} {
		for _, f := range importBodies() {
			b.Run(fmt.Sprintf("slots=%d/%s", slots, f.name), func(b *testing.B) {
				benchImports(b, slots, clients, f.body)
			})
		}
	}
}

// benchImports is one case of BenchmarkImportMemory.
func benchImports(b *testing.B, slots, clients int, file string) {
	e := clubtest.New(b, sqldb.SQLite, func(c *chessclub.Config) {
		c.Play.MaxImports = slots
		c.Play.ImportsPerDay = 1 << 30
	})
	e.Register("org", "Olga Organiser")
	body := []byte(file)
	var peak float64
	statuses := map[int]int{}
	b.ReportAllocs()
	for b.Loop() {
		runtime.GC()
		base := heapObjects()
		stop := make(chan struct{})
		sampled := make(chan float64)
		go func() {
			top := base
			for {
				select {
				case <-stop:
					sampled <- top
					return
				case <-time.After(time.Millisecond):
					top = max(top, heapObjects())
				}
			}
		}()
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range clients {
			wg.Go(func() {
				rec := e.Serve(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org",
					Body: bytes.NewReader(body), ContentType: "text/plain"})
				mu.Lock()
				statuses[rec.Code]++
				mu.Unlock()
			})
		}
		wg.Wait()
		close(stop)
		peak = max(peak, (<-sampled-base)/(1<<20))
	}
	b.ReportMetric(peak, "peak-heap-MiB")
	for status, n := range statuses {
		b.ReportMetric(float64(n)/float64(b.N), fmt.Sprintf("answers-%d/round", status))
	}
}

// heapObjects returns the bytes of the heap's objects, live or not yet swept.
func heapObjects() float64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return float64(s[0].Value.Uint64())
}
