package chessclub_test

import (
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestRootAliases calls the original backend's root paths: browser navigations get the app,
// everything else the API, exactly as at /api.
func TestRootAliases(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		index, err := fs.ReadFile(chessclub.PlaceholderUI, "index.html")
		if err != nil {
			t.Fatal(err)
		}
		const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
		navigate := map[string]string{"Accept": browser}

		// Browser navigations to the app's own pages get index.html, with or without a token.
		for _, path := range []string{"/members", "/tournaments", "/login"} {
			for _, as := range []string{"", "alice"} {
				r := e.MustDo(clubtest.Req{Method: "GET", Path: path, As: as, Header: navigate}, http.StatusOK)
				if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") || string(r.Body) != string(index) {
					t.Errorf("navigate %s (as %q): %s %q, want the app's index.html", path, as, r.Header.Get("Content-Type"), r.Body)
				}
			}
		}

		// API calls: the same answer as the /api twin.
		var viaAPI, viaRoot []members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: "bob"}, http.StatusOK).Decode(t, &viaAPI)
		for _, accept := range []string{"", "*/*", "application/json", "text/html;q=0, application/json"} {
			r := e.MustDo(clubtest.Req{Method: "GET", Path: "/members", As: "bob", Header: map[string]string{"Accept": accept}}, http.StatusOK)
			r.Decode(t, &viaRoot)
			clubtest.Diff(t, "GET /members with Accept "+accept, viaRoot, viaAPI)
			if !strings.Contains(r.Header.Get("Vary"), "Accept") {
				t.Errorf("GET /members: Vary %q, want Accept", r.Header.Get("Vary"))
			}
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/members", Header: map[string]string{"Accept": "application/json"}}), clubtest.WantProblem{Status: 401, Slug: "unauthorized"})

		// The original client's session: register, log in, create, list, upload, delete.
		var m members.Member
		e.MustDo(clubtest.Req{Method: "POST", Path: "/user", Body: map[string]any{"username": "olga", "password": "password-olga", "full_name": "Olga Old"}}, http.StatusCreated).Decode(t, &m)
		var s auth.Session
		// POST is always the API, even from a browser's form.
		e.MustDo(clubtest.Req{Method: "POST", Path: "/login", Header: navigate, Body: map[string]any{"username": "olga", "password": "password-olga"}}, http.StatusOK).Decode(t, &s)
		ids := map[string]int64{}
		for _, name := range []string{"By query", "By body", "By path"} {
			var tr tournament.Tournament
			e.MustDo(clubtest.Req{Method: "POST", Path: "/tournaments", Token: s.Token, Body: map[string]any{"name": name, "start_date": "2026-09-01"}}, http.StatusCreated).Decode(t, &tr)
			ids[name] = tr.ID
		}
		var list []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/tournaments", Header: map[string]string{"Accept": "application/json"}}, http.StatusOK).Decode(t, &list)
		if len(list) != 3 {
			t.Errorf("GET /tournaments: %d tournaments, want 3", len(list))
		}
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, false))
		var f photos.Figure
		e.MustDo(clubtest.Req{Method: "POST", Path: "/figures", Token: s.Token, Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &f)
		e.MustDo(clubtest.Req{Method: "GET", Path: f.URL}, http.StatusOK)

		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/tournaments?id=" + fmt.Sprint(ids["By query"]), Token: s.Token}, http.StatusNoContent)
		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/tournaments", Token: s.Token, Body: `{"id":` + fmt.Sprint(ids["By body"]) + `}`}, http.StatusNoContent)
		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/tournaments/" + fmt.Sprint(ids["By path"]), Token: s.Token}, http.StatusNoContent)
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		if len(list) != 0 {
			t.Errorf("after three deletes: %d tournaments left", len(list))
		}
		// Someone else's tournament: the same 403 as at /api.
		other := e.Tournament("alice", "Alice's", "2026-09-02")
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "DELETE", Path: "/tournaments/" + fmt.Sprint(other), Token: s.Token}), clubtest.WantProblem{Status: 403, Slug: "forbidden"})
		// An app page under /tournaments/ is no tournament id: DELETE there is the app's 405.
		if r := e.Do(clubtest.Req{Method: "DELETE", Path: "/tournaments/new", Token: s.Token}); r.Status != http.StatusMethodNotAllowed {
			t.Errorf("DELETE /tournaments/new: %d, want the app's 405", r.Status)
		}
		// A method the original API did not have on a root path is the app's 405.
		if r := e.Do(clubtest.Req{Method: "PUT", Path: "/tournaments", Token: s.Token, Body: "{}"}); r.Status != http.StatusMethodNotAllowed {
			t.Errorf("PUT /tournaments: %d, want 405", r.Status)
		}
	})
}
