package httpserve

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkHeaderScanner measures what watching the request bytes costs per byte of body, on
// random bytes (a photo upload).
func BenchmarkHeaderScanner(b *testing.B) {
	buf := make([]byte, 1<<20)
	for i := range buf {
		buf[i] = byte(rand.N(256))
	}
	b.SetBytes(int64(len(buf)))
	var s headerScanner
	for b.Loop() {
		s.feed(buf)
	}
}

// BenchmarkSecurityHeaders measures the headers set on a fresh response's map, once and
// twice nested (Serve's and NewServer's).
func BenchmarkSecurityHeaders(b *testing.B) {
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	r := httptest.NewRequest("GET", "/", nil)
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"once", SecurityHeaders(noop)},
		{"nested", SecurityHeaders(SecurityHeaders(noop))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			w := httptest.NewRecorder()
			for b.Loop() {
				clear(w.Header())
				c.h.ServeHTTP(w, r)
			}
		})
	}
}
