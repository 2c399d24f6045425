// Package live keeps a tournament's events and streams them to clients as they happen.
// Every change to a tournament records an event in the database in the change's own
// transaction (Emit), numbered by the tournament's revision; a hub per process polls the
// events of the tournaments someone follows and fans them out (hub.go); each client gets a
// Server-Sent Events stream that replays what it missed after a reconnection (sse.go).
// Events are kept for a retention period and then swept (events.go).
//
// It knows a tournament only by id and its revision: it must never import play or the
// club's other packages.
package live

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"campus.example/apps/internal/sqldb"
)

// Defaults of the live streams.
const (
	// DefaultMaxStreams bounds the event streams one process holds open; beyond it a new
	// one is refused with 503 and Retry-After.
	DefaultMaxStreams = 1000
	// DefaultMaxStreamsPerClient bounds the event streams one client address holds open in
	// one process, so that one client cannot take every place; beyond it a new one is
	// refused with 429 and Retry-After. Twenty is more than one person follows at once,
	// while a club's Wi-Fi behind one address may need more (Config.MaxStreamsPerClient).
	DefaultMaxStreamsPerClient = 20
	// clientRetryAfter is the Retry-After, in seconds, of a stream refused for its client's
	// limit: a place frees only when one of the client's own streams closes.
	clientRetryAfter = 30
	// serverRetryAfter is the Retry-After, in seconds, of a stream refused because the
	// process is full: streams of other clients come and go all the time.
	serverRetryAfter = 5
	// DefaultEventPoll is how often a process reads new events of a followed tournament.
	DefaultEventPoll = 500 * time.Millisecond
	// DefaultHeartbeat is how often a quiet stream sends a comment, so that proxies and the
	// client see it alive.
	DefaultHeartbeat = 20 * time.Second
	// streamWriteTimeout bounds each write to a stream: a client that stops reading is cut
	// off rather than holding its goroutine forever.
	streamWriteTimeout = 10 * time.Second
	// replayLimit is the most events one query replays to a reconnecting client.
	replayLimit = 500
	// retryMillis is what a stream tells its client to wait before reconnecting.
	retryMillis = 2000
)

// DefaultEventRetention is how long events are kept for clients that reconnect.
const DefaultEventRetention = 14 * 24 * time.Hour

// Config holds the settings of the live streams. Zero values take the defaults.
type Config struct {
	// MaxStreams bounds the live event streams open at once (DefaultMaxStreams).
	MaxStreams int
	// MaxStreamsPerClient bounds the live event streams one client holds open at once
	// (DefaultMaxStreamsPerClient).
	MaxStreamsPerClient int
	// Client names the client of a request, whose streams MaxStreamsPerClient bounds. It
	// must not believe what any client may write, such as X-Forwarded-For from anyone;
	// nil names the peer's IP address.
	Client func(*http.Request) string
	// EventPoll is how often new events of a followed tournament are read (DefaultEventPoll).
	EventPoll time.Duration
	// Heartbeat is how often a quiet stream sends a comment (DefaultHeartbeat).
	Heartbeat time.Duration
	// EventRetention is how long events are kept for clients that reconnect
	// (DefaultEventRetention).
	EventRetention time.Duration
	// Done, when closed, ends every live stream: the server is shutting down.
	Done <-chan struct{}
}

func (c *Config) setDefaults() {
	if c.MaxStreams <= 0 {
		c.MaxStreams = DefaultMaxStreams
	}
	if c.MaxStreamsPerClient <= 0 {
		c.MaxStreamsPerClient = DefaultMaxStreamsPerClient
	}
	if c.Client == nil {
		c.Client = peerAddr
	}
	if c.EventPoll <= 0 {
		c.EventPoll = DefaultEventPoll
	}
	if c.Heartbeat <= 0 {
		c.Heartbeat = DefaultHeartbeat
	}
	if c.EventRetention <= 0 {
		c.EventRetention = DefaultEventRetention
	}
}

// Streams records tournaments' events and serves their live streams. It is safe for
// concurrent use.
type Streams struct {
	db     *sqldb.DB
	now    func() time.Time
	log    *slog.Logger
	cfg    Config
	hub    *hub
	limits *limits
	// refused counts the refused streams by reason, and decides which are logged.
	refused map[string]*refusals
	sweep   sweeper
	// revision returns a tournament's revision, the number of its last event; an error for
	// a tournament that does not exist.
	revision func(ctx context.Context, id int64) (int64, error)
}

// New returns the streams over db, which must hold the Chess Club's migrated schema. now is
// the clock; revision returns a tournament's revision (the caller may cache it), and an
// error, which the stream's request gets, for a tournament that does not exist.
func New(db *sqldb.DB, now func() time.Time, log *slog.Logger, cfg Config, revision func(ctx context.Context, id int64) (int64, error)) *Streams {
	cfg.setDefaults()
	s := &Streams{db: db, now: now, log: log, cfg: cfg, limits: newLimits(cfg.MaxStreams, cfg.MaxStreamsPerClient), revision: revision,
		refused: map[string]*refusals{RefusedServerFull: {}, RefusedClientLimit: {}}}
	s.hub = newHub(s.eventsAfter, revision, cfg.EventPoll, cfg.Done)
	return s
}

// Open returns the number of live event streams open now.
func (s *Streams) Open() int {
	n, _ := s.limits.counts()
	return n
}

// Refused returns the number of streams refused so far for reason, RefusedServerFull or
// RefusedClientLimit; 0 for any other.
func (s *Streams) Refused(reason string) uint64 {
	if f := s.refused[reason]; f != nil {
		return f.count()
	}
	return 0
}

// clock returns the time in UTC to the second, the precision both databases keep.
func (s *Streams) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

// Deleted ends the streams of tournament id in this process, each with an event
// EventDeleted: the caller has just deleted the tournament. Other replicas learn of it by
// polling, within their poll interval.
func (s *Streams) Deleted(id int64) { s.hub.deleted(id) }
