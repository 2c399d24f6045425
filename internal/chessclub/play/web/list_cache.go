package web

import (
	"sync"
	"time"
)

// listCache keeps the encoded answer of GET /api/tournaments. Reading every tournament with
// its entries' count costs the database far more than sending the result, and the list is
// what every client asks for first and polls. An answer is served again while it is younger
// than revisionTTL and no change was made through this process since it was read: like the
// views, the list may lag a change made through another replica by 100 ms, never one made
// through this one. Requests that find it stale together wait for one read. It is safe for
// concurrent use.
type listCache struct {
	mu sync.Mutex
	// gen counts the changes this process made to tournaments; changed bumps it once a
	// change has committed.
	gen uint64
	// body was read at gen, starting at time at.
	body   []byte
	bodyOf uint64
	at     time.Time
	flight *listRead
}

type listRead struct {
	done chan struct{}
	gen  uint64
	body []byte
	err  error
}

// changed records that this process has changed a tournament (after its commit): a list
// read before is not served again.
func (c *listCache) changed() {
	c.mu.Lock()
	c.gen++
	c.mu.Unlock()
}

// get returns the list's body, the cached one when it is fresh, else one read by read.
func (c *listCache) get(now time.Time, read func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if c.body != nil && c.bodyOf == c.gen && now.Sub(c.at) < revisionTTL {
		body := c.body
		c.mu.Unlock()
		return body, nil
	}
	if f := c.flight; f != nil && f.gen == c.gen {
		c.mu.Unlock()
		<-f.done
		return f.body, f.err
	}
	f := &listRead{done: make(chan struct{}), gen: c.gen}
	c.flight = f
	c.mu.Unlock()

	f.body, f.err = read()
	c.mu.Lock()
	if c.flight == f {
		c.flight = nil
	}
	// A read that started before a change committed is never kept for later requests.
	if f.err == nil && f.gen == c.gen {
		c.body, c.bodyOf, c.at = f.body, f.gen, now
	}
	c.mu.Unlock()
	close(f.done)
	return f.body, f.err
}
