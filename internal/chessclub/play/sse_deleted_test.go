package play_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestEventsEndWhenTournamentDeleted: two replicas share one database; a tournament is
// followed on both and deleted through the first. Every stream of it, on either replica,
// gets a final event "deleted" naming the tournament and then ends, rather than sending
// heartbeats until the client gives up; a new stream of it is 404 on both.
func TestEventsEndWhenTournamentDeleted(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		a := clubtest.New(t, d, func(c *chessclub.Config) { c.Play.Live.EventPoll = 20 * time.Millisecond })
		a.Register("org", "Olga Organiser")
		b := a.Replica()
		srvA, srvB := httptest.NewServer(a.Handler), httptest.NewServer(b.Handler)
		t.Cleanup(srvA.Close)
		t.Cleanup(srvB.Close)
		c := &club{Env: a, t: t}
		gone, kept := c.create(nil), c.create(map[string]any{"name": "Stays"})

		streams := map[string]*sseClient{
			"on the replica that deletes": follow(t, srvA.URL, gone.ID, ""),
			"on the other replica":        follow(t, srvB.URL, gone.ID, ""),
			"on the other replica, again": follow(t, srvB.URL, gone.ID, "0"),
		}
		other := follow(t, srvB.URL, kept.ID, "")
		a.MustDo(clubtest.Req{Method: "DELETE", Path: clubtest.Path("/api/tournaments/%d", gone.ID), As: "org"}, http.StatusNoContent)

		for name, s := range streams {
			ev := s.next(10 * time.Second)
			var data struct {
				Tournament int64
				Type       string
			}
			if err := json.Unmarshal([]byte(ev.Data), &data); err != nil {
				t.Fatalf("%s: data %q: %v", name, ev.Data, err)
			}
			if ev.Type != "deleted" || data.Tournament != gone.ID || data.Type != "deleted" {
				t.Errorf("%s: the final event is %+v, want deleted naming tournament %d", name, ev, gone.ID)
			}
			s.ends(10 * time.Second)
		}
		for name, e := range map[string]*clubtest.Env{"A": a, "B": b} {
			res := e.Do(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/events", gone.ID)})
			if res.Status != http.StatusNotFound {
				t.Errorf("a new stream of the deleted tournament on %s: %d, want 404", name, res.Status)
			}
		}
		// A tournament that was not deleted goes on.
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", kept.ID), As: "org", Body: map[string]any{"description": "still here"}}, http.StatusOK)
		if ev := other.next(10 * time.Second); ev.Type != "tournament_changed" {
			t.Errorf("the other tournament's stream got %+v", ev)
		}
	})
}
