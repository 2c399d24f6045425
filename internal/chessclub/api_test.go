package chessclub_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestProblemShapes covers the paths and methods outside the handlers.
func TestProblemShapes(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite).WithMembers()
	tests := []struct {
		name         string
		method, path string
		want         clubtest.WantProblem
		allow        string
	}{
		{"unknown API path", "GET", "/api/nothing/here", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"API root", "GET", "/api", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"API root with slash", "GET", "/api/", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"unknown API path, POST", "POST", "/api/nothing", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"wrong method", "PUT", "/api/tournaments", clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"}, "GET, POST, DELETE"},
		{"wrong method on item", "PUT", "/api/tournaments/1", clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"}, "GET, PATCH, DELETE"},
		{"GET on login", "GET", "/api/login", clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"}, "POST"},
		{"DELETE on the app", "DELETE", "/members", clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"}, "GET, HEAD"},
		{"missing asset", "GET", "/assets/missing-123.js", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"bad figure id", "GET", "/api/figures/passwd.jpg", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
		{"unknown figure", "GET", "/api/figures/0123456789abcdef0123456789abcdef", clubtest.WantProblem{Status: 404, Slug: "not-found"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := e.Do(clubtest.Req{Method: tc.method, Path: tc.path, As: "alice"})
			clubtest.CheckProblem(t, res, tc.want)
			if got := res.Header.Get("Allow"); got != tc.allow {
				t.Errorf("Allow = %q, want %q", got, tc.allow)
			}
		})
	}

	// Everything else is the app: index.html for deep links.
	for _, path := range []string{"/", "/tournaments/new", "/members/3"} {
		res := e.MustDo(clubtest.Req{Method: "GET", Path: path}, http.StatusOK)
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") || !strings.Contains(string(res.Body), "<title>Chess Club</title>") {
			t.Errorf("GET %s: %s %q", path, ct, res.Body)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", path, cc)
		}
	}
	for _, path := range []string{"/healthz", "/readyz", "/openapi.json", "/api/openapi.json"} {
		e.MustDo(clubtest.Req{Method: "GET", Path: path}, http.StatusOK)
	}
	// An internal failure is a bare 500 problem without its cause.
	e.CloseDB()
	res := e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments"})
	clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 500, Slug: "internal"})
	if strings.Contains(string(res.Body), "sql") {
		t.Errorf("500 reveals its cause: %s", res.Body)
	}
	if res := e.Do(clubtest.Req{Method: "GET", Path: "/readyz"}); res.Status != http.StatusServiceUnavailable {
		t.Errorf("readyz with a closed database: %d", res.Status)
	}
}

func TestCORS(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite)
	tests := []struct {
		name, method, origin string
		preflight            bool
		wantStatus           int
		wantAllow            string
	}{
		{"capacitor preflight", "OPTIONS", "capacitor://localhost", true, 204, "capacitor://localhost"},
		{"ionic preflight", "OPTIONS", "ionic://localhost", true, 204, "ionic://localhost"},
		{"localhost GET", "GET", "http://localhost", false, 200, "http://localhost"},
		{"Android web view preflight", "OPTIONS", "https://localhost", true, 204, "https://localhost"},
		{"Android web view GET", "GET", "https://localhost", false, 200, "https://localhost"},
		{"another https localhost port", "GET", "https://localhost:8443", false, 200, ""},
		{"foreign preflight", "OPTIONS", "https://evil.example", true, 204, ""},
		{"foreign GET", "GET", "https://evil.example", false, 200, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{"Origin": tc.origin}
			if tc.preflight {
				h["Access-Control-Request-Method"] = "POST"
				h["Access-Control-Request-Headers"] = "authorization, content-type"
			}
			res := e.Do(clubtest.Req{Method: tc.method, Path: "/api/tournaments", Header: h})
			if res.Status != tc.wantStatus {
				t.Fatalf("status %d, want %d", res.Status, tc.wantStatus)
			}
			got := map[string]string{
				"origin": res.Header.Get("Access-Control-Allow-Origin"),
			}
			want := map[string]string{"origin": tc.wantAllow}
			if tc.preflight && tc.wantAllow != "" {
				got["headers"] = res.Header.Get("Access-Control-Allow-Headers")
				want["headers"] = "Authorization, Content-Type, If-None-Match, Idempotency-Key"
				got["methods"] = res.Header.Get("Access-Control-Allow-Methods")
				want["methods"] = "GET, POST, DELETE, OPTIONS"
			}
			clubtest.Diff(t, "CORS headers", got, want)
		})
	}
	e2 := clubtest.New(t, sqldb.SQLite, func(c *chessclub.Config) { c.CORSOrigins = []string{"https://club.example"} })
	res := e2.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments", Header: map[string]string{"Origin": "capacitor://localhost"}})
	if got := res.Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("configured origins: capacitor still allowed (%q)", got)
	}
}

// TestOpenAPIDocument: the document is served whole at /openapi.json and at
// /api/openapi.json, the same bytes as the embedded file, and only to GET (and HEAD).
func TestOpenAPIDocument(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite)
	for _, path := range []string{"/openapi.json", "/api/openapi.json"} {
		res := e.MustDo(clubtest.Req{Method: "GET", Path: path}, http.StatusOK)
		if !bytes.Equal(res.Body, chessclub.OpenAPI) {
			t.Errorf("GET %s: %d bytes that are not the embedded document (%d bytes)", path, len(res.Body), len(chessclub.OpenAPI))
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("GET %s: Content-Type %q", path, ct)
		}
	}
	res := e.Do(clubtest.Req{Method: "POST", Path: "/api/openapi.json"})
	clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"})
	if got := res.Header.Get("Allow"); got != "GET" {
		t.Errorf("Allow = %q, want GET", got)
	}
}
