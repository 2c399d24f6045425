package coalesce

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// gatedFetch is a Fetch over the keys 0..99 (value: the key times ten) that records every
// batch it gets and, while gate is set, holds each fetch until the test releases it.
type gatedFetch struct {
	mu      sync.Mutex
	batches [][]int
	gate    chan struct{}
	err     error
}

func (f *gatedFetch) fetch(ctx context.Context, keys []int, found func(int, int)) error {
	f.mu.Lock()
	f.batches = append(f.batches, slices.Clone(keys))
	gate := f.gate
	f.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	f.mu.Lock()
	err := f.err
	f.mu.Unlock()
	if err != nil {
		return err
	}
	for _, k := range keys {
		if k >= 0 && k < 100 {
			found(k, k*10)
		}
	}
	return nil
}

func (f *gatedFetch) seen() [][]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.batches)
}

// result is what one Get returned.
type result struct {
	key, val int
	ok       bool
	err      error
}

// holdFirst starts a Get of key that runs alone and blocks in fetch, and returns once it is
// fetching; release lets it (and every later fetch) go on.
func holdFirst(t *testing.T, g *Group[int, int], f *gatedFetch, key int) (release func(), first <-chan result) {
	t.Helper()
	gate := make(chan struct{})
	f.gate = gate
	out := make(chan result, 1)
	go func() {
		v, ok, err := g.Get(context.Background(), key)
		out <- result{key, v, ok, err}
	}()
	waitFor(t, func() bool { return len(f.seen()) == 1 })
	var once sync.Once
	return func() { once.Do(func() { close(gate) }) }, out
}

// queueGets starts a Get for each key and returns once all of them wait in g's queue.
func queueGets(t *testing.T, g *Group[int, int], ctx context.Context, keys ...int) <-chan result {
	t.Helper()
	out := make(chan result, len(keys))
	before := queued(g)
	for _, k := range keys {
		go func() {
			v, ok, err := g.Get(ctx, k)
			out <- result{k, v, ok, err}
		}()
	}
	waitFor(t, func() bool { return queued(g) == before+len(keys) })
	return out
}

func queued(g *Group[int, int]) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.queue)
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting")
		}
	}
}

func collect(t *testing.T, out <-chan result, n int) []result {
	t.Helper()
	var rs []result
	for range n {
		select {
		case r := <-out:
			rs = append(rs, r)
		case <-time.After(10 * time.Second):
			t.Fatalf("got %d of %d results", len(rs), n)
		}
	}
	return rs
}

type ctxKey struct{}

func TestAloneUsesTheCallersContextAndGoroutine(t *testing.T) {
	var got any
	g := New(func(ctx context.Context, keys []int, found func(int, int)) error {
		got = ctx.Value(ctxKey{})
		if !slices.Equal(keys, []int{7}) {
			t.Errorf("keys %v, want [7]", keys)
		}
		found(7, 70)
		return nil
	})
	ctx := context.WithValue(context.Background(), ctxKey{}, "mine")
	v, ok, err := g.Get(ctx, 7)
	if v != 70 || !ok || err != nil {
		t.Fatalf("Get(7) = %d, %v, %v", v, ok, err)
	}
	if got != "mine" {
		t.Errorf("fetch saw context value %v, want the caller's", got)
	}
	if v, ok, err := g.Get(ctx, 7); v != 70 || !ok || err != nil {
		t.Fatalf("second Get(7) = %d, %v, %v", v, ok, err)
	}
}

func TestLookupsThatArriveDuringAFetchShareTheNext(t *testing.T) {
	f := &gatedFetch{}
	g := New(f.fetch)
	release, first := holdFirst(t, g, f, 1)
	keys := []int{5, 6, 5, 200, 7, 6, 6}
	out := queueGets(t, g, context.Background(), keys...)
	release()
	if r := <-first; r.val != 10 || !r.ok || r.err != nil {
		t.Errorf("first = %+v", r)
	}
	for _, r := range collect(t, out, len(keys)) {
		wantOK := r.key < 100
		if r.err != nil || r.ok != wantOK || (wantOK && r.val != r.key*10) || (!wantOK && r.val != 0) {
			t.Errorf("Get(%d) = %d, %v, %v", r.key, r.val, r.ok, r.err)
		}
	}
	batches := f.seen()
	if len(batches) != 2 {
		t.Fatalf("batches %v, want two: the first alone, then the queue", batches)
	}
	// Each key once, in the order the lookups queued (which goroutine queued first varies).
	second := slices.Clone(batches[1])
	slices.Sort(second)
	if !slices.Equal(second, []int{5, 6, 7, 200}) {
		t.Errorf("second batch %v, want the distinct keys 5 6 7 200", batches[1])
	}
}

func TestLongQueuesAreFetchedInBatchesOfMaxBatch(t *testing.T) {
	f := &gatedFetch{}
	g := New(f.fetch)
	g.MaxBatch = 4
	release, first := holdFirst(t, g, f, 0)
	keys := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	out := queueGets(t, g, context.Background(), keys...)
	release()
	<-first
	for _, r := range collect(t, out, len(keys)) {
		if r.err != nil || !r.ok || r.val != r.key*10 {
			t.Errorf("Get(%d) = %d, %v, %v", r.key, r.val, r.ok, r.err)
		}
	}
	var sizes []int
	for _, b := range f.seen() {
		sizes = append(sizes, len(b))
	}
	if !slices.Equal(sizes, []int{1, 4, 4, 2}) {
		t.Errorf("batch sizes %v, want [1 4 4 2]", sizes)
	}
}

func TestAFailedFetchFailsItsBatchOnly(t *testing.T) {
	f := &gatedFetch{}
	g := New(f.fetch)
	release, first := holdFirst(t, g, f, 1)
	boom := errors.New("database gone")
	f.mu.Lock()
	f.err = boom
	f.mu.Unlock()
	out := queueGets(t, g, context.Background(), 2, 3)
	release()
	if r := <-first; !errors.Is(r.err, boom) {
		t.Errorf("first: %+v, want the error", r)
	}
	for _, r := range collect(t, out, 2) {
		if !errors.Is(r.err, boom) || r.ok || r.val != 0 {
			t.Errorf("Get(%d) = %d, %v, %v; want the batch's error", r.key, r.val, r.ok, r.err)
		}
	}
	f.mu.Lock()
	f.err = nil
	f.mu.Unlock()
	if v, ok, err := g.Get(context.Background(), 4); v != 40 || !ok || err != nil {
		t.Errorf("after the failure, Get(4) = %d, %v, %v", v, ok, err)
	}
}

func TestACallerThatGivesUpLeavesTheOthers(t *testing.T) {
	f := &gatedFetch{}
	g := New(f.fetch)
	release, first := holdFirst(t, g, f, 1)
	ctx, cancel := context.WithCancel(context.Background())
	gone := queueGets(t, g, ctx, 2)
	stay := queueGets(t, g, context.Background(), 3)
	cancel()
	if r := collect(t, gone, 1)[0]; !errors.Is(r.err, context.Canceled) || errors.Is(r.err, ErrTimeout) {
		t.Errorf("cancelled Get = %+v, want context.Canceled while the batch is still held", r)
	}
	release()
	<-first
	if r := collect(t, stay, 1)[0]; r.err != nil || r.val != 30 {
		t.Errorf("Get(3) = %+v", r)
	}
}

func TestAPanicNeitherStallsTheGroupNorEscapesAQueuedFetch(t *testing.T) {
	var calls atomic.Int32
	block := make(chan struct{})
	g := New(func(_ context.Context, keys []int, found func(int, int)) error {
		switch calls.Add(1) {
		case 1: // alone: hold it until the second lookup queues, then panic
			<-block
			panic("first fetch")
		case 2: // the queued batch, on the group's own goroutine
			panic("queued fetch")
		}
		for _, k := range keys {
			found(k, k*10)
		}
		return nil
	})
	panicked := make(chan any, 1)
	go func() {
		defer func() { panicked <- recover() }()
		_, _, _ = g.Get(context.Background(), 1)
	}()
	waitFor(t, func() bool { return calls.Load() == 1 })
	out := queueGets(t, g, context.Background(), 2)
	close(block)
	if p := <-panicked; p != "first fetch" {
		t.Errorf("the alone caller recovered %v, want its fetch's panic", p)
	}
	if r := collect(t, out, 1)[0]; r.err == nil || r.ok {
		t.Errorf("queued Get after a panicking fetch = %+v, want an error", r)
	}
	if v, ok, err := g.Get(context.Background(), 3); v != 30 || !ok || err != nil {
		t.Errorf("after both panics Get(3) = %d, %v, %v; the group must still work", v, ok, err)
	}
}

func TestAQueuedFetchRunsUnderTheGroupTimeout(t *testing.T) {
	f := &gatedFetch{}
	g := New(f.fetch)
	g.Timeout = 50 * time.Millisecond
	release, first := holdFirst(t, g, f, 1)
	out := queueGets(t, g, context.Background(), 2)
	// Let the first fetch go, but not the queued one: later fetches wait on a gate that
	// never opens.
	f.mu.Lock()
	f.gate = make(chan struct{})
	f.mu.Unlock()
	release()
	<-first
	if r := collect(t, out, 1)[0]; !errors.Is(r.err, context.DeadlineExceeded) || !errors.Is(r.err, ErrTimeout) {
		t.Errorf("queued Get = %+v, want the group's timeout", r)
	}
}

// TestManyCallersGetTheirOwnValues is the race detector's test: many goroutines, random keys,
// some missing, and every answer must be its key's.
func TestManyCallersGetTheirOwnValues(t *testing.T) {
	for _, gather := range []bool{false, true} {
		t.Run(fmt.Sprintf("gather=%v", gather), func(t *testing.T) {
			var fetches, keysFetched atomic.Int64
			g := New(func(_ context.Context, keys []int, found func(int, string)) error {
				fetches.Add(1)
				keysFetched.Add(int64(len(keys)))
				time.Sleep(50 * time.Microsecond) // a query's time, so that lookups queue
				for _, k := range keys {
					if k%7 != 0 {
						found(k, fmt.Sprint("v", k))
					}
				}
				return nil
			})
			g.Gather = gather
			const workers, each = 32, 300
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					rnd := rand.New(rand.NewPCG(uint64(w), 1))
					for range each {
						k := rnd.IntN(500)
						v, ok, err := g.Get(context.Background(), k)
						if err != nil || ok != (k%7 != 0) || (ok && v != fmt.Sprint("v", k)) {
							t.Errorf("Get(%d) = %q, %v, %v", k, v, ok, err)
							return
						}
					}
				})
			}
			wg.Wait()
			if fetches.Load() >= workers*each {
				t.Errorf("%d fetches for %d lookups: nothing was coalesced", fetches.Load(), workers*each)
			}
			t.Logf("%d lookups in %d fetches (%d keys fetched)", workers*each, fetches.Load(), keysFetched.Load())
		})
	}
}

// crowd makes g's lookups queue once (one held alone, one behind it), as under load, so that
// the next lookup on an idle group gathers; it returns once the group is idle again.
func crowd(t *testing.T, g *Group[int, int], f *gatedFetch) {
	t.Helper()
	release, first := holdFirst(t, g, f, 90)
	queued := queueGets(t, g, context.Background(), 91)
	release()
	collect(t, first, 1)
	collect(t, queued, 1)
	waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return !g.fetching })
	if !g.crowded {
		t.Fatal("a lookup queued, and the group is not crowded")
	}
}

func TestGather(t *testing.T) {
	tests := []struct {
		name         string
		crowded      bool  // lookups queued before
		arrive       []int // lookups that queue while the gathering one yields
		maxBatch     int
		sizes        []int // of the batches after crowd's; the gathering lookup's key, 7, is in the last
		crowdedAfter bool
	}{
		{"an idle group fetches at once, without yielding", false, nil, 0, []int{1}, false},
		{"a yield that finds nobody fetches alone and stops gathering", true, nil, 0, []int{1}, false},
		{"lookups that queue during the yield share the fetch", true, []int{3, 4}, 0, []int{3}, true},
		{"past MaxBatch the gathering lookup waits for the next batch", true, []int{3, 4, 5}, 2, []int{2, 2}, true},
		{"the same key twice is fetched once", true, []int{7, 7}, 0, []int{1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &gatedFetch{}
			g := New(f.fetch)
			g.Gather, g.MaxBatch = true, tt.maxBatch
			if tt.crowded {
				crowd(t, g, f)
			}
			f.gate = nil
			before := len(f.seen())
			var arrived <-chan result
			yielded := false
			g.yield = func() {
				yielded = true
				if !tt.crowded {
					t.Error("yielded on a group where nothing had queued")
				}
				arrived = queueGets(t, g, context.Background(), tt.arrive...)
			}
			v, ok, err := g.Get(context.Background(), 7)
			if v != 70 || !ok || err != nil {
				t.Errorf("Get(7) = %d, %v, %v", v, ok, err)
			}
			for _, r := range collect(t, arrived, len(tt.arrive)) {
				if r.val != r.key*10 || !r.ok || r.err != nil {
					t.Errorf("a lookup that arrived during the yield: %+v", r)
				}
			}
			waitFor(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return !g.fetching })
			// The lookups that arrive queue in any order; which batch holds each of them
			// varies, but not the batches' sizes, the keys fetched, or 7 in the last.
			got := f.seen()[before:]
			var sizes, keys []int
			for _, b := range got {
				sizes = append(sizes, len(b))
				keys = append(keys, b...)
			}
			slices.Sort(keys)
			want := slices.Compact(slices.Sorted(slices.Values(append([]int{7}, tt.arrive...))))
			if !slices.Equal(sizes, tt.sizes) || !slices.Equal(keys, want) || !slices.Contains(got[len(got)-1], 7) {
				t.Errorf("batches %v; want sizes %v, keys %v, and 7 in the last", got, tt.sizes, want)
			}
			if yielded != tt.crowded || g.crowded != tt.crowdedAfter {
				t.Errorf("yielded %v, crowded after %v; want %v, %v", yielded, g.crowded, tt.crowded, tt.crowdedAfter)
			}
		})
	}
}

func TestAnAloneFetchRunsUnderTheGroupTimeoutToo(t *testing.T) {
	g := New(func(ctx context.Context, _ []int, _ func(int, int)) error {
		<-ctx.Done() // a database that stopped answering
		return ctx.Err()
	})
	g.Timeout = 50 * time.Millisecond
	start := time.Now()
	if _, _, err := g.Get(context.Background(), 1); !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrTimeout) {
		t.Errorf("Get = %v, want the group's timeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Get took %v", d)
	}
}

func TestNoTimeoutLeavesFetchesUnbounded(t *testing.T) {
	f := &gatedFetch{}
	deadlines := make(chan bool, 2)
	g := New(func(ctx context.Context, keys []int, found func(int, int)) error {
		_, has := ctx.Deadline()
		deadlines <- has
		return f.fetch(ctx, keys, found)
	})
	g.Timeout = NoTimeout
	release, first := holdFirst(t, g, f, 1)
	out := queueGets(t, g, context.Background(), 2)
	release()
	<-first
	collect(t, out, 1)
	if alone, queued := <-deadlines, <-deadlines; alone || queued {
		t.Errorf("deadline set: alone %v, queued %v; want none", alone, queued)
	}
}

func TestACallersOwnDeadlineIsNotTheGroups(t *testing.T) {
	g := New(func(ctx context.Context, _ []int, _ func(int, int)) error {
		<-ctx.Done()
		return ctx.Err()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, _, err := g.Get(ctx, 1); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTimeout) {
		t.Errorf("Get = %v, want the caller's deadline, not ErrTimeout", err)
	}
}
