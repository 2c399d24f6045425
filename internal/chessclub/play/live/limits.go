package live

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// The reasons a stream is refused, as the metric of refusals names them (Refused).
const (
	// RefusedServerFull: the process holds Config.MaxStreams streams (503).
	RefusedServerFull = "server_full"
	// RefusedClientLimit: the client holds Config.MaxStreamsPerClient streams (429).
	RefusedClientLimit = "client_limit"
)

// limits counts the open streams, in all and by client, against their bounds. It forgets
// a client when its last stream closes, so that it holds an entry only per client with a
// stream open. It is safe for concurrent use.
type limits struct {
	max, perClient int

	mu       sync.Mutex
	open     int
	byClient map[string]int
}

func newLimits(max, perClient int) *limits {
	return &limits{max: max, perClient: perClient, byClient: map[string]int{}}
}

// acquire counts a new stream of client and returns "", or, when a bound is reached, counts
// nothing and returns the reason. A client at its own bound is told so even when the
// server is full too: waiting for the server would not help it.
func (l *limits) acquire(client string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byClient[client] >= l.perClient {
		return RefusedClientLimit
	}
	if l.open >= l.max {
		return RefusedServerFull
	}
	l.open++
	l.byClient[client]++
	return ""
}

// release uncounts a stream of client that acquire counted.
func (l *limits) release(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if n := l.byClient[client]; n <= 1 {
		delete(l.byClient, client)
	} else {
		l.byClient[client] = n - 1
	}
}

// counts returns the streams open now and the clients that hold them.
func (l *limits) counts() (streams, clients int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, len(l.byClient)
}

// peerAddr names the client of r by the IP address of its peer: the default of
// Config.Client, for a server that no proxy fronts.
func peerAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// refusalLogEvery is how often, at most, refusals of one reason are logged: a client that
// asks again and again, or a crowd at a full server, would otherwise fill the log with a
// line per attempt.
const refusalLogEvery = time.Minute

// refusals counts the streams refused for one reason, and decides which of them are
// logged: the first, then the first a minute or more after the last one logged. It is safe
// for concurrent use.
type refusals struct {
	mu     sync.Mutex
	total  uint64
	logged time.Time // when the last logged refusal was; zero before the first
	quiet  int       // refusals not logged since
}

// note counts a refusal at now and reports whether to log it, and if so how many refusals
// went unlogged before it.
func (f *refusals) note(now time.Time) (log bool, suppressed int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.total++
	if !f.logged.IsZero() && now.Sub(f.logged) < refusalLogEvery {
		f.quiet++
		return false, 0
	}
	f.logged, suppressed, f.quiet = now, f.quiet, 0
	return true, suppressed
}

func (f *refusals) count() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.total
}
