package chessclub_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestAuthorizationMatrix sends each request as each kind of caller. The owner is alice: the
// tournament's creator, the photo's member, the one asking about herself. Public endpoints
// ignore the Authorization header: a bad or revoked token gets the same answer as none, not
// 401 (openapi.json says so), and the same body for reads.
func TestAuthorizationMatrix(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		photo := imagetest.SampleJPEG(t, 8, 8, true)
		tournament := e.Tournament("bob", "Public", "2026-09-01")
		var bobsPhoto photos.Figure
		body, ct := clubtest.MultipartBody(t, "photo", photo)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &bobsPhoto)
		everyone := func(status int) map[string]int {
			return map[string]int{"none": status, "bad": status, "revoked": status, "other": status, "owner": status, "admin": status}
		}
		newUser := 0
		endpoints := []struct {
			name string
			// build returns the request for one run; it may create what it needs.
			build func() clubtest.Req
			// want maps caller to status; callers not listed get 401.
			want map[string]int
			// sameBody requires every caller to get the body a caller without a token gets.
			sameBody bool
		}{
			{"GET /api/tournaments", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: "/api/tournaments"} }, everyone(200), true},
			{"GET /api/tournaments/{id}", func() clubtest.Req {
				return clubtest.Req{Method: "GET", Path: "/api/tournaments/" + fmt.Sprint(tournament)}
			}, everyone(200), true},
			{"GET /api/figures/{id}", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: bobsPhoto.URL} }, everyone(200), true},
			{"POST /api/user", func() clubtest.Req {
				newUser++
				return clubtest.Req{Method: "POST", Path: "/api/user", Body: map[string]any{"username": "new" + fmt.Sprint(int64(newUser)), "password": "long enough", "full_name": "New"}}
			}, everyone(201), false},
			{"POST /api/login", func() clubtest.Req {
				return clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "bob", "password": "password-bob"}}
			}, everyone(200), false},
			{"GET /api/me", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: "/api/me"} },
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"POST /api/logout", func() clubtest.Req { return clubtest.Req{Method: "POST", Path: "/api/logout"} },
				map[string]int{"other": 204, "owner": 204, "admin": 204}, false},
			{"GET /api/members", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: "/api/members"} },
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"GET /api/members/{id}", func() clubtest.Req {
				return clubtest.Req{Method: "GET", Path: "/api/members/" + fmt.Sprint(e.IDs["alice"])}
			},
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"POST /api/tournaments", func() clubtest.Req {
				return clubtest.Req{Method: "POST", Path: "/api/tournaments", Body: map[string]any{"name": "M", "start_date": "2026-09-09"}}
			}, map[string]int{"other": 201, "owner": 201, "admin": 201}, false},
			{"DELETE /api/tournaments/{id}", func() clubtest.Req {
				return clubtest.Req{Method: "DELETE", Path: "/api/tournaments/" + fmt.Sprint(e.Tournament("alice", "M", "2026-09-09"))}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"DELETE /api/tournaments?id=N", func() clubtest.Req {
				return clubtest.Req{Method: "DELETE", Path: "/api/tournaments?id=" + fmt.Sprint(e.Tournament("alice", "M", "2026-09-09"))}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"DELETE /api/tournaments {id}", func() clubtest.Req {
				return clubtest.Req{Method: "DELETE", Path: "/api/tournaments", Body: map[string]any{"id": e.Tournament("alice", "M", "2026-09-09")}}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"POST /api/figures for alice", func() clubtest.Req {
				body, ct := clubtest.MultipartBody(t, "member_id", fmt.Sprint(e.IDs["alice"]), "photo", photo)
				return clubtest.Req{Method: "POST", Path: "/api/figures", Body: body, ContentType: ct}
			}, map[string]int{"other": 403, "owner": 201, "admin": 201}, false},
			{"POST /api/figures raw for alice", func() clubtest.Req {
				return clubtest.Req{Method: "POST", Path: "/api/figures?member_id=" + fmt.Sprint(e.IDs["alice"]), Body: photo, ContentType: "image/jpeg"}
			}, map[string]int{"other": 403, "owner": 201, "admin": 201}, false},
		}
		callers := []string{"none", "bad", "revoked", "other", "owner", "admin"}
		anonymous := map[string][]byte{} // bodies without a token, by endpoint
		for _, ep := range endpoints {
			for _, caller := range callers {
				t.Run(ep.name+"/"+caller, func(t *testing.T) {
					r := ep.build()
					switch caller {
					case "none":
					case "bad", "revoked":
						r.Token = e.Tokens[caller]
					case "other":
						r.Token = e.Login("bob")
					case "owner":
						r.Token = e.Login("alice")
					case "admin":
						r.Token = e.Login("carol")
					}
					want, ok := ep.want[caller]
					if !ok {
						want = http.StatusUnauthorized
					}
					res := e.Do(r)
					if res.Status != want {
						t.Fatalf("status %d, want %d; body %s", res.Status, want, res.Body)
					}
					if ep.sameBody {
						if caller == "none" {
							anonymous[ep.name] = res.Body
						} else if !bytes.Equal(res.Body, anonymous[ep.name]) {
							t.Errorf("body differs from the one without a token:\n%s\n%s", res.Body, anonymous[ep.name])
						}
					}
					if want >= 400 {
						doc := res.Problem(t)
						if doc.Status != want {
							t.Errorf("problem status %d, want %d", doc.Status, want)
						}
					}
				})
			}
		}
	})
}

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
	e.DB.Close()
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
