package chessclub_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/spa"
	"campus.example/apps/internal/sqldb"
)

// TestSecurityHeaders checks that every kind of response carries the headers that harden it
// in a browser — API successes and errors, the app's pages and files, photos, CORS preflights
// — and that the app's pages have a policy that runs no inline script and may not be framed.
func TestSecurityHeaders(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite).WithMembers()
	var fig photos.Figure
	e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: imagetest.SampleJPEG(t, 8, 8, true), ContentType: "image/jpeg"}, http.StatusCreated).Decode(t, &fig)
	for _, tc := range []struct {
		name   string
		r      clubtest.Req
		status int
		policy string
	}{
		{"API success", clubtest.Req{Method: "GET", Path: "/api/tournaments"}, 200, httpserve.APIContentSecurityPolicy},
		{"API success, authenticated", clubtest.Req{Method: "GET", Path: "/api/me", As: "alice"}, 200, httpserve.APIContentSecurityPolicy},
		{"API created", clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: map[string]any{"name": "T", "start_date": "2026-05-01"}}, 201, httpserve.APIContentSecurityPolicy},
		{"API no content", clubtest.Req{Method: "POST", Path: "/api/logout", As: "bob"}, 204, httpserve.APIContentSecurityPolicy},
		{"API unauthorized", clubtest.Req{Method: "GET", Path: "/api/me"}, 401, httpserve.APIContentSecurityPolicy},
		{"API not found", clubtest.Req{Method: "GET", Path: "/api/nothing"}, 404, httpserve.APIContentSecurityPolicy},
		{"API wrong method", clubtest.Req{Method: "PUT", Path: "/api/me"}, 405, httpserve.APIContentSecurityPolicy},
		{"API malformed", clubtest.Req{Method: "POST", Path: "/api/login", Body: "{", ContentType: "application/json"}, 400, httpserve.APIContentSecurityPolicy},
		{"CORS preflight", clubtest.Req{Method: "OPTIONS", Path: "/api/tournaments", Header: map[string]string{"Origin": "capacitor://localhost", "Access-Control-Request-Method": "POST"}}, 204, httpserve.APIContentSecurityPolicy},
		{"photo", clubtest.Req{Method: "GET", Path: fig.URL}, 200, "default-src 'none'"},
		{"thumbnail", clubtest.Req{Method: "GET", Path: fig.ThumbnailURL}, 200, "default-src 'none'"},
		{"health", clubtest.Req{Method: "GET", Path: "/healthz"}, 200, httpserve.APIContentSecurityPolicy},
		{"OpenAPI document", clubtest.Req{Method: "GET", Path: "/openapi.json"}, 200, httpserve.APIContentSecurityPolicy},
		{"app page", clubtest.Req{Method: "GET", Path: "/"}, 200, spa.ContentSecurityPolicy},
		{"app deep link", clubtest.Req{Method: "GET", Path: "/tournaments/new"}, 200, spa.ContentSecurityPolicy},
		{"app file missing", clubtest.Req{Method: "GET", Path: "/missing.js"}, 404, httpserve.APIContentSecurityPolicy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.Do(tc.r)
			if res.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", res.Status, tc.status, res.Body)
			}
			for name, want := range map[string]string{
				"X-Content-Type-Options":  "nosniff",
				"Referrer-Policy":         "no-referrer",
				"X-Frame-Options":         "DENY",
				"Content-Security-Policy": tc.policy,
			} {
				if got := res.Header.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
}
