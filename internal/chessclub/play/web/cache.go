package web

import (
	"container/list"
	"context"
	"errors"
	"sync"

	"campus.example/apps/internal/problem"
)

// cacheEntryOverhead is what an entry costs besides its body and name: the map's and the
// list's records of it.
const cacheEntryOverhead = 160

// cache keeps encoded views (standings, rounds, crosstables, checks) of tournaments, each for
// the revision it was computed at. A tournament's revision changes with every change to it
// (events.go), so an entry is valid exactly while the revision it was made at is the current
// one, in this process or any other replica: no change needs to invalidate anything. While
// one request computes a view, others that want the same one wait for it instead of
// computing it again.
//
// The cache holds at most budget bytes of entries (bodies, names and their records): a view
// that would take it past the budget pushes out the views used least recently, and one that
// takes more than a quarter of the budget is served and not kept, so that a client asking for
// ever other views (tie-break lists, explanations) of a large tournament cannot grow the
// server's memory, only make the cache forget. The views computed at once are bounded too
// (computing): each holds the tournament's field while it is encoded. It is safe for
// concurrent use.
type cache struct {
	mu       sync.Mutex
	budget   int64
	bytes    int64
	entries  map[cacheKey]*list.Element // of *cached, in lru
	lru      *list.List                 // the most recently used first
	inFlight map[cacheKey]*flight
	// computing holds a token for each view being computed.
	computing chan struct{}
}

// cacheKey names a view of a tournament: what (such as "standings PTS,BH") and which.
type cacheKey struct {
	tournament int64
	what       string
}

type cached struct {
	key      cacheKey
	revision int64
	body     []byte
}

// size is what e costs the budget.
func (e *cached) size() int64 { return int64(len(e.body)+len(e.key.what)) + cacheEntryOverhead }

type flight struct {
	done chan struct{}
	// want is the revision asked for; the fields below are set before done is closed.
	want     int64
	revision int64
	body     []byte
	err      error
}

// newCache returns a cache of budget bytes that computes at most computing views at once.
func newCache(budget int64, computing int) *cache {
	return &cache{budget: budget, entries: map[cacheKey]*list.Element{}, lru: list.New(), inFlight: map[cacheKey]*flight{},
		computing: make(chan struct{}, computing)}
}

// get returns the view key at revision: the cached one when it is of that revision, or else
// what compute returns, which it stores. compute returns the view and the revision it
// was computed at, which may be later than revision.
func (c *cache) get(key cacheKey, revision int64, compute func() (int64, []byte, error)) (int64, []byte, error) {
	c.mu.Lock()
	if el, ok := c.entries[key]; ok && el.Value.(*cached).revision == revision {
		c.lru.MoveToFront(el)
		e := el.Value.(*cached)
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
		c.store(&cached{key: key, revision: fl.revision, body: fl.body})
	}
	c.mu.Unlock()
	close(fl.done)
	return fl.revision, fl.body, fl.err
}

// lookup returns the view key of revision, when the cache holds it.
func (c *cache) lookup(key cacheKey, revision int64) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok || el.Value.(*cached).revision != revision {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(*cached).body, true
}

// put keeps body as the view key of revision (see store).
func (c *cache) put(key cacheKey, revision int64, body []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.store(&cached{key: key, revision: revision, body: body})
}

// inTurn runs fn once one of the turns to compute a view is free, waiting while ctx lives;
// it returns an Unavailable problem when ctx ends first, or ends while fn runs. A view is computed from the
// tournament's whole field, which it holds until it is encoded: the turns bound the fields
// held at once.
func (c *cache) inTurn(ctx context.Context, fn func() error) error {
	select {
	case c.computing <- struct{}{}:
	case <-ctx.Done():
		return &problem.Error{Kind: problem.Unavailable, Detail: "The server is computing other views; ask again shortly."}
	}
	defer func() { <-c.computing }()
	err := fn()
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		// The turn came, but too late for the view to be computed in the time it has.
		return &problem.Error{Kind: problem.Unavailable, Detail: "The server is computing other views; ask again shortly.", Err: err}
	}
	return err
}

// store keeps e, in c.mu, unless an entry of a later revision is kept already or e is too
// large to keep; it pushes out the least recently used entries until e fits the budget.
func (c *cache) store(e *cached) {
	if el, ok := c.entries[e.key]; ok {
		if el.Value.(*cached).revision > e.revision {
			return
		}
		c.remove(el)
	}
	if e.size() > c.budget/4 {
		return
	}
	for c.bytes+e.size() > c.budget {
		c.remove(c.lru.Back())
	}
	c.entries[e.key] = c.lru.PushFront(e)
	c.bytes += e.size()
}

// remove drops el, in c.mu.
func (c *cache) remove(el *list.Element) {
	e := c.lru.Remove(el).(*cached)
	delete(c.entries, e.key)
	c.bytes -= e.size()
}

// usage returns the bytes the cache holds and its entries.
func (c *cache) usage() (bytes int64, entries int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, len(c.entries)
}
