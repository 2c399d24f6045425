package observe_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"campus.example/apps/internal/observe"
)

// BenchmarkHandler measures what Handler adds to a request in process (no network): a
// ServeMux route that writes a small JSON body, bare, with metrics, and with metrics and
// an access log, written to io.Discard (the formatting alone) or to a file (one write
// system call per line, as to stderr).
//
//	go test -run '^$' -bench Handler -benchmem ./internal/observe/
func BenchmarkHandler(b *testing.B) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /creatures/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":1,"name":"Bench 1"}`)
	})
	logText, _ := observe.NewLogger(io.Discard, observe.FormatText)
	f, err := os.Create(filepath.Join(b.TempDir(), "log"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	logFile, _ := observe.NewLogger(f, observe.FormatText)
	logJSON, _ := observe.NewLogger(io.Discard, observe.FormatJSON)
	wrap := func(opts observe.Options) http.Handler {
		opts.Registry = observe.NewRegistry(nil, "")
		h, err := observe.Handler(mux, opts)
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", mux},
		{"metrics", wrap(observe.Options{})},
		{"metrics+text", wrap(observe.Options{AccessLog: logText})},
		{"metrics+json", wrap(observe.Options{AccessLog: logJSON})},
		{"metrics+text-to-file", wrap(observe.Options{AccessLog: logFile})},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", "/creatures/7", nil)
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				c.h.ServeHTTP(w, req)
			}
		})
	}
}
