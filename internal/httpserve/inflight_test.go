package httpserve

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestInflight follows two requests through track: snapshot names those in flight, oldest
// first; wait gives up while one runs, and returns as soon as the last one ends, for every
// waiter; and a later round of requests and waits works the same.
func TestInflight(t *testing.T) {
	f := newInflight()
	started := make(chan struct{})
	for round := range 2 {
		release := map[string]chan struct{}{"/first": make(chan struct{}), "/second": make(chan struct{})}
		h := f.track(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			started <- struct{}{}
			<-release[r.URL.Path]
		}))
		var served sync.WaitGroup
		for _, path := range []string{"/first", "/second"} {
			served.Go(func() { h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil)) })
			<-started
			time.Sleep(time.Millisecond) // the second starts later
		}
		got := f.snapshot()
		if len(got) != 2 || got[0].path != "/first" || got[1].path != "/second" || got[0].method != "GET" {
			t.Fatalf("round %d: snapshot %+v, want /first and /second", round, got)
		}
		if f.wait(10 * time.Millisecond) {
			t.Fatalf("round %d: wait returned true with two requests in flight", round)
		}
		close(release["/first"])
		waited := make(chan bool, 2)
		for range 2 {
			go func() { waited <- f.wait(10 * time.Second) }()
		}
		time.Sleep(10 * time.Millisecond)
		if got := f.snapshot(); len(got) != 1 || got[0].path != "/second" {
			t.Fatalf("round %d: snapshot %+v, want /second alone", round, got)
		}
		start := time.Now()
		close(release["/second"])
		for range 2 {
			if !<-waited {
				t.Fatalf("round %d: wait gave up", round)
			}
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("round %d: wait returned %v after the last request ended", round, d)
		}
		served.Wait()
		if got := f.snapshot(); len(got) != 0 || !f.wait(time.Millisecond) {
			t.Fatalf("round %d: %d requests left in flight", round, len(got))
		}
	}
}
