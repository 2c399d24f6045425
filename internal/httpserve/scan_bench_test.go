package httpserve

import (
	"math/rand/v2"
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
