package photos

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/problem"
)

// acquireAsync starts acquire(n) and returns the channel its result arrives on.
func acquireAsync(ctx context.Context, b *photoBudget, n int64) chan error {
	c := make(chan error, 1)
	go func() { c <- b.acquire(ctx, n) }()
	return c
}

// waitQueued waits until n requests are queued.
func waitQueued(t *testing.T, b *photoBudget, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		b.mu.Lock()
		l := b.queue.Len()
		b.mu.Unlock()
		if l == n {
			return
		}
	}
	t.Fatalf("%d requests never queued", n)
}

func isBusy(err error) bool {
	var pe *problem.Error
	return errors.As(err, &pe) && pe.Kind == problem.TooManyRequests && pe.RetryAfter > 0
}

// TestPhotoBudget_FirstComeFirstServed checks that a request that would fit waits behind an
// earlier one that does not, and that both get in, in order, once memory is released.
func TestPhotoBudget_FirstComeFirstServed(t *testing.T) {
	b := newPhotoBudget(100)
	if err := b.acquire(t.Context(), 60); err != nil {
		t.Fatal(err)
	}
	big := acquireAsync(t.Context(), b, 50)
	waitQueued(t, b, 1)
	small := acquireAsync(t.Context(), b, 30)
	waitQueued(t, b, 2)
	select {
	case <-small:
		t.Fatal("a later, smaller request overtook the one at the head of the queue")
	case <-time.After(50 * time.Millisecond):
	}
	b.release(60)
	if err := <-big; err != nil {
		t.Fatal(err)
	}
	if err := <-small; err != nil {
		t.Fatal(err)
	}
	if got := b.inUse(); got != 80 {
		t.Errorf("in use %d, want 80", got)
	}
}

func TestPhotoBudget_Refusals(t *testing.T) {
	t.Run("wait too long", func(t *testing.T) {
		b := newPhotoBudget(100)
		b.maxWait = 20 * time.Millisecond
		if err := b.acquire(t.Context(), 100); err != nil {
			t.Fatal(err)
		}
		if err := b.acquire(t.Context(), 1); !isBusy(err) {
			t.Fatalf("acquire = %v, want TooManyRequests with Retry-After", err)
		}
		b.release(100)
		if got, q := b.inUse(), b.queue.Len(); got != 0 || q != 0 {
			t.Errorf("after the timeout: %d in use, %d queued", got, q)
		}
	})
	t.Run("queue full", func(t *testing.T) {
		b := newPhotoBudget(100)
		b.maxQueue = 2
		if err := b.acquire(t.Context(), 100); err != nil {
			t.Fatal(err)
		}
		waiting := []chan error{acquireAsync(t.Context(), b, 10)}
		waitQueued(t, b, 1)
		waiting = append(waiting, acquireAsync(t.Context(), b, 10))
		waitQueued(t, b, 2)
		start := time.Now()
		if err := b.acquire(t.Context(), 10); !isBusy(err) || time.Since(start) > time.Second {
			t.Fatalf("acquire with a full queue = %v after %v, want TooManyRequests at once", err, time.Since(start))
		}
		b.release(100)
		for _, c := range waiting {
			if err := <-c; err != nil {
				t.Error(err)
			}
		}
	})
	t.Run("context ends", func(t *testing.T) {
		b := newPhotoBudget(100)
		if err := b.acquire(t.Context(), 90); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		head := acquireAsync(ctx, b, 50)
		waitQueued(t, b, 1)
		behind := acquireAsync(t.Context(), b, 10)
		waitQueued(t, b, 2)
		cancel()
		if err := <-head; !errors.Is(err, context.Canceled) {
			t.Errorf("acquire = %v, want context.Canceled", err)
		}
		// The request behind the one that gave up fits, and gets in without a release.
		if err := <-behind; err != nil {
			t.Error(err)
		}
		if got := b.inUse(); got != 100 {
			t.Errorf("in use %d, want 100", got)
		}
	})
}

// TestPhotoBudget_NeverOver runs many requests of random sizes at once and checks that what
// they hold together never exceeds the capacity, and that every one gets in.
func TestPhotoBudget_NeverOver(t *testing.T) {
	const capacity = 1000
	b := newPhotoBudget(capacity)
	b.maxQueue = 1000
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for i := range 200 {
		n := 1 + rand.Int64N(capacity)
		wg.Go(func() {
			if err := b.acquire(t.Context(), n); err != nil {
				t.Errorf("request %d: %v", i, err)
				return
			}
			now := held.Add(n)
			for p := peak.Load(); now > p && !peak.CompareAndSwap(p, now); p = peak.Load() {
			}
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			held.Add(-n)
			b.release(n)
		})
	}
	wg.Wait()
	if p := peak.Load(); p > capacity || p == 0 {
		t.Errorf("peak held %d, capacity %d", p, capacity)
	}
	if got := b.inUse(); got != 0 {
		t.Errorf("%d still in use", got)
	}
}
