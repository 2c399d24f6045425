package live

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"campus.example/apps/internal/problem"
)

// subscriberBuffer is how many events a stream may fall behind before it is cut off. A
// client that reads this slowly reconnects with Last-Event-ID and reads the rest from the
// database; the process never holds more than this per stream.
const subscriberBuffer = 64

// pollBatch is the most events a poller reads in one query.
const pollBatch = 200

// hub fans a tournament's events out to the streams in this process that follow it. Events
// are rows in the database (events.go), written by whichever replica made the change; one
// poller per followed tournament reads the tournament's revision every poll interval, and
// when it has grown reads the new events and hands each to every stream that follows the
// tournament, however many there are. A tournament that is gone (deleted through any
// replica) ends its streams with a last word (subscriber.deleted). The poller starts with
// the first stream of its tournament and stops with the last. hub is safe for concurrent
// use.
type hub struct {
	read func(ctx context.Context, id, after int64, limit int) ([]Event, error)
	// latest returns a tournament's revision, or an error of kind problem.NotFound when it
	// does not exist.
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
	// stop ends the poller; stopped (under hub.mu) says it was closed, and that the topic
	// is no longer in hub.topics.
	stop    chan struct{}
	stopped bool
	// gone (under hub.mu) says the tournament was deleted.
	gone bool
}

// subscriber is one stream's mailbox. The hub closes events when the stream falls
// subscriberBuffer events behind, when the hub is done, or when the tournament is
// deleted; in the last case it sets deleted first.
type subscriber struct {
	events  chan Event
	topic   *topic
	closed  bool // under hub.mu
	deleted atomic.Bool
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
	s.topic = t
	t.subs[s] = struct{}{}
	if t.stopped {
		// The poller ended while this stream waited for it: the tournament is gone, or the
		// server is shutting down. Either way the stream ends now, as the others did.
		s.deleted.Store(t.gone)
		h.close(s)
	}
	return s
}

// unsubscribe removes a stream, stopping the poller of a tournament no stream follows any
// more.
func (h *hub) unsubscribe(s *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := s.topic
	delete(t.subs, s)
	h.close(s)
	if len(t.subs) == 0 {
		h.stop(t)
	}
}

// stop ends t's poller and forgets t, once; the caller holds h.mu. A stream that follows
// the tournament from now on gets a new topic.
func (h *hub) stop(t *topic) {
	if t.stopped {
		return
	}
	t.stopped = true
	close(t.stop)
	if h.topics[t.id] == t {
		delete(h.topics, t.id)
	}
}

func (h *hub) close(s *subscriber) {
	if !s.closed {
		s.closed = true
		close(s.events)
	}
}

// deleted ends every stream of tournament id in this process, each with its last word,
// and stops its poller: the tournament is gone.
func (h *hub) deleted(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.topics[id]; t != nil {
		h.end(t)
	}
}

// end marks the tournament of t gone, closes its streams, each with deleted set, and
// stops its poller; the caller holds h.mu.
func (h *hub) end(t *topic) {
	t.gone = true
	for s := range t.subs {
		if !s.closed {
			s.deleted.Store(true)
			h.close(s)
		}
	}
	h.stop(t)
}

// run is a tournament's poller: it reads the tournament's revision every poll interval,
// and when it has grown delivers the new events in order; when the tournament is gone it
// ends its streams.
func (h *hub) run(t *topic, ready chan<- struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-t.stop:
		case <-h.done:
		case <-ctx.Done():
		}
		cancel()
	}()
	last, err := h.latest(ctx, t.id)
	// Until the poller knows where the tournament stands it delivers nothing: starting from
	// 0 would hand every follower the tournament's whole history and cut them off after
	// subscriberBuffer events.
	started := err == nil
	close(ready)
	ticker := time.NewTicker(h.poll)
	defer ticker.Stop()
	for {
		switch {
		case err != nil:
		case started:
			last, err = h.check(ctx, t, last)
		default:
			last, err = h.latest(ctx, t.id)
			started = err == nil
		}
		if isGone(err) {
			h.mu.Lock()
			h.end(t)
			h.mu.Unlock()
			return
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

// isGone reports whether err says the followed tournament no longer exists.
func isGone(err error) bool {
	return problem.KindOf(err) == problem.NotFound
}

// check reads the tournament's revision and, when it has grown past last, delivers the new
// events; it returns the last one delivered. One small read by primary key is all a quiet
// tournament costs, and it is also how a replica learns that another deleted it.
func (h *hub) check(ctx context.Context, t *topic, last int64) (int64, error) {
	rev, err := h.latest(ctx, t.id)
	if err != nil || rev <= last {
		return last, err
	}
	return h.deliver(ctx, t, last)
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
// down, and forgets the topic.
func (h *hub) closeAll(t *topic) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range t.subs {
		h.close(s)
	}
	h.stop(t)
}
