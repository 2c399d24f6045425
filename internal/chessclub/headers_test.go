package chessclub

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/spa"
	"campus.example/apps/internal/sqldb"
)

// TestSecurityHeaders checks that every kind of response carries the headers that harden it
// in a browser — API successes and errors, the app's pages and files, photos, CORS preflights
// — and that the app's pages have a policy that runs no inline script and may not be framed
// (issue 7, finding 9).
func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, sqldb.SQLite).withMembers()
	var fig Figure
	e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: testJPEG(t, 8, 8, true), contentType: "image/jpeg"}, http.StatusCreated).decode(t, &fig)
	for _, tc := range []struct {
		name   string
		r      req
		status int
		policy string
	}{
		{"API success", req{method: "GET", path: "/api/tournaments"}, 200, httpserve.APIContentSecurityPolicy},
		{"API success, authenticated", req{method: "GET", path: "/api/me", as: "alice"}, 200, httpserve.APIContentSecurityPolicy},
		{"API created", req{method: "POST", path: "/api/tournaments", as: "alice", body: map[string]any{"name": "T", "start_date": "2026-05-01"}}, 201, httpserve.APIContentSecurityPolicy},
		{"API no content", req{method: "POST", path: "/api/logout", as: "bob"}, 204, httpserve.APIContentSecurityPolicy},
		{"API unauthorized", req{method: "GET", path: "/api/me"}, 401, httpserve.APIContentSecurityPolicy},
		{"API not found", req{method: "GET", path: "/api/nothing"}, 404, httpserve.APIContentSecurityPolicy},
		{"API wrong method", req{method: "PUT", path: "/api/me"}, 405, httpserve.APIContentSecurityPolicy},
		{"API malformed", req{method: "POST", path: "/api/login", body: "{", contentType: "application/json"}, 400, httpserve.APIContentSecurityPolicy},
		{"CORS preflight", req{method: "OPTIONS", path: "/api/tournaments", header: map[string]string{"Origin": "capacitor://localhost", "Access-Control-Request-Method": "POST"}}, 204, httpserve.APIContentSecurityPolicy},
		{"photo", req{method: "GET", path: fig.URL}, 200, "default-src 'none'"},
		{"thumbnail", req{method: "GET", path: fig.ThumbnailURL}, 200, "default-src 'none'"},
		{"health", req{method: "GET", path: "/healthz"}, 200, httpserve.APIContentSecurityPolicy},
		{"OpenAPI document", req{method: "GET", path: "/openapi.json"}, 200, httpserve.APIContentSecurityPolicy},
		{"app page", req{method: "GET", path: "/"}, 200, spa.ContentSecurityPolicy},
		{"app deep link", req{method: "GET", path: "/tournaments/new"}, 200, spa.ContentSecurityPolicy},
		{"app file missing", req{method: "GET", path: "/missing.js"}, 404, httpserve.APIContentSecurityPolicy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.do(tc.r)
			if res.status != tc.status {
				t.Fatalf("status %d, want %d: %s", res.status, tc.status, res.body)
			}
			for name, want := range map[string]string{
				"X-Content-Type-Options":  "nosniff",
				"Referrer-Policy":         "no-referrer",
				"X-Frame-Options":         "DENY",
				"Content-Security-Policy": tc.policy,
			} {
				if got := res.header.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
}
