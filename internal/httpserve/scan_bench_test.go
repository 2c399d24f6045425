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

// BenchmarkAsProblem measures what the guarded connection spends on each response it
// writes to recognise net/http's own answers: here a catalog read, which is none of them.
func BenchmarkAsProblem(b *testing.B) {
	resp := []byte("HTTP/1.1 200 OK\r\nCache-Control: no-cache\r\nContent-Security-Policy: " + APIContentSecurityPolicy +
		"\r\nContent-Type: application/json\r\nEtag: \"0123456789abcdef\"\r\nReferrer-Policy: no-referrer\r\n" +
		"X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nX-Request-Id: K3ZB2T7QX4MHPW6D-1v\r\n" +
		"Date: Tue, 24 Nov 2026 06:29:04 GMT\r\nContent-Length: 230\r\n\r\n" +
		`{"id":7,"name":"Bench 000007","species":"Load","habitat":"Benchmark hall","danger_level":7,"description":"A creature made for measuring how fast the catalog answers.","created_at":"2026-11-24T06:29:04Z","updated_at":"2026-11-24T06:29:04Z"}` + "\n")
	b.SetBytes(int64(len(resp)))
	for b.Loop() {
		if _, ok := asProblem(resp); ok {
			b.Fatal("a 200 taken for a problem")
		}
	}
}
