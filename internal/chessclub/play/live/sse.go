package live

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"campus.example/apps/internal/problem"
)

// EventReset is the event a stream sends when it cannot replay everything the client
// missed (its Last-Event-ID is older than the events kept): the client should read the
// tournament again.
const EventReset = "reset"

// EventDeleted is the last event of a stream whose tournament was deleted; the server then
// ends the stream, and a new one is 404. The client should stop following the tournament.
const EventDeleted = "deleted"

// Serve answers a request for the stream of tournament id: a Server-Sent Events stream of
// what happens in the tournament. Each event has its number as its id, its type as its
// event name, and a JSON object as its data. A client that reconnects with the header
// Last-Event-ID first gets every event after that one, from the database, then the new
// ones: it misses nothing, whichever replica it reaches. A stream lives until the client
// goes, the server shuts down, the client falls too far behind (it then reconnects), or
// the tournament is deleted, through any replica: the stream then ends with an event
// EventDeleted. Beyond Config.MaxStreamsPerClient streams of one client the answer is 429,
// beyond Config.MaxStreams in all 503, both with Retry-After (refuse).
func (s *Streams) Serve(w http.ResponseWriter, r *http.Request, id int64) error {
	after, given, err := lastEventID(r)
	if err != nil {
		return err
	}
	// The limits come before the database: a flood of refused requests costs no query.
	client := s.cfg.Client(r)
	if reason := s.limits.acquire(client); reason != "" {
		s.refuse(w, r, reason, client)
		return nil
	}
	defer s.limits.release(client)
	rev, err := s.revision(r.Context(), id)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	// A stream outlives the server's read and write timeouts; each write gets its own
	// deadline instead (send).
	if err := rc.SetReadDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	sub := s.hub.subscribe(id)
	defer s.hub.unsubscribe(sub)

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	st := &stream{w: w, rc: rc}
	st.write(fmt.Sprintf("retry: %d\n\n", retryMillis))
	last := rev
	if given {
		if last, err = s.replay(r, st, id, after, rev); err != nil {
			return nil // the stream has started; the client reconnects
		}
	}
	if st.flush() != nil {
		return nil
	}
	heartbeat := time.NewTicker(s.cfg.Heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case e, ok := <-sub.events:
			if !ok {
				if sub.deleted.Load() {
					st.deleted(id)
					_ = st.flush()
				}
				return nil
			}
			if e.Seq <= last {
				continue // replayed already
			}
			last = e.Seq
			st.event(e)
		case <-heartbeat.C:
			st.write(": heartbeat\n\n")
		case <-r.Context().Done():
			return nil
		}
		if st.flush() != nil {
			return nil
		}
	}
}

// replay sends the events after after, up to the tournament's revision when the stream
// began at least, and returns the last one sent. When the events kept do not reach back to
// after (they expire), or after is beyond anything the tournament had, it sends a reset
// event first.
func (s *Streams) replay(r *http.Request, st *stream, id, after, rev int64) (int64, error) {
	if after > rev {
		st.reset(id, rev)
		return rev, nil
	}
	last, first := after, true
	for {
		events, err := s.eventsAfter(r.Context(), id, last, replayLimit)
		if err != nil {
			return last, err
		}
		if first && last < rev && (len(events) == 0 || events[0].Seq != last+1) {
			st.reset(id, rev)
			return rev, nil
		}
		first = false
		for _, e := range events {
			st.event(e)
			last = e.Seq
		}
		if len(events) < replayLimit {
			return last, nil
		}
		if err := st.flush(); err != nil {
			return last, err
		}
	}
}

// lastEventID reads the Last-Event-ID header: a non-negative number, as the stream's ids
// are. given is false without one.
func lastEventID(r *http.Request) (n int64, given bool, err error) {
	raw := strings.TrimSpace(r.Header.Get("Last-Event-ID"))
	if raw == "" {
		return 0, false, nil
	}
	n, err = strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return 0, false, &problem.Error{Kind: problem.Malformed, Detail: "Last-Event-ID must be the id of an event this stream sent.",
			Fields: map[string]string{"Last-Event-ID": "must be a non-negative integer"}}
	}
	return n, true, nil
}

// stream writes one SSE response; after a failed write it writes nothing more.
type stream struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

func (st *stream) write(s string) {
	if st.err != nil {
		return
	}
	if err := st.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		st.err = err
		return
	}
	_, st.err = st.w.Write([]byte(s))
}

// event writes one event.
func (st *stream) event(e Event) {
	st.write(fmt.Sprintf("id: %d\nevent: %s\ndata: %s\n\n", e.Seq, e.Type, e.Data))
}

// deleted tells the client that the tournament is gone: the stream ends after it. It has
// no id, since the tournament has no revision any more to give it.
func (st *stream) deleted(id int64) {
	st.write(fmt.Sprintf("event: %s\ndata: {\"tournament\":%d,\"type\":%q}\n\n", EventDeleted, id, EventDeleted))
}

// reset tells the client it missed more than can be replayed.
func (st *stream) reset(id, rev int64) {
	st.write(fmt.Sprintf("id: %d\nevent: %s\ndata: {\"tournament\":%d,\"type\":%q}\n\n", rev, EventReset, id, EventReset))
}

func (st *stream) flush() error {
	if st.err == nil {
		if err := st.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			st.err = err
		} else {
			st.err = st.rc.Flush()
		}
	}
	return st.err
}

// refuse answers a request for a stream that a limit refuses: 429 when the client holds
// its most streams, 503 when the server does. Such refusals come in floods (a client that
// retries at once, a crowd at a full server), so they are logged as a warning, the first
// of each reason and then at most one a minute, with the number that went unlogged since,
// rather than a line each.
func (s *Streams) refuse(w http.ResponseWriter, r *http.Request, reason, client string) {
	var pe *problem.Error
	limit := s.cfg.MaxStreams
	if reason == RefusedClientLimit {
		limit = s.cfg.MaxStreamsPerClient
		pe = &problem.Error{Kind: problem.TooManyRequests, RetryAfter: clientRetryAfter,
			Detail: fmt.Sprintf("This client holds its most live streams (%d); close one, or try again later.", limit)}
	} else {
		pe = &problem.Error{Kind: problem.Unavailable, RetryAfter: serverRetryAfter,
			Detail: fmt.Sprintf("This server holds its most live streams (%d); try again shortly.", limit)}
	}
	if log, suppressed := s.refused[reason].note(s.now()); log {
		attrs := []any{"reason", reason, "limit", limit, "suppressed", suppressed}
		if reason == RefusedClientLimit {
			attrs = append(attrs, "client", client)
		}
		s.log.WarnContext(r.Context(), "live stream refused", attrs...)
	}
	// problem.Write logs every 503 as an error for an operator to act on; this one is
	// logged above.
	problem.Write(w, r, unlogged, pe)
}

// unlogged is a logger that writes nothing.
var unlogged = slog.New(slog.DiscardHandler)
