package web

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestListCache: a fresh list is served again; a change made through this process, or the
// time-to-live passing, makes the next request read again; a read that was under way when a
// change committed is not kept; concurrent requests share one read; errors are not kept.
func TestListCache(t *testing.T) {
	var c listCache
	var reads atomic.Int64
	read := func() ([]byte, error) {
		n := reads.Add(1)
		return fmt.Appendf(nil, "list %d", n), nil
	}
	t0 := time.Now()
	get := func(at time.Time, want string) {
		t.Helper()
		body, err := c.get(at, read)
		if err != nil || string(body) != want {
			t.Fatalf("get = %q, %v; want %q", body, err, want)
		}
	}
	get(t0, "list 1")
	get(t0.Add(revisionTTL/2), "list 1")
	c.changed()
	get(t0.Add(revisionTTL/2), "list 2")
	get(t0.Add(revisionTTL/2+revisionTTL), "list 3")

	// A change during a read: that read answers its own request, and is not served after.
	body, err := c.get(t0.Add(3*revisionTTL), func() ([]byte, error) {
		c.changed()
		return []byte("read before the change"), nil
	})
	if err != nil || string(body) != "read before the change" {
		t.Fatalf("get = %q, %v", body, err)
	}
	get(t0.Add(3*revisionTTL), "list 4")

	// Errors are returned, not kept.
	c.changed()
	if _, err := c.get(t0.Add(4*revisionTTL), func() ([]byte, error) { return nil, errors.New("down") }); err == nil {
		t.Fatal("the read's error was lost")
	}
	get(t0.Add(4*revisionTTL), "list 5")

	// Requests that find the list stale together wait for one read.
	c.changed()
	release := make(chan struct{})
	var wg sync.WaitGroup
	bodies := make([]string, 8)
	for i := range bodies {
		wg.Go(func() {
			b, _ := c.get(t0.Add(5*revisionTTL), func() ([]byte, error) {
				<-release
				return read()
			})
			bodies[i] = string(b)
		})
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	for _, b := range bodies {
		if b != "list 6" {
			t.Errorf("a concurrent request got %q, want list 6 (one read for all)", b)
		}
	}
}
