package chessclub

import (
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/sqldb"
)

// TestQueryStrings sends every endpoint a query string it cannot take: one that does not parse
// (a bad escape, a bare percent, ';' as a separator) and one with a parameter the endpoint does
// not know. Each is a 400 naming the parameter, before anything else is looked at (token,
// body) and without changing anything (issue 7, finding 5).
func TestQueryStrings(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		tournament := itoa(e.tournament("alice", "Kept", "2026-06-01"))
		photo := testJPEG(t, 8, 8, true)
		var fig Figure
		e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: photo, contentType: "image/jpeg"}, http.StatusCreated).decode(t, &fig)
		before := e.snapshot()

		endpoints := []struct {
			method, path string
			body         string
			contentType  string
		}{
			{"POST", "/api/user", `{"username":"dora","password":"long enough","full_name":"Dora"}`, "application/json"},
			{"POST", "/api/login", `{"username":"alice","password":"password-alice"}`, "application/json"},
			{"POST", "/api/logout", "", ""},
			{"GET", "/api/me", "", ""},
			{"GET", "/api/members", "", ""},
			{"GET", "/api/members/" + itoa(e.ids["alice"]), "", ""},
			{"GET", "/api/tournaments", "", ""},
			{"POST", "/api/tournaments", `{"name":"New","start_date":"2026-07-01"}`, "application/json"},
			{"GET", "/api/tournaments/" + tournament, "", ""},
			{"DELETE", "/api/tournaments", `{"id":` + tournament + `}`, "application/json"},
			{"DELETE", "/api/tournaments/" + tournament, "", ""},
			{"POST", "/api/figures", string(photo), "image/jpeg"},
			{"GET", fig.URL, "", ""},
			{"GET", "/openapi.json", "", ""},
			{"GET", "/healthz", "", ""},
			{"GET", "/readyz", "", ""},
		}
		queries := []struct {
			raw   string
			field string
		}{
			{"debug=1", "debug"},
			{"x=%ZZ", "x"},
			{"x=100%", "x"},
			{"a=1;b=2", "a=1;b=2"},
			{"x=%E9", "x"},
		}
		for _, ep := range endpoints {
			for _, q := range queries {
				for _, as := range []string{"", "alice"} {
					t.Run(ep.method+" "+ep.path+"?"+q.raw+" as "+as, func(t *testing.T) {
						res := e.do(req{method: ep.method, path: ep.path + "?" + q.raw, as: as, body: ep.body, contentType: ep.contentType})
						checkProblem(t, res, wantProblem{400, "malformed-request", []string{q.field}})
					})
				}
			}
		}
		// The parameters that endpoints do take are still taken, once.
		checkProblem(t, e.do(req{method: "DELETE", path: "/api/tournaments?id=" + tournament + "&id=" + tournament, as: "alice"}),
			wantProblem{400, "malformed-request", []string{"id"}})
		checkProblem(t, e.do(req{method: "POST", path: "/api/figures?member_id=1&member_id=1", as: "alice", body: photo, contentType: "image/jpeg"}),
			wantProblem{400, "malformed-request", []string{"member_id"}})
		if after := e.snapshot(); after != before {
			t.Errorf("refused requests changed the data:\nbefore %s\nafter  %s", before, after)
		}
		e.mustDo(req{method: "DELETE", path: "/api/tournaments/" + tournament + "?id=" + tournament, as: "alice"}, http.StatusNoContent)

		// The app's own pages are not endpoints: its router reads their query strings. A
		// browser navigating to /tournaments gets the app; any other GET there is the original
		// backend's alias of GET /api/tournaments, and its query string is checked as the API's.
		navigate := map[string]string{"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
		for _, path := range []string{"/?utm_source=poster", "/tournaments?x=%ZZ"} {
			res := e.do(req{method: "GET", path: path, header: navigate})
			if res.status != http.StatusOK || !strings.HasPrefix(res.header.Get("Content-Type"), "text/html") {
				t.Errorf("GET %s: %d %s", path, res.status, res.header.Get("Content-Type"))
			}
		}
		checkProblem(t, e.do(req{method: "GET", path: "/tournaments?x=%ZZ"}), wantProblem{400, "malformed-request", []string{"x"}})
	})
}
