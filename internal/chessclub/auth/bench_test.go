package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// loginEnv is a server with the production password cost and n members, user0 … user(n-1),
// all with the password "correct horse battery" under one hash made at that cost.
func loginEnv(b *testing.B, d sqldb.Dialect, n int) *clubtest.Env {
	e := clubtest.New(b, d, clubtest.DefaultThrottle, func(c *chessclub.Config) { c.Auth.Password = auth.DefaultPasswordParams })
	h, err := auth.NewHasher(auth.DefaultPasswordParams, 1)
	if err != nil {
		b.Fatal(err)
	}
	hash, err := h.Hash(context.Background(), "correct horse battery")
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if _, err := members.NewStore(e.DB, e.Clock.Now).CreateMember(context.Background(), members.Registration{Username: fmt.Sprintf("user%d", i), FullName: "U"}, hash); err != nil {
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
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := loginEnv(b, d, 1)
		for b.Loop() {
			rec := httptest.NewRecorder()
			e.Handler.ServeHTTP(rec, loginRequest(0))
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
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := loginEnv(b, d, 32)
		var mu sync.Mutex
		var lat []time.Duration
		for b.Loop() {
			var wg sync.WaitGroup
			for i := range 32 {
				wg.Go(func() {
					start := time.Now()
					rec := httptest.NewRecorder()
					e.Handler.ServeHTTP(rec, loginRequest(i))
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
