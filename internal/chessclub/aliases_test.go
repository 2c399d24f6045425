package chessclub

import (
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/sqldb"
)

func TestAcceptsHTML(t *testing.T) {
	for accept, want := range map[string]bool{
		"":                 false,
		"*/*":              false,
		"application/json": false,
		"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8": true,
		"application/json, TEXT/HTML;q=0.5":                               true,
		"text/html;q=0":                                                   false,
		"text/html; q=0.000":                                              false,
		"text/html;q=0.001":                                               true,
		"text/htmlx":                                                      false,
	} {
		if got := acceptsHTML([]string{accept}); got != want {
			t.Errorf("acceptsHTML(%q) = %v, want %v", accept, got, want)
		}
	}
}

// TestRootAliases calls the original backend's root paths: browser navigations get the app,
// everything else the API, exactly as at /api.
func TestRootAliases(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		index, err := fs.ReadFile(PlaceholderUI, "index.html")
		if err != nil {
			t.Fatal(err)
		}
		const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
		navigate := map[string]string{"Accept": browser}

		// Browser navigations to the app's own pages get index.html, with or without a token.
		for _, path := range []string{"/members", "/tournaments", "/login"} {
			for _, as := range []string{"", "alice"} {
				r := e.mustDo(req{method: "GET", path: path, as: as, header: navigate}, http.StatusOK)
				if !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || string(r.body) != string(index) {
					t.Errorf("navigate %s (as %q): %s %q, want the app's index.html", path, as, r.header.Get("Content-Type"), r.body)
				}
			}
		}

		// API calls: the same answer as the /api twin.
		var viaAPI, viaRoot []Member
		e.mustDo(req{method: "GET", path: "/api/members", as: "bob"}, http.StatusOK).decode(t, &viaAPI)
		for _, accept := range []string{"", "*/*", "application/json", "text/html;q=0, application/json"} {
			r := e.mustDo(req{method: "GET", path: "/members", as: "bob", header: map[string]string{"Accept": accept}}, http.StatusOK)
			r.decode(t, &viaRoot)
			diff(t, "GET /members with Accept "+accept, viaRoot, viaAPI)
			if !strings.Contains(r.header.Get("Vary"), "Accept") {
				t.Errorf("GET /members: Vary %q, want Accept", r.header.Get("Vary"))
			}
		}
		checkProblem(t, e.do(req{method: "GET", path: "/members", header: map[string]string{"Accept": "application/json"}}), wantProblem{401, "unauthorized", nil})

		// The original client's session: register, log in, create, list, upload, delete.
		var m Member
		e.mustDo(req{method: "POST", path: "/user", body: map[string]any{"username": "olga", "password": "password-olga", "full_name": "Olga Old"}}, http.StatusCreated).decode(t, &m)
		var s Session
		// POST is always the API, even from a browser's form.
		e.mustDo(req{method: "POST", path: "/login", header: navigate, body: map[string]any{"username": "olga", "password": "password-olga"}}, http.StatusOK).decode(t, &s)
		ids := map[string]int64{}
		for _, name := range []string{"By query", "By body", "By path"} {
			var tr play.Tournament
			e.mustDo(req{method: "POST", path: "/tournaments", token: s.Token, body: map[string]any{"name": name, "start_date": "2026-09-01"}}, http.StatusCreated).decode(t, &tr)
			ids[name] = tr.ID
		}
		var list []play.Tournament
		e.mustDo(req{method: "GET", path: "/tournaments", header: map[string]string{"Accept": "application/json"}}, http.StatusOK).decode(t, &list)
		if len(list) != 3 {
			t.Errorf("GET /tournaments: %d tournaments, want 3", len(list))
		}
		body, ct := multipartBody(t, "photo", testJPEG(t, 8, 8, false))
		var f Figure
		e.mustDo(req{method: "POST", path: "/figures", token: s.Token, body: body, contentType: ct}, http.StatusCreated).decode(t, &f)
		e.mustDo(req{method: "GET", path: f.URL}, http.StatusOK)

		e.mustDo(req{method: "DELETE", path: "/tournaments?id=" + itoa(ids["By query"]), token: s.Token}, http.StatusNoContent)
		e.mustDo(req{method: "DELETE", path: "/tournaments", token: s.Token, body: `{"id":` + itoa(ids["By body"]) + `}`}, http.StatusNoContent)
		e.mustDo(req{method: "DELETE", path: "/tournaments/" + itoa(ids["By path"]), token: s.Token}, http.StatusNoContent)
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		if len(list) != 0 {
			t.Errorf("after three deletes: %d tournaments left", len(list))
		}
		// Someone else's tournament: the same 403 as at /api.
		other := e.tournament("alice", "Alice's", "2026-09-02")
		checkProblem(t, e.do(req{method: "DELETE", path: "/tournaments/" + itoa(other), token: s.Token}), wantProblem{403, "forbidden", nil})
		// An app page under /tournaments/ is no tournament id: DELETE there is the app's 405.
		if r := e.do(req{method: "DELETE", path: "/tournaments/new", token: s.Token}); r.status != http.StatusMethodNotAllowed {
			t.Errorf("DELETE /tournaments/new: %d, want the app's 405", r.status)
		}
		// A method the original API did not have on a root path is the app's 405.
		if r := e.do(req{method: "PUT", path: "/tournaments", token: s.Token, body: "{}"}); r.status != http.StatusMethodNotAllowed {
			t.Errorf("PUT /tournaments: %d, want 405", r.status)
		}
	})
}
