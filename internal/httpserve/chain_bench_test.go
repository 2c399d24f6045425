package httpserve_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/observe"
)

// BenchmarkCatalogChain measures a point read of the Creature Catalog through every layer a
// request of the real server passes, in process (no network): Serve's own wrapper,
// observe.Handler with metrics and a text access log (to io.Discard: the formatting, not the
// write), and creatures.NewServer over SQLite. "bare" is the catalog's handler alone, so the
// difference is what the shared middleware adds.
//
//	GOMAXPROCS=1 go test -run '^$' -bench CatalogChain -benchmem ./internal/httpserve/
func BenchmarkCatalogChain(b *testing.B) {
	log, err := observe.NewLogger(io.Discard, observe.FormatText)
	if err != nil {
		b.Fatal(err)
	}
	store, err := creatures.NewStore(dbtest.SQLite(b), "creatures")
	if err != nil {
		b.Fatal(err)
	}
	if err := store.Migrate(b.Context(), false); err != nil {
		b.Fatal(err)
	}
	const rows = 100
	for i := range rows {
		desc := "A creature made for measuring what the middleware costs."
		if _, err := store.Create(b.Context(), creatures.Input{Name: fmt.Sprintf("Bench %03d", i), Species: "Load", Description: &desc}); err != nil {
			b.Fatal(err)
		}
	}
	api := creatures.NewServer(log, store)
	observed, err := observe.Handler(api, observe.Options{AccessLog: log, Registry: observe.NewRegistry(nil, "")})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", api},
		{"chain", httpserve.ServeHandler(observed, log)},
	} {
		b.Run(c.name, func(b *testing.B) {
			reqs := make([]*http.Request, rows)
			for i := range reqs {
				reqs[i] = httptest.NewRequest("GET", fmt.Sprintf("/creatures/%d", i+1), nil)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				w := httptest.NewRecorder()
				c.h.ServeHTTP(w, reqs[i%rows])
				if w.Code != http.StatusOK {
					b.Fatalf("GET: %d", w.Code)
				}
				i++
			}
		})
	}
}
