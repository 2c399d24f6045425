package chessclub_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/imagetest"
)

// TestDatabaseOutage cuts the server off from its MariaDB (a relay in front of the real server
// closes its port and every connection, as a stopped server would) and sends every endpoint
// that needs the database a request: each is a 503 problem with Retry-After, never a 500.
// When the port opens again, the same server answers as before.
func TestDatabaseOutage(t *testing.T) {
	db, relay := dbtest.MariaDBBehindRelay(t)
	e := clubtest.NewOn(t, db).WithMembers()
	tournament := fmt.Sprint(e.Tournament("alice", "Kept", "2026-06-01"))
	photo := imagetest.SampleJPEG(t, 8, 8, true)
	var fig photos.Figure
	e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: photo, ContentType: "image/jpeg"}, http.StatusCreated).Decode(t, &fig)

	relay.Cut()
	for _, r := range []clubtest.Req{
		{Method: "POST", Path: "/api/user", Body: map[string]any{"username": "dora", "password": "long enough", "full_name": "Dora"}},
		{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "alice", "password": "password-alice"}},
		{Method: "POST", Path: "/api/logout", As: "bob"},
		{Method: "GET", Path: "/api/me", As: "alice"},
		{Method: "GET", Path: "/api/members", As: "alice"},
		{Method: "GET", Path: "/api/members/" + fmt.Sprint(e.IDs["alice"]), As: "alice"},
		{Method: "GET", Path: "/api/tournaments"},
		{Method: "GET", Path: "/api/tournaments/" + tournament},
		{Method: "POST", Path: "/api/tournaments", As: "alice", Body: map[string]any{"name": "New", "start_date": "2026-07-01"}},
		{Method: "DELETE", Path: "/api/tournaments/" + tournament, As: "alice"},
		{Method: "POST", Path: "/api/figures", As: "alice", Body: photo, ContentType: "image/jpeg"},
		{Method: "GET", Path: fig.URL},
	} {
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			res := e.Do(r)
			clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 503, Slug: "unavailable"})
			if res.Header.Get("Retry-After") != "5" {
				t.Errorf("Retry-After = %q, want 5", res.Header.Get("Retry-After"))
			}
		})
	}
	if res := e.Do(clubtest.Req{Method: "GET", Path: "/readyz"}); res.Status != http.StatusServiceUnavailable {
		t.Errorf("readyz during the outage: %d", res.Status)
	}

	relay.Restore()
	e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", As: "alice"}, http.StatusOK)
	e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: map[string]any{"name": "After", "start_date": "2026-07-01"}}, http.StatusCreated)
	e.MustDo(clubtest.Req{Method: "GET", Path: fig.URL}, http.StatusOK)
}
