package play_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestEventsPerClientLimit: one client address may hold only so many streams, whatever the
// server's own limit; the next is 429 with Retry-After, while other addresses still get
// theirs, and streams that close give their places back. The client is the address the
// login throttle counts: X-Forwarded-For names it only through a trusted proxy. Refusals,
// of either limit, are logged as one warning a minute with the number left unsaid, never
// as an error each, and counted in a metric by reason.
func TestEventsPerClientLimit(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite, func(c *chessclub.Config) {
		c.Play.Live.EventPoll = 20 * time.Millisecond
		c.Play.Live.MaxStreams = 4
		c.Play.Live.MaxStreamsPerClient = 3
		// The test's HTTP server is the proxy in front of the club: from it, and only from
		// it, X-Forwarded-For names the client.
		c.Auth.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	e.Register("org", "Olga Organiser")
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	c := &club{Env: e, t: t}
	tr := c.create(nil)
	path := clubtest.Path("/api/tournaments/%d/events", tr.ID)
	const alice, bob, carol = "198.51.100.7", "198.51.100.8", "203.0.113.5"
	from := func(addr string) map[string]string { return map[string]string{"X-Forwarded-For": addr} }

	// Many streams, each closed before the next, leave nothing counted behind.
	for range 10 {
		followWith(t, srv.URL, tr.ID, from(alice)).close()
		waitOpenStreams(t, e, 0)
	}
	for range 3 {
		followWith(t, srv.URL, tr.ID, from(alice))
	}
	refused(t, srv.URL+path, from(alice), http.StatusTooManyRequests)
	clientLimit := clubtest.WantProblem{Status: http.StatusTooManyRequests, Slug: "too-many-requests"}
	direct := e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: alice + ":4000"})
	clubtest.CheckProblem(t, direct, clientLimit)
	if direct.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// A peer that is not a trusted proxy cannot name another client.
	clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: alice + ":4001", Header: from("192.0.2.1")}), clientLimit)

	// Another address still gets a stream; then the server is full, and a third address
	// gets 503.
	followWith(t, srv.URL, tr.ID, from(bob))
	refused(t, srv.URL+path, from(carol), http.StatusServiceUnavailable)
	serverFull := clubtest.WantProblem{Status: http.StatusServiceUnavailable, Slug: "unavailable"}
	clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: carol + ":4000"}), serverFull)

	const more = 40
	for range more {
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: alice + ":4002"}), clientLimit)
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: carol + ":4002"}), serverFull)
	}
	if lines := logLines(t, e, "ERROR"); len(lines) != 0 {
		t.Errorf("refused streams logged errors: %v", lines)
	}
	warned := func() (client, server []map[string]any) {
		for _, l := range logLines(t, e, "WARN") {
			switch l["reason"] {
			case "client_limit":
				client = append(client, l)
			case "server_full":
				server = append(server, l)
			}
		}
		return client, server
	}
	if client, server := warned(); len(client) != 1 || len(server) != 1 {
		t.Fatalf("%d warnings of the client limit and %d of the server's, want one each:\n%v\n%v", len(client), len(server), client, server)
	}

	// A minute on, the next refusal of each kind is logged again, with the number of those
	// that were not.
	e.Clock.Add(time.Minute)
	clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: alice + ":4003"}), clientLimit)
	clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path, RemoteAddr: carol + ":4003"}), serverFull)
	client, server := warned()
	if len(client) != 2 || len(server) != 2 {
		t.Fatalf("%d warnings of the client limit and %d of the server's, want two each", len(client), len(server))
	}
	// alice: the proxied and direct refusals and the spoofed one, then the loop's.
	if got, want := client[1]["suppressed"], float64(2+more); got != want {
		t.Errorf("the second warning of the client limit says %v refusals were not logged, want %v", got, want)
	}
	if got, want := client[1]["client"], alice; got != want {
		t.Errorf("the warning names client %v, want %v", got, want)
	}
	if got, want := server[1]["suppressed"], float64(1+more); got != want {
		t.Errorf("the second warning of the server limit says %v refusals were not logged, want %v", got, want)
	}
	for reason, want := range map[string]float64{"client_limit": 1 + 2 + more + 1, "server_full": 1 + 1 + more + 1} {
		if got := gathered(t, e, "chessclub_sse_streams_refused_total", "reason", reason); got != want {
			t.Errorf("chessclub_sse_streams_refused_total{reason=%q} = %v, want %v", reason, got, want)
		}
	}
}

// refused asks for a stream at url with the headers given and fails the test unless it is
// refused with status, Retry-After and a problem document.
func refused(t *testing.T, url string, header map[string]string, status int) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != status || resp.Header.Get("Retry-After") == "" || resp.Header.Get("Content-Type") != problem.ContentType {
		t.Fatalf("a stream past the limit: %d, Retry-After %q, %s; want %d", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("Content-Type"), status)
	}
}

// logLines returns the server's log records at level, decoded.
func logLines(t *testing.T, e *clubtest.Env, level string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for l := range strings.Lines(e.Logs()) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		if rec["level"] == level {
			out = append(out, rec)
		}
	}
	return out
}

// gathered returns the value of the counter or gauge name whose label is value, from the
// server's registry; -1 when there is none.
func gathered(t *testing.T, e *clubtest.Env, name, label, value string) float64 {
	t.Helper()
	fams, err := e.Metrics().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			match := label == ""
			for _, l := range m.GetLabel() {
				match = match || l.GetName() == label && l.GetValue() == value
			}
			if !match {
				continue
			}
			if m.Counter != nil {
				return m.Counter.GetValue()
			}
			return m.Gauge.GetValue()
		}
	}
	return -1
}

// waitOpenStreams waits until the server holds n streams: a client's stream ends on the
// server a moment after the client closes it.
func waitOpenStreams(t *testing.T, e *clubtest.Env, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := gathered(t, e, "chessclub_sse_streams_open", "", "")
		if got == float64(n) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v streams open, want %d", got, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
