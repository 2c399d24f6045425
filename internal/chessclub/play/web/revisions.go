package web

import (
	"context"
	"sync"
	"time"
)

// revisionTTL is how long a process trusts a tournament's revisions it has read: a view it
// serves may lag a change made through another replica by this much, never one made through
// itself (which forgets the revisions it changes). Two hundred clients polling a tournament
// then cost its database about ten small reads a second instead of hundreds.
const revisionTTL = 100 * time.Millisecond

// revisionCache remembers tournaments' revisions for revisionTTL. It is safe for concurrent
// use.
type revisionCache struct {
	mu      sync.Mutex
	entries map[int64]revisionEntry
	// reading holds the reads in progress, so that requests that find an entry expired at
	// the same moment wait for one read instead of each making one.
	reading map[int64]*revisionRead
}

type revisionEntry struct {
	revs [2]int64
	at   time.Time
}

type revisionRead struct {
	done chan struct{}
	revs [2]int64
	err  error
}

// maxRevisions bounds the entries kept; beyond it the cache starts again empty.
const maxRevisions = 4096

func newRevisionCache() *revisionCache {
	return &revisionCache{entries: map[int64]revisionEntry{}, reading: map[int64]*revisionRead{}}
}

// get returns tournament id's revisions, from the cache when they were read less than
// revisionTTL ago, else through read.
func (c *revisionCache) get(id int64, now time.Time, read func() ([2]int64, error)) ([2]int64, error) {
	c.mu.Lock()
	if e, ok := c.entries[id]; ok && now.Sub(e.at) < revisionTTL {
		c.mu.Unlock()
		return e.revs, nil
	}
	if r, ok := c.reading[id]; ok {
		c.mu.Unlock()
		<-r.done
		return r.revs, r.err
	}
	r := &revisionRead{done: make(chan struct{})}
	c.reading[id] = r
	c.mu.Unlock()

	r.revs, r.err = read()
	c.mu.Lock()
	delete(c.reading, id)
	if r.err == nil {
		if len(c.entries) >= maxRevisions {
			c.entries = map[int64]revisionEntry{}
		}
		c.entries[id] = revisionEntry{revs: r.revs, at: now}
	}
	c.mu.Unlock()
	close(r.done)
	return r.revs, r.err
}

// forget drops what the cache knows of tournament id: this process has just changed it.
func (c *revisionCache) forget(id int64) {
	c.mu.Lock()
	delete(c.entries, id)
	c.mu.Unlock()
}

// revisions returns the tournament's revision and standings revision, by viewKey, read at
// most revisionTTL ago.
func (h *Handlers) revisions(ctx context.Context, id int64) ([2]int64, error) {
	return h.revs.get(id, time.Now(), func() ([2]int64, error) {
		// Others may wait for this read: it must not end with the client that started it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), viewTimeout)
		defer cancel()
		rev, standings, err := h.play.Revisions(ctx, id)
		return [2]int64{byRevision: rev, byStandings: standings}, err
	})
}
