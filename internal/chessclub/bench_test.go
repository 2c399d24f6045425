package chessclub

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// The benchmarks call the handler in-process, without a network, on both dialects:
//
//	go test -run '^$' -bench . -benchtime 2s ./internal/chessclub/
//
// Figures are in docs/BENCHMARKS.md.

// serve sends one request straight to the handler, without the OpenAPI check of do.
func (e *env) serve(b *testing.B, method, path, token string, body []byte, contentType string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, r)
	return rec
}

func forDialectsB(b *testing.B, fn func(b *testing.B, d sqldb.Dialect)) {
	for _, d := range dbtest.Dialects {
		b.Run(d.String(), func(b *testing.B) { fn(b, d) })
	}
}

// BenchmarkListTournaments lists 200 tournaments.
func BenchmarkListTournaments(b *testing.B) {
	forDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := newEnv(b, d)
		e.register("alice", "Alice", "")
		for i := range 200 {
			e.tournament("alice", fmt.Sprintf("Tournament %d", i), fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1))
		}
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.serve(b, "GET", "/api/tournaments", "", nil, ""); rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
}

// BenchmarkListMembers lists 200 members as a logged-in member.
func BenchmarkListMembers(b *testing.B) {
	forDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := newEnv(b, d)
		e.register("alice", "Alice", "alice@example.org")
		for i := range 199 {
			email := fmt.Sprintf("m%d@example.org", i)
			reg := Registration{Username: fmt.Sprintf("member%03d", i), FullName: fmt.Sprintf("Member %03d", i), Email: &email}
			if _, err := e.store.CreateMember(context.Background(), reg, "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"); err != nil {
				b.Fatal(err)
			}
		}
		token := e.tokens["alice"]
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.serve(b, "GET", "/api/members", token, nil, ""); rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
}

// loginEnv is a server with the production password cost and n members, user0 … user(n-1),
// all with the password "correct horse battery" under one hash made at that cost.
func loginEnv(b *testing.B, d sqldb.Dialect, n int) *env {
	e := newEnv(b, d, func(c *Config) { c.Password = DefaultPasswordParams })
	h, err := NewHasher(DefaultPasswordParams, 1)
	if err != nil {
		b.Fatal(err)
	}
	hash, err := h.Hash(context.Background(), "correct horse battery")
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if _, err := e.store.CreateMember(context.Background(), Registration{Username: fmt.Sprintf("user%d", i), FullName: "U"}, hash); err != nil {
			b.Fatal(err)
		}
	}
	return e
}

func loginRequest(i int) *http.Request {
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(fmt.Sprintf(`{"username":"user%d","password":"correct horse battery"}`, i)))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = fmt.Sprintf("10.0.%d.%d:50000", i/250, i%250)
	return r
}

// BenchmarkLogin logs in one request at a time, at the production argon2id cost.
func BenchmarkLogin(b *testing.B) {
	forDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := loginEnv(b, d, 1)
		for b.Loop() {
			rec := httptest.NewRecorder()
			e.srv.ServeHTTP(rec, loginRequest(0))
			if rec.Code != http.StatusOK {
				b.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkLoginConcurrent32 runs 32 logins at a time, by 32 members from 32 addresses, and
// reports their latency: the hashing semaphore queues them, so latency grows with the queue
// while memory stays bounded.
func BenchmarkLoginConcurrent32(b *testing.B) {
	forDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := loginEnv(b, d, 32)
		var mu sync.Mutex
		var lat []time.Duration
		for b.Loop() {
			var wg sync.WaitGroup
			for i := range 32 {
				wg.Go(func() {
					start := time.Now()
					rec := httptest.NewRecorder()
					e.srv.ServeHTTP(rec, loginRequest(i))
					el := time.Since(start)
					if rec.Code != http.StatusOK {
						b.Errorf("status %d: %s", rec.Code, rec.Body)
					}
					mu.Lock()
					lat = append(lat, el)
					mu.Unlock()
				})
			}
			wg.Wait()
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Milliseconds()), "p99-ms")
		b.ReportMetric(float64(len(lat))/b.Elapsed().Seconds(), "logins/s")
	})
}

// noisyJPEG returns a JPEG of about size bytes with an EXIF block: noise compresses badly,
// like a phone photo's detail.
func noisyJPEG(b *testing.B, size int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	side := 800
	for {
		img := image.NewRGBA(image.Rect(0, 0, side, side))
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(256))
		}
		img.Set(0, 0, color.White)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
			b.Fatal(err)
		}
		if buf.Len() >= size {
			out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x20}, "Exif\x00\x00MM\x00\x2a"+strings.Repeat("G", 20)...)
			return append(out, buf.Bytes()[2:]...)
		}
		side += side / 4
	}
}

// BenchmarkUploadJPEG uploads a 3 MB JPEG with EXIF as multipart, replacing the previous
// photo each time: streaming to a temporary file, metadata removal, a full decode, fsync,
// rename, record.
func BenchmarkUploadJPEG(b *testing.B) {
	photo := noisyJPEG(b, 3<<20)
	forDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := newEnv(b, d)
		e.register("alice", "Alice", "")
		body, ct := multipartBody(b, "photo", photo)
		b.SetBytes(int64(len(photo)))
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.serve(b, "POST", "/api/figures", e.tokens["alice"], body, ct); rec.Code != http.StatusCreated {
				b.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
		}
	})
}
