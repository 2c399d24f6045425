package play_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// sseEvent is one event read from a stream.
type sseEvent struct {
	ID   int64
	Type string
	Data string
}

// sseClient reads one event stream.
type sseClient struct {
	t      testing.TB
	events chan sseEvent
	cancel context.CancelFunc
	resp   *http.Response
}

// follow opens the event stream of tournament id at base (a server's URL), sending
// Last-Event-ID when lastID is not empty.
func follow(t testing.TB, base string, id int64, lastID string) *sseClient {
	t.Helper()
	h := map[string]string{}
	if lastID != "" {
		h["Last-Event-ID"] = lastID
	}
	return followWith(t, base, id, h)
}

// followWith opens the event stream of tournament id at base with the headers given.
func followWith(t testing.TB, base string, id int64, header map[string]string) *sseClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/tournaments/%d/events", base, id), nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		cancel()
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	c := &sseClient{t: t, events: make(chan sseEvent, 100), cancel: cancel, resp: resp}
	go c.read()
	t.Cleanup(c.close)
	return c
}

func (c *sseClient) read() {
	defer close(c.events)
	sc := bufio.NewScanner(c.resp.Body)
	var e sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if e.Type != "" {
				c.events <- e
			}
			e = sseEvent{}
		case strings.HasPrefix(line, "id: "):
			e.ID, _ = strconv.ParseInt(line[4:], 10, 64)
		case strings.HasPrefix(line, "event: "):
			e.Type = line[7:]
		case strings.HasPrefix(line, "data: "):
			e.Data = line[6:]
		}
	}
}

func (c *sseClient) close() {
	c.cancel()
	c.resp.Body.Close()
}

// next returns the next event, failing the test after wait.
func (c *sseClient) next(wait time.Duration) sseEvent {
	c.t.Helper()
	select {
	case e, ok := <-c.events:
		if !ok {
			c.t.Fatal("the stream ended")
		}
		return e
	case <-time.After(wait):
		c.t.Fatalf("no event within %v", wait)
	}
	return sseEvent{}
}

// ends fails the test unless the stream ends, with no further event, within wait.
func (c *sseClient) ends(wait time.Duration) {
	c.t.Helper()
	select {
	case e, ok := <-c.events:
		if ok {
			c.t.Fatalf("an event %+v where the stream should end", e)
		}
	case <-time.After(wait):
		c.t.Fatalf("the stream did not end within %v", wait)
	}
}

// quiet fails the test when an event arrives within wait.
func (c *sseClient) quiet(wait time.Duration) {
	c.t.Helper()
	select {
	case e, ok := <-c.events:
		if ok {
			c.t.Fatalf("unexpected event %+v", e)
		}
	case <-time.After(wait):
	}
}

// changes makes three changes to tournament id (as its organiser, through send) and returns
// the types of the events they make, in order.
func threeChanges(t testing.TB, send func(method, path string, body any) int, id int64, members []int64) []string {
	t.Helper()
	for _, m := range members[:2] {
		if s := send("POST", fmt.Sprintf("/api/tournaments/%d/players", id), map[string]any{"member_id": m}); s != http.StatusCreated {
			t.Fatalf("enter %d: %d", m, s)
		}
	}
	if s := send("PATCH", fmt.Sprintf("/api/tournaments/%d", id), map[string]any{"description": "Changed while you were away"}); s != http.StatusOK {
		t.Fatalf("patch: %d", s)
	}
	return []string{"player_entered", "player_entered", "tournament_changed"}
}

// TestEventsReplayAfterReconnect: a client follows a tournament, goes away, misses three
// events, and reconnects with Last-Event-ID: it gets exactly those three, in order, then the
// new ones as they happen.
func TestEventsReplayAfterReconnect(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Play.Live.EventPoll = 20 * time.Millisecond })
		e.Register("org", "Olga Organiser")
		e.MakeArbiter("org") // enters the players herself
		var ids []int64
		for i := 1; i <= 4; i++ {
			ids = append(ids, e.Register(player(i), fmt.Sprintf("Player %d", i)).ID)
		}
		srv := httptest.NewServer(e.Handler)
		t.Cleanup(srv.Close) // after the streams' own cleanups, which end them
		c := &club{Env: e, t: t}
		tr := c.create(map[string]any{"rounds": 3})
		send := func(method, path string, body any) int {
			return e.Do(clubtest.Req{Method: method, Path: path, As: "org", Body: body, ContentType: "application/json"}).Status
		}

		live := follow(t, srv.URL, tr.ID, "")
		if s := send("POST", fmt.Sprintf("/api/tournaments/%d/players", tr.ID), map[string]any{"member_id": ids[0]}); s != http.StatusCreated {
			t.Fatal(s)
		}
		first := live.next(5 * time.Second)
		if first.Type != "player_entered" || !strings.Contains(first.Data, fmt.Sprintf(`"member_id":%d`, ids[0])) {
			t.Fatalf("first event %+v", first)
		}
		live.close()

		want := threeChanges(t, send, tr.ID, ids[1:])
		back := follow(t, srv.URL, tr.ID, strconv.FormatInt(first.ID, 10))
		var got []string
		for i := range 3 {
			ev := back.next(5 * time.Second)
			if ev.ID != first.ID+int64(i)+1 {
				t.Errorf("event %d has id %d, want %d", i, ev.ID, first.ID+int64(i)+1)
			}
			got = append(got, ev.Type)
		}
		diffValues(t, "replayed", got, want)
		back.quiet(200 * time.Millisecond)
		// And the stream goes on live.
		if s := send("POST", fmt.Sprintf("/api/tournaments/%d/start", tr.ID), nil); s != http.StatusOK {
			t.Fatalf("start: %d", s)
		}
		if ev := back.next(5 * time.Second); ev.Type != "state_changed" || ev.ID != first.ID+4 {
			t.Errorf("live event %+v", ev)
		}
	})
}

// TestEventsLimitsAndExpiry checks the stream limit (503 with Retry-After beyond it), a bad
// Last-Event-ID (400), a reconnect whose missed events have expired (a reset event, then the
// new ones), and that streams end when the server shuts down.
func TestEventsLimitsAndExpiry(t *testing.T) {
	done := make(chan struct{})
	e := clubtest.New(t, sqldb.SQLite, func(c *chessclub.Config) {
		c.Play.Live.EventPoll = 20 * time.Millisecond
		c.Play.Live.MaxStreams = 2
		c.Play.Live.EventRetention = 24 * time.Hour
		c.Play.Live.Done = done
	})
	e.Register("org", "Olga Organiser")
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	c := &club{Env: e, t: t}
	tr := c.create(map[string]any{"rounds": 3})
	path := fmt.Sprintf("/api/tournaments/%d/events", tr.ID)

	res := e.Do(clubtest.Req{Method: "GET", Path: path, Header: map[string]string{"Last-Event-ID": "soon"}})
	if res.Status != http.StatusBadRequest || res.Problem(t).Errors["Last-Event-ID"] == "" {
		t.Errorf("bad Last-Event-ID: %d %s", res.Status, res.Body)
	}
	if res := e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments/999/events"}); res.Status != http.StatusNotFound {
		t.Errorf("unknown tournament: %d", res.Status)
	}

	s1, s2 := follow(t, srv.URL, tr.ID, ""), follow(t, srv.URL, tr.ID, "")
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a third stream: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	s2.close()

	// Three events, then two days pass and the next change sweeps them away.
	for _, d := range []string{"a", "b", "c"} {
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org", Body: map[string]any{"description": d}}, http.StatusOK)
	}
	for range 3 {
		s1.next(5 * time.Second)
	}
	e.Clock.Add(48 * time.Hour)
	c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org", Body: map[string]any{"description": "d"}}, http.StatusOK)
	if ev := s1.next(5 * time.Second); ev.ID != 4 {
		t.Fatalf("event %+v, want id 4", ev)
	}
	late := follow(t, srv.URL, tr.ID, "1")
	if ev := late.next(5 * time.Second); ev.Type != "reset" || ev.ID != 4 {
		t.Errorf("a reconnect after expiry: %+v, want a reset with id 4", ev)
	}
	c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org", Body: map[string]any{"description": "e"}}, http.StatusOK)
	if ev := late.next(5 * time.Second); ev.ID != 5 || ev.Type != "tournament_changed" {
		t.Errorf("after the reset: %+v", ev)
	}

	// Shutting down ends the streams.
	close(done)
	for _, s := range []*sseClient{s1, late} {
		select {
		case _, ok := <-s.events:
			for ok {
				_, ok = <-s.events
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a stream outlived the shutdown")
		}
	}
}
