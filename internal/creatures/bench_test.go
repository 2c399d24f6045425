package creatures_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// Benchmarks through the real handler and store on each database, without the network:
//
//	go test ./internal/creatures -run '^$' -bench . -benchmem
//
// Figures are in docs/BENCHMARKS.md; scripts/bench.sh measures the same over HTTP with wrk.

// benchServer returns the catalog's handler over a new database of dialect d with rows
// creatures, and their ids (which a Galera cluster does not hand out as 1, 2, 3…).
func benchServer(b *testing.B, d sqldb.Dialect, rows int) (http.Handler, []int64) {
	b.Helper()
	return benchServerOn(b, dbtest.Open(b, d), rows)
}

// benchServerOn is benchServer on a database the caller opened.
func benchServerOn(b *testing.B, db *sqldb.DB, rows int) (http.Handler, []int64) {
	b.Helper()
	store, err := creatures.NewStore(db, "creatures")
	if err != nil {
		b.Fatal(err)
	}
	if err := store.Migrate(b.Context(), false); err != nil {
		b.Fatal(err)
	}
	ids := make([]int64, rows)
	for i := range rows {
		in := creatures.Input{Name: fmt.Sprintf("Bench %06d", i), Species: "Load", Habitat: text("Benchmark hall"),
			DangerLevel: i % 11, Description: text("A creature made for measuring how fast the catalog answers.")}
		c, err := store.Create(b.Context(), in)
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = c.ID
	}
	return creatures.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store), ids
}

func BenchmarkGetCreature(b *testing.B) {
	for _, d := range dbtest.Dialects {
		// One client per core, and 50 clients (as scripts/bench.sh's wrk -c50), whose reads
		// the store coalesces into batches.
		for _, clients := range []int{0, 50} {
			name := d.String()
			if clients > 0 {
				name += fmt.Sprintf("/clients=%d", clients)
			}
			b.Run(name, func(b *testing.B) {
				h, ids := benchServer(b, d, 1000)
				if clients > 0 {
					b.SetParallelism(max(1, clients/runtime.GOMAXPROCS(0)))
				}
				b.ResetTimer() // not the 1 000 creates
				var n atomic.Int64
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						id := ids[n.Add(1)%int64(len(ids))]
						rec := httptest.NewRecorder()
						h.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/creatures/%d", id), nil))
						if rec.Code != http.StatusOK {
							b.Fatalf("GET: %d", rec.Code)
						}
					}
				})
			})
		}
	}
}

func BenchmarkCreateCreature(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run(d.String(), func(b *testing.B) {
			h, _ := benchServer(b, d, 0)
			var n atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					body := fmt.Sprintf(`{"name":"Created %d","species":"Load","danger_level":3}`, n.Add(1))
					req := httptest.NewRequest("POST", "/creatures", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					if rec.Code != http.StatusCreated {
						b.Fatalf("POST: %d %s", rec.Code, rec.Body.String())
					}
				}
			})
		})
	}
}

func BenchmarkListCreatures10k(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run(d.String(), func(b *testing.B) {
			h, _ := benchServer(b, d, 10000)
			b.ResetTimer()
			for b.Loop() {
				w := &countingWriter{header: http.Header{}}
				h.ServeHTTP(w, httptest.NewRequest("GET", "/creatures", nil))
				if w.status != http.StatusOK {
					b.Fatalf("GET list: %d", w.status)
				}
				b.SetBytes(w.n)
			}
		})
	}
}

// countingWriter is a ResponseWriter that counts the body instead of keeping it, so that a
// large response measures the server rather than the recorder's buffer growth.
type countingWriter struct {
	header http.Header
	status int
	n      int64
}

func (w *countingWriter) Header() http.Header { return w.header }

func (w *countingWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.n += int64(len(p))
	return len(p), nil
}
