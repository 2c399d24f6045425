package chessclub_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestQueryStrings sends every endpoint a query string it cannot take: one that does not parse
// (a bad escape, a bare percent, ';' as a separator) and one with a parameter the endpoint does
// not know. Each is a 400 naming the parameter, before anything else is looked at (token,
// body) and without changing anything.
func TestQueryStrings(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		tournament := fmt.Sprint(e.Tournament("alice", "Kept", "2026-06-01"))
		photo := imagetest.SampleJPEG(t, 8, 8, true)
		var fig photos.Figure
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: photo, ContentType: "image/jpeg"}, http.StatusCreated).Decode(t, &fig)
		before := snapshot(e)

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
			{"GET", "/api/members/" + fmt.Sprint(e.IDs["alice"]), "", ""},
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
						res := e.Do(clubtest.Req{Method: ep.method, Path: ep.path + "?" + q.raw, As: as, Body: ep.body, ContentType: ep.contentType})
						clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{q.field}})
					})
				}
			}
		}
		// The parameters that endpoints do take are still taken, once.
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "DELETE", Path: "/api/tournaments?id=" + tournament + "&id=" + tournament, As: "alice"}),
			clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"id"}})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "POST", Path: "/api/figures?member_id=1&member_id=1", As: "alice", Body: photo, ContentType: "image/jpeg"}),
			clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"member_id"}})
		if after := snapshot(e); after != before {
			t.Errorf("refused requests changed the data:\nbefore %s\nafter  %s", before, after)
		}
		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/api/tournaments/" + tournament + "?id=" + tournament, As: "alice"}, http.StatusNoContent)

		// The app's own pages are not endpoints: its router reads their query strings. A
		// browser navigating to /tournaments gets the app; any other GET there is the original
		// backend's alias of GET /api/tournaments, and its query string is checked as the API's.
		navigate := map[string]string{"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
		for _, path := range []string{"/?utm_source=poster", "/tournaments?x=%ZZ"} {
			res := e.Do(clubtest.Req{Method: "GET", Path: path, Header: navigate})
			if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("GET %s: %d %s", path, res.Status, res.Header.Get("Content-Type"))
			}
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/tournaments?x=%ZZ"}), clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"x"}})
	})
}
