package chessclub

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/dbtest"
)

// TestDatabaseOutage cuts the server off from its MariaDB (a relay in front of the real server
// closes its port and every connection, as a stopped server would) and sends every endpoint
// that needs the database a request: each is a 503 problem with Retry-After, never a 500
// (issue 7, finding 11). When the port opens again, the same server answers as before.
func TestDatabaseOutage(t *testing.T) {
	db, relay := dbtest.MariaDBBehindRelay(t)
	e := newEnvOn(t, db).withMembers()
	tournament := itoa(e.tournament("alice", "Kept", "2026-06-01"))
	photo := testJPEG(t, 8, 8, true)
	var fig Figure
	e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: photo, contentType: "image/jpeg"}, http.StatusCreated).decode(t, &fig)

	relay.Cut()
	for _, r := range []req{
		{method: "POST", path: "/api/user", body: map[string]any{"username": "dora", "password": "long enough", "full_name": "Dora"}},
		{method: "POST", path: "/api/login", body: map[string]any{"username": "alice", "password": "password-alice"}},
		{method: "POST", path: "/api/logout", as: "bob"},
		{method: "GET", path: "/api/me", as: "alice"},
		{method: "GET", path: "/api/members", as: "alice"},
		{method: "GET", path: "/api/members/" + itoa(e.ids["alice"]), as: "alice"},
		{method: "GET", path: "/api/tournaments"},
		{method: "GET", path: "/api/tournaments/" + tournament},
		{method: "POST", path: "/api/tournaments", as: "alice", body: map[string]any{"name": "New", "start_date": "2026-07-01"}},
		{method: "DELETE", path: "/api/tournaments/" + tournament, as: "alice"},
		{method: "POST", path: "/api/figures", as: "alice", body: photo, contentType: "image/jpeg"},
		{method: "GET", path: fig.URL},
	} {
		t.Run(r.method+" "+r.path, func(t *testing.T) {
			res := e.do(r)
			checkProblem(t, res, wantProblem{503, "unavailable", nil})
			if res.header.Get("Retry-After") != "5" {
				t.Errorf("Retry-After = %q, want 5", res.header.Get("Retry-After"))
			}
		})
	}
	if res := e.do(req{method: "GET", path: "/readyz"}); res.status != http.StatusServiceUnavailable {
		t.Errorf("readyz during the outage: %d", res.status)
	}

	relay.Restore()
	e.mustDo(req{method: "GET", path: "/api/me", as: "alice"}, http.StatusOK)
	e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: map[string]any{"name": "After", "start_date": "2026-07-01"}}, http.StatusCreated)
	e.mustDo(req{method: "GET", path: fig.URL}, http.StatusOK)
}
