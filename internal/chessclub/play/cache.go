package play

import (
	"sync"
)

// maxCached bounds the views the cache keeps: a few tournaments' standings (under a few
// tie-break lists) and rounds. When it is full, an entry is dropped at random.
const maxCached = 512

// cache keeps encoded views (standings, rounds, crosstables) of tournaments, each for the
// revision it was computed at. A tournament's revision changes with every change to it
// (events.go), so an entry is valid exactly while the revision it was made at is the current
// one, in this process or any other replica: no change needs to invalidate anything. While
// one request computes a view, others that want the same one wait for it instead of
// computing it again. It is safe for concurrent use.
type cache struct {
	mu       sync.Mutex
	entries  map[cacheKey]cached
	inFlight map[cacheKey]*flight
}

// cacheKey names a view of a tournament: what (such as "standings PTS,BH") and which.
type cacheKey struct {
	tournament int64
	what       string
}

type cached struct {
	revision int64
	body     []byte
}

type flight struct {
	done chan struct{}
	// want is the revision asked for; the fields below are set before done is closed.
	want     int64
	revision int64
	body     []byte
	err      error
}

func newCache() *cache {
	return &cache{entries: map[cacheKey]cached{}, inFlight: map[cacheKey]*flight{}}
}

// get returns the view key at revision: the cached one when it is of that revision, or else
// what compute returns, which it stores. compute returns the view and the revision it
// was computed at, which may be later than revision.
func (c *cache) get(key cacheKey, revision int64, compute func() (int64, []byte, error)) (int64, []byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok && e.revision == revision {
		c.mu.Unlock()
		return e.revision, e.body, nil
	}
	if fl, ok := c.inFlight[key]; ok && fl.want >= revision {
		c.mu.Unlock()
		<-fl.done
		return fl.revision, fl.body, fl.err
	}
	fl := &flight{done: make(chan struct{}), want: revision}
	c.inFlight[key] = fl
	c.mu.Unlock()

	fl.revision, fl.body, fl.err = compute()
	c.mu.Lock()
	if c.inFlight[key] == fl {
		delete(c.inFlight, key)
	}
	if fl.err == nil {
		if e, ok := c.entries[key]; !ok || e.revision <= fl.revision {
			if len(c.entries) >= maxCached && !ok {
				for k := range c.entries { // drop one at random
					delete(c.entries, k)
					break
				}
			}
			c.entries[key] = cached{revision: fl.revision, body: fl.body}
		}
	}
	c.mu.Unlock()
	close(fl.done)
	return fl.revision, fl.body, fl.err
}
