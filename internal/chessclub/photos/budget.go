package photos

import (
	"container/list"
	"context"
	"sync"
	"time"

	"campus.example/apps/internal/problem"
)

// photoBudget admits photo decodes by the memory they will take (imagefile.DecodeCost), so that all
// the decodes running at once never hold more than its capacity. A decode that does not fit
// waits in a first-come, first-served queue: a large photo at its head is not overtaken by
// small ones, so it cannot starve. The wait is bounded, and so is the queue, since every
// waiting upload holds a temporary file and a connection. It is safe for concurrent use.
type photoBudget struct {
	capacity int64
	maxWait  time.Duration
	maxQueue int
	// waited, when not nil, learns how long each admitted or refused decode waited (a
	// metric). It is set before the budget is shared.
	waited func(time.Duration)

	mu    sync.Mutex
	used  int64
	queue list.List // of *budgetWaiter, oldest first
}

type budgetWaiter struct {
	n     int64
	ready chan struct{} // closed when the bytes are granted
}

// Photo budget defaults.
const (
	// DefaultPhotoMemory is the memory all photo decodes may take at once, 256 MiB.
	DefaultPhotoMemory = 256 << 20
	// MinPhotoMemory is the smallest budget accepted: less would refuse most photos.
	MinPhotoMemory = 32 << 20
	// photoWait is how long an upload waits for its share of the budget.
	photoWait = 10 * time.Second
	// photoQueue is how many uploads may wait at once.
	photoQueue = 16
	// photoRetryAfter is the Retry-After of a refusal for lack of memory, in seconds: about
	// what decoding one large photo takes.
	photoRetryAfter = 2
)

func newPhotoBudget(capacity int64) *photoBudget {
	return &photoBudget{capacity: capacity, maxWait: photoWait, maxQueue: photoQueue}
}

// errPhotoBusy is returned when the queue is full or the wait too long.
func errPhotoBusy() error {
	return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: photoRetryAfter,
		Detail: "The server is decoding other photos and has no memory to spare for this one now; try again shortly."}
}

// acquire takes n bytes of the budget, waiting up to maxWait behind earlier requests. It
// returns a TooManyRequests problem when the queue is full or the wait ends, and ctx's error
// when ctx ends first. The caller must pass n to release once the decode's memory is free.
// n must not exceed the capacity (a photo that could never fit is refused before).
func (b *photoBudget) acquire(ctx context.Context, n int64) error {
	start := time.Now()
	b.mu.Lock()
	if b.queue.Len() == 0 && b.used+n <= b.capacity {
		b.used += n
		b.mu.Unlock()
		b.noteWait(start)
		return nil
	}
	if b.queue.Len() >= b.maxQueue {
		b.mu.Unlock()
		return errPhotoBusy()
	}
	w := &budgetWaiter{n: n, ready: make(chan struct{})}
	elem := b.queue.PushBack(w)
	b.mu.Unlock()

	t := time.NewTimer(b.maxWait)
	defer t.Stop()
	defer b.noteWait(start)
	var err error
	select {
	case <-w.ready:
		return nil
	case <-t.C:
		err = errPhotoBusy()
	case <-ctx.Done():
		err = ctx.Err()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-w.ready:
		// Granted while giving up: hand the bytes back.
		b.used -= n
	default:
		b.queue.Remove(elem)
	}
	// Whoever waited behind this request may fit now.
	b.grant()
	return err
}

// release returns n bytes and admits the waiting requests that now fit, in order.
func (b *photoBudget) release(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	b.grant()
}

// grant admits waiters from the head of the queue while they fit. b.mu must be held.
func (b *photoBudget) grant() {
	for e := b.queue.Front(); e != nil; e = b.queue.Front() {
		w := e.Value.(*budgetWaiter)
		if b.used+w.n > b.capacity {
			return
		}
		b.used += w.n
		close(w.ready)
		b.queue.Remove(e)
	}
}

// inUse returns the bytes taken now, for tests.
func (b *photoBudget) inUse() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// noteWait tells b.waited, when set, how long an acquire that began at start waited.
func (b *photoBudget) noteWait(start time.Time) {
	if b.waited != nil {
		b.waited(time.Since(start))
	}
}
