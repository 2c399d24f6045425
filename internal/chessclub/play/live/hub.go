package live

import (
	"context"
	"sync"
	"time"
)

// subscriberBuffer is how many events a stream may fall behind before it is cut off. A
// client that reads this slowly reconnects with Last-Event-ID and reads the rest from the
// database; the process never holds more than this per stream.
const subscriberBuffer = 64

// pollBatch is the most events a poller reads in one query.
const pollBatch = 200

// hub fans a tournament's events out to the streams in this process that follow it. Events
// are rows in the database (events.go), written by whichever replica made the change; one
// poller per followed tournament reads the new ones every poll interval and hands each to
// every stream that follows the tournament, however many there are. The poller starts with
// the first stream of its tournament and stops with the last. hub is safe for concurrent use.
type hub struct {
	read   func(ctx context.Context, id, after int64, limit int) ([]Event, error)
	latest func(ctx context.Context, id int64) (int64, error)
	poll   time.Duration
	// done ends every poller and stream: the server is shutting down.
	done <-chan struct{}

	mu     sync.Mutex
	topics map[int64]*topic
}

// topic is one followed tournament.
type topic struct {
	id   int64
	subs map[*subscriber]struct{}
	stop chan struct{}
}

// subscriber is one stream's mailbox. The poller closes events when the stream falls
// subscriberBuffer events behind, or when the hub is done.
type subscriber struct {
	events chan Event
	closed bool // under hub.mu
}

func newHub(read func(ctx context.Context, id, after int64, limit int) ([]Event, error), latest func(ctx context.Context, id int64) (int64, error),
	poll time.Duration, done <-chan struct{}) *hub {
	return &hub{read: read, latest: latest, poll: poll, done: done, topics: map[int64]*topic{}}
}

// subscribe adds a stream to tournament id's followers, starting its poller when it is the
// first, and returns its mailbox. Events numbered up to the tournament's revision when the
// poller started are not delivered; the caller replays what it needs from the database.
func (h *hub) subscribe(id int64) *subscriber {
	s := &subscriber{events: make(chan Event, subscriberBuffer)}
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.topics[id]
	if t == nil {
		t = &topic{id: id, subs: map[*subscriber]struct{}{}, stop: make(chan struct{})}
		h.topics[id] = t
		ready := make(chan struct{})
		go h.run(t, ready)
		h.mu.Unlock()
		<-ready // the poller knows where to start before anyone relies on it
		h.mu.Lock()
	}
	t.subs[s] = struct{}{}
	return s
}

// unsubscribe removes a stream, stopping the poller of a tournament no stream follows any
// more.
func (h *hub) unsubscribe(id int64, s *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.topics[id]
	if t == nil {
		return
	}
	delete(t.subs, s)
	h.close(s)
	if len(t.subs) == 0 {
		delete(h.topics, id)
		close(t.stop)
	}
}

func (h *hub) close(s *subscriber) {
	if !s.closed {
		s.closed = true
		close(s.events)
	}
}

// run is a tournament's poller: it reads the events after the last one it has seen, every
// poll interval, and delivers them in order.
func (h *hub) run(t *topic, ready chan<- struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-t.stop:
		case <-h.done:
		}
		cancel()
	}()
	last, err := h.latest(ctx, t.id)
	close(ready)
	ticker := time.NewTicker(h.poll)
	defer ticker.Stop()
	for {
		if err == nil {
			last, err = h.deliver(ctx, t, last)
		}
		if err != nil && ctx.Err() == nil {
			// The database did not answer: try again at the next tick, from where we were.
			err = nil
		}
		select {
		case <-ctx.Done():
			h.closeAll(t)
			return
		case <-ticker.C:
		}
	}
}

// deliver reads and hands out the events after last, and returns the last one delivered.
func (h *hub) deliver(ctx context.Context, t *topic, last int64) (int64, error) {
	for {
		events, err := h.read(ctx, t.id, last, pollBatch)
		if err != nil {
			return last, err
		}
		if len(events) == 0 {
			return last, nil
		}
		h.mu.Lock()
		for _, e := range events {
			for s := range t.subs {
				if s.closed {
					continue
				}
				select {
				case s.events <- e:
				default: // too far behind: cut off, it will catch up from the database
					h.close(s)
				}
			}
		}
		h.mu.Unlock()
		last = events[len(events)-1].Seq
		if len(events) < pollBatch {
			return last, nil
		}
	}
}

// closeAll ends every stream of a tournament whose poller stops because the server shuts
// down.
func (h *hub) closeAll(t *topic) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range t.subs {
		h.close(s)
	}
}
