// Package coalesce gathers concurrent lookups of single keys into batches, so that a burst of
// point reads costs the database one query, and one round trip, instead of one each.
//
// It is group commit for reads. A lookup that arrives while no batch is being fetched is
// fetched at once, alone, on the caller's goroutine: at low load nothing waits and nothing
// changes. A lookup that arrives while a batch is being fetched joins a queue, and the queue
// is fetched as the next batch as soon as the current one ends. Every batch starts after each
// of its lookups arrived, so a lookup sees every write that was acknowledged before it began:
// batching changes how many queries run, never what a caller can read.
//
// Under load, the database's cost per query (a round trip to MariaDB, a read transaction in
// SQLite) is what bounds a point read; gathering the lookups that arrive during one query
// into the next spreads that cost over all of them. With 50 clients reading creatures by id,
// MariaDB spent about 100 µs of CPU per lookup alone and 13–19 µs batched (docs/BENCHMARKS.md).
// A fetch that runs on the CPU, such as SQLite's, is over before many lookups queue behind it;
// with Gather, a lookup that finds the group idle while lookups have been queueing first
// lets the goroutines ready to run reach the group, and fetches their lookups with its own.
package coalesce

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// DefaultMaxBatch is the largest batch a Group fetches when MaxBatch is not set.
const DefaultMaxBatch = 128

// DefaultTimeout bounds a fetch when Timeout is not set.
const DefaultTimeout = 10 * time.Second

// ErrTimeout is in the error of a lookup whose fetch the group's Timeout ended (beside
// context.DeadlineExceeded), and in no other: a caller's own deadline or cancellation is
// reported as it is.
var ErrTimeout = errors.New("coalesce: the fetch ran past the group's time limit")

// NoTimeout, as a Group's Timeout, leaves fetches unbounded: for a Fetch that cannot hang,
// or bounds itself.
const NoTimeout time.Duration = -1

// Fetch reads the values of keys, which are distinct, and calls found once for each key
// that has one; a key it does not call found for does not exist. An error fails every
// lookup of the batch.
type Fetch[K comparable, V any] func(ctx context.Context, keys []K, found func(K, V)) error

// A Group coalesces lookups through one Fetch. Its zero value is not usable; make one with
// New. It is safe for concurrent use.
type Group[K comparable, V any] struct {
	fetch Fetch[K, V]
	// MaxBatch is the most keys one fetch gets (DefaultMaxBatch when 0 or less); longer
	// queues are fetched in turns.
	MaxBatch int
	// Timeout bounds every fetch (DefaultTimeout when 0, none when NoTimeout), so that a database that
	// stops answering fails lookups instead of holding them, and the queue behind them, for
	// as long as it hangs. A fetch for queued lookups serves several callers, so it runs
	// under no caller's context (a caller that gives up must not fail the others); a caller
	// that runs its lookup alone runs it under its own context too.
	Timeout time.Duration
	// Gather is for a Fetch that runs on the CPU, such as SQLite's, where few lookups queue
	// behind one: a lookup that finds the group idle, while lookups have been queueing,
	// first yields to the goroutines ready to run (requests on their way to the group) and
	// then fetches the lookups they queued meanwhile together with its own, on its own
	// goroutine, under the group's timeout. When such a yield finds nobody, lookups are
	// fetched at once again until some queue: an idle server pays nothing.
	Gather bool

	mu       sync.Mutex
	fetching bool          // a batch is being fetched
	queue    []*wait[K, V] // lookups that arrived while it was
	crowded  bool          // lookups have queued since a gathering lookup last found none
	yield    func()        // runtime.Gosched; tests queue lookups in it instead
}

// wait is one queued lookup; done is closed once val, ok and err are set.
type wait[K comparable, V any] struct {
	key  K
	val  V
	ok   bool
	err  error
	done chan struct{}
}

// New returns a Group that reads through fetch.
func New[K comparable, V any](fetch Fetch[K, V]) *Group[K, V] {
	return &Group[K, V]{fetch: fetch, yield: runtime.Gosched}
}

// Get returns the value of key and whether it exists. It fails with the batch's error, or
// with ctx's error when ctx ends while the lookup waits in the queue.
func (g *Group[K, V]) Get(ctx context.Context, key K) (V, bool, error) {
	g.mu.Lock()
	if !g.fetching {
		g.fetching = true
		gather := g.Gather && g.crowded
		g.mu.Unlock()
		if !gather {
			return g.alone(ctx, key)
		}
		// Lookups have been queueing: let the goroutines that are ready to run (requests on
		// their way here) run first, and fetch the lookups they queue with this one.
		g.yield()
		g.mu.Lock()
		if len(g.queue) == 0 {
			g.crowded = false // nobody came: back to fetching at once, until lookups queue again
			g.mu.Unlock()
			return g.alone(ctx, key)
		}
		w := &wait[K, V]{key: key, done: make(chan struct{})}
		g.queue = append(g.queue, w)
		batch := g.takeLocked()
		g.mu.Unlock()
		func() {
			defer g.handOff()
			g.fetchQueued(batch)
		}()
		return w.wait(ctx) // answered by this fetch, or by the next when more than a batch queued
	}
	w := &wait[K, V]{key: key, done: make(chan struct{})}
	g.queue = append(g.queue, w)
	g.crowded = true
	g.mu.Unlock()
	return w.wait(ctx)
}

// wait returns the lookup's answer once its fetch gives it, or ctx's error if ctx ends first.
func (w *wait[K, V]) wait(ctx context.Context) (V, bool, error) {
	select {
	case <-w.done:
		return w.val, w.ok, w.err
	case <-ctx.Done():
		var zero V
		return zero, false, ctx.Err()
	}
}

// alone fetches key by itself on the caller's goroutine and context, then hands whatever
// queued meanwhile to a goroutine of its own, so that the caller can answer at once.
func (g *Group[K, V]) alone(ctx context.Context, key K) (val V, ok bool, err error) {
	defer g.handOff() // also when fetch panics: the queue must never be left without a fetcher
	fetchCtx := ctx
	if g.Timeout != NoTimeout {
		var cancel context.CancelFunc
		fetchCtx, cancel = context.WithTimeout(ctx, g.timeout())
		defer cancel()
	}
	err = g.fetch(fetchCtx, []K{key}, func(k K, v V) {
		if k == key {
			val, ok = v, true
		}
	})
	if err != nil && ctx.Err() == nil && errors.Is(fetchCtx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("%w: %w", ErrTimeout, err)
	}
	return val, ok, err
}

// handOff ends a fetch: it starts the queue's fetch when lookups are waiting, else marks
// the group idle.
func (g *Group[K, V]) handOff() {
	if batch := g.next(); batch != nil {
		go g.drain(batch)
	}
}

// next takes the next batch off the queue, or marks the group idle and returns nil.
func (g *Group[K, V]) next() []*wait[K, V] {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) == 0 {
		g.fetching = false
		return nil
	}
	return g.takeLocked()
}

// takeLocked takes the next batch off the queue, which is not empty. g.mu is held.
func (g *Group[K, V]) takeLocked() []*wait[K, V] {
	n := min(len(g.queue), g.maxBatch())
	batch := g.queue[:n:n]
	if n == len(g.queue) {
		g.queue = nil
	} else {
		g.queue = g.queue[n:]
	}
	return batch
}

// drain fetches batch and then every batch queued after it, until the queue is empty.
func (g *Group[K, V]) drain(batch []*wait[K, V]) {
	for ; batch != nil; batch = g.next() {
		g.fetchQueued(batch)
	}
}

// fetchQueued fetches batch under the group's timeout and answers each of its lookups. A
// panic in fetch becomes the batch's error: nobody up this goroutine's stack could recover
// it, and it must not take the process down.
func (g *Group[K, V]) fetchQueued(batch []*wait[K, V]) {
	keys := make([]K, 0, len(batch))
	byKey := make(map[K][]*wait[K, V], len(batch))
	for _, w := range batch {
		if _, seen := byKey[w.key]; !seen {
			keys = append(keys, w.key)
		}
		byKey[w.key] = append(byKey[w.key], w)
	}
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("coalesce: fetch panicked: %v", p)
			}
		}()
		ctx := context.Background()
		if g.Timeout != NoTimeout {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, g.timeout())
			defer cancel()
		}
		err = g.fetch(ctx, keys, func(k K, v V) {
			for _, w := range byKey[k] {
				w.val, w.ok = v, true
			}
		})
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("%w: %w", ErrTimeout, err)
		}
		return err
	}()
	for _, w := range batch {
		if err != nil {
			var zero V
			w.val, w.ok, w.err = zero, false, err
		}
		close(w.done)
	}
}

func (g *Group[K, V]) maxBatch() int {
	if g.MaxBatch > 0 {
		return g.MaxBatch
	}
	return DefaultMaxBatch
}

func (g *Group[K, V]) timeout() time.Duration {
	if g.Timeout > 0 {
		return g.Timeout
	}
	return DefaultTimeout
}
