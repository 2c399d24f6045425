package sqldb

import (
	"context"
	"errors"
	"time"
)

// WriteWait is how long, at most, a write on SQLite waits for its turn behind the other
// writes of its pool (see Transact) before it fails with ErrWriteWait. A write of the
// services holds the lock for milliseconds (a TRF import of 1 000 players, one of the
// largest, about 50 ms): WriteWait lets a queue of hundreds of them drain. Once its turn has
// come, a write may still wait up to the busy timeout (10 s) for a lock that another process
// holds.
const WriteWait = 30 * time.Second

// ErrWriteWait is the error of a write on SQLite that waited WriteWait for its turn.
// IsUnavailable reports it: the request may be tried again later.
var ErrWriteWait = errors.New("sqldb: the write waited too long for its turn at the SQLite write lock")

// writeQueue lets the writes of one SQLite pool ask for the database's write lock one at a
// time, in the order they came. It is safe for concurrent use.
//
// SQLite itself queues no one: a connection that finds the lock taken sleeps and tries again
// (busy_timeout), up to 100 ms at a time, and whoever asks at the moment the lock is free gets
// it. Under a steady stream of writes that is nearly always a connection that just finished a
// write and was handed the next one, so a write that has slept once can keep losing until
// its busy timeout ends, and fails with SQLITE_BUSY though the database was never stuck. In
// the queue a write waits its turn instead, and when the turn comes nobody else of the pool
// holds or wants the lock.
//
// The queue is a channel of one slot: Go queues the goroutines blocked sending to a full
// channel first come, first served, and hands the slot to the first of them when it frees.
type writeQueue struct {
	slot chan struct{}
	wait time.Duration
}

func newWriteQueue(wait time.Duration) *writeQueue {
	return &writeQueue{slot: make(chan struct{}, 1), wait: wait}
}

// enter waits for the caller's turn and returns the function that ends it. It returns
// ErrWriteWait after q.wait, or ctx's error when ctx ends first. A nil queue (MySQL, where
// rows are locked one by one) lets every write through at once.
func (q *writeQueue) enter(ctx context.Context) (leave func(), err error) {
	if q == nil {
		return func() {}, nil
	}
	select {
	case q.slot <- struct{}{}: // the slot is free only when no one waits for it
		return q.leave, nil
	default:
	}
	timer := time.NewTimer(q.wait)
	defer timer.Stop()
	select {
	case q.slot <- struct{}{}:
		return q.leave, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, ErrWriteWait
	}
}

func (q *writeQueue) leave() { <-q.slot }
