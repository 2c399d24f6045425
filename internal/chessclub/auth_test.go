package chessclub

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestAuthorizationMatrix sends each request as each kind of caller. The owner is alice: the
// tournament's creator, the photo's member, the one asking about herself. Public endpoints
// ignore the Authorization header: a bad or revoked token gets the same answer as none, not
// 401 (openapi.json says so), and the same body for reads.
func TestAuthorizationMatrix(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		photo := testJPEG(t, 8, 8, true)
		tournament := e.tournament("bob", "Public", "2026-09-01")
		var bobsPhoto Figure
		body, ct := multipartBody(t, "photo", photo)
		e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: body, contentType: ct}, http.StatusCreated).decode(t, &bobsPhoto)
		everyone := func(status int) map[string]int {
			return map[string]int{"none": status, "bad": status, "revoked": status, "other": status, "owner": status, "admin": status}
		}
		newUser := 0
		endpoints := []struct {
			name string
			// build returns the request for one run; it may create what it needs.
			build func() req
			// want maps caller to status; callers not listed get 401.
			want map[string]int
			// sameBody requires every caller to get the body a caller without a token gets.
			sameBody bool
		}{
			{"GET /api/tournaments", func() req { return req{method: "GET", path: "/api/tournaments"} }, everyone(200), true},
			{"GET /api/tournaments/{id}", func() req { return req{method: "GET", path: "/api/tournaments/" + itoa(tournament)} }, everyone(200), true},
			{"GET /api/figures/{id}", func() req { return req{method: "GET", path: bobsPhoto.URL} }, everyone(200), true},
			{"POST /api/user", func() req {
				newUser++
				return req{method: "POST", path: "/api/user", body: map[string]any{"username": "new" + itoa(int64(newUser)), "password": "long enough", "full_name": "New"}}
			}, everyone(201), false},
			{"POST /api/login", func() req {
				return req{method: "POST", path: "/api/login", body: map[string]any{"username": "bob", "password": "password-bob"}}
			}, everyone(200), false},
			{"GET /api/me", func() req { return req{method: "GET", path: "/api/me"} },
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"POST /api/logout", func() req { return req{method: "POST", path: "/api/logout"} },
				map[string]int{"other": 204, "owner": 204, "admin": 204}, false},
			{"GET /api/members", func() req { return req{method: "GET", path: "/api/members"} },
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"GET /api/members/{id}", func() req { return req{method: "GET", path: "/api/members/" + itoa(e.ids["alice"])} },
				map[string]int{"other": 200, "owner": 200, "admin": 200}, false},
			{"POST /api/tournaments", func() req {
				return req{method: "POST", path: "/api/tournaments", body: map[string]any{"name": "M", "start_date": "2026-09-09"}}
			}, map[string]int{"other": 201, "owner": 201, "admin": 201}, false},
			{"DELETE /api/tournaments/{id}", func() req {
				return req{method: "DELETE", path: "/api/tournaments/" + itoa(e.tournament("alice", "M", "2026-09-09"))}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"DELETE /api/tournaments?id=N", func() req {
				return req{method: "DELETE", path: "/api/tournaments?id=" + itoa(e.tournament("alice", "M", "2026-09-09"))}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"DELETE /api/tournaments {id}", func() req {
				return req{method: "DELETE", path: "/api/tournaments", body: map[string]any{"id": e.tournament("alice", "M", "2026-09-09")}}
			}, map[string]int{"other": 403, "owner": 204, "admin": 204}, false},
			{"POST /api/figures for alice", func() req {
				body, ct := multipartBody(t, "member_id", itoa(e.ids["alice"]), "photo", photo)
				return req{method: "POST", path: "/api/figures", body: body, contentType: ct}
			}, map[string]int{"other": 403, "owner": 201, "admin": 201}, false},
			{"POST /api/figures raw for alice", func() req {
				return req{method: "POST", path: "/api/figures?member_id=" + itoa(e.ids["alice"]), body: photo, contentType: "image/jpeg"}
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
						r.token = e.tokens[caller]
					case "other":
						r.token = e.login("bob")
					case "owner":
						r.token = e.login("alice")
					case "admin":
						r.token = e.login("carol")
					}
					want, ok := ep.want[caller]
					if !ok {
						want = http.StatusUnauthorized
					}
					res := e.do(r)
					if res.status != want {
						t.Fatalf("status %d, want %d; body %s", res.status, want, res.body)
					}
					if ep.sameBody {
						if caller == "none" {
							anonymous[ep.name] = res.body
						} else if !bytes.Equal(res.body, anonymous[ep.name]) {
							t.Errorf("body differs from the one without a token:\n%s\n%s", res.body, anonymous[ep.name])
						}
					}
					if want >= 400 {
						doc := res.problemDoc(t)
						if doc.Status != want {
							t.Errorf("problem status %d, want %d", doc.Status, want)
						}
					}
				})
			}
		}
	})
}

// TestLoginThrottle checks that honest typos pass, that guessing is stopped with 429 and
// Retry-After, per username at one address and per address, and that the wait ends.
func TestLoginThrottle(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}
		e := newEnv(t, d, func(c *Config) { c.Throttle = cfg })
		e.register("alice", "Alice", "")
		e.register("bob", "Bob", "")
		login := func(user, password, addr string) resp {
			return e.do(req{method: "POST", path: "/api/login", remoteAddr: addr + ":40000",
				body: map[string]any{"username": user, "password": password}})
		}
		statuses := func(n int, user, password, addr string) []int {
			var out []int
			for range n {
				out = append(out, login(user, password, addr).status)
			}
			return out
		}

		// Three typos, then the right password: no lockout, and the typos are forgotten.
		diff(t, "typos", statuses(3, "alice", "wrong", "10.0.0.1"), []int{401, 401, 401})
		diff(t, "then right", statuses(1, "alice", "password-alice", "10.0.0.1"), []int{200})
		diff(t, "five more typos", statuses(5, "Alice", "wrong", "10.0.0.2"), []int{401, 401, 401, 401, 401})

		// The sixth failure in a row from that address is throttled, even with the right
		// password, which would otherwise let a guesser find it.
		res := login("ALICE", "password-alice", "10.0.0.2")
		checkProblem(t, res, wantProblem{429, "too-many-requests", nil})
		if got := res.header.Get("Retry-After"); got != "60" {
			t.Errorf("Retry-After = %q, want 60", got)
		}
		// Elsewhere the member is not locked out.
		diff(t, "from another address", statuses(1, "alice", "password-alice", "10.0.0.3"), []int{200})
		// Unknown usernames are throttled in the same way, so throttling reveals nothing.
		diff(t, "unknown user", statuses(6, "ghost", "x", "10.0.0.4"), []int{401, 401, 401, 401, 401, 429})

		e.clock.Add(30 * time.Second)
		if got := login("alice", "password-alice", "10.0.0.2").header.Get("Retry-After"); got != "30" {
			t.Errorf("after 30 s, Retry-After = %q, want 30", got)
		}
		e.clock.Add(30 * time.Second)
		diff(t, "after a minute", statuses(1, "alice", "password-alice", "10.0.0.2"), []int{200})

		// One address guessing many usernames: 8 failures, then 429 for every username.
		var got []int
		for i := range 9 {
			got = append(got, login("user"+strconv.Itoa(i), "x", "10.9.9.9").status)
		}
		diff(t, "one address", got, []int{401, 401, 401, 401, 401, 401, 401, 401, 429})
		res = login("bob", "password-bob", "10.9.9.9")
		checkProblem(t, res, wantProblem{429, "too-many-requests", nil})
		if got := res.header.Get("Retry-After"); got != "10" {
			t.Errorf("Retry-After = %q, want 10", got)
		}
		// Other addresses are not affected.
		diff(t, "bob elsewhere", statuses(1, "bob", "password-bob", "10.0.0.5"), []int{200})

		// IPv6: a /64 is one subscriber's, so a new address from it for each guess does not
		// escape either limit; the next /64 is someone else.
		got = nil
		for i := range 6 {
			got = append(got, login("alice", "x", fmt.Sprintf("[2001:db8:1:1::%x]", i+1)).status)
		}
		diff(t, "one username from one IPv6 /64", got, []int{401, 401, 401, 401, 401, 429})
		got = nil
		for i := range 9 {
			got = append(got, login("guess"+strconv.Itoa(i), "x", fmt.Sprintf("[2001:db8:1:2::%x]", i+1)).status)
		}
		diff(t, "one IPv6 /64", got, []int{401, 401, 401, 401, 401, 401, 401, 401, 429})
		diff(t, "the next /64", statuses(1, "bob", "password-bob", "[2001:db8:1:3::1]"), []int{200})
	})
}

// TestLoginThrottleConcurrent checks that parallel guesses cannot exceed the budget while
// hashes run.
func TestLoginThrottleConcurrent(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		e.register("alice", "Alice", "")
		var wg sync.WaitGroup
		var mu sync.Mutex
		counts := map[int]int{}
		for range 20 {
			wg.Go(func() {
				res := e.do(req{method: "POST", path: "/api/login", remoteAddr: "10.1.1.1:1",
					body: map[string]any{"username": "alice", "password": "wrong"}})
				mu.Lock()
				counts[res.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		diff(t, "statuses", counts, map[int]int{401: DefaultThrottle.UserBurst, 429: 20 - DefaultThrottle.UserBurst})
	})
}

func TestHasher(t *testing.T) {
	h, err := NewHasher(testPassword, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, encoded, password string
		want                    bool
	}{
		{"right", enc, "correct horse", true},
		{"wrong", enc, "correct horse ", false},
		{"unknown user", "", "correct horse", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := h.Verify(ctx, tc.encoded, tc.password)
			if err != nil || got != tc.want {
				t.Errorf("Verify = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	for _, bad := range []string{"plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5", "$argon2id$v=19$m=9999999,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"} {
		if _, err := h.Verify(ctx, bad, "x"); err == nil {
			t.Errorf("Verify(%q) accepted a bad hash", bad)
		}
	}

	// With every slot taken, hashing waits and gives up with the caller's context.
	h.slots <- struct{}{}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(short, "x"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Hash with no free slot = %v, want deadline exceeded", err)
	}
	<-h.slots
}

// TestHasherProductionCost runs the real parameters once: the hash records them, and an
// unknown user costs about as much as a known one.
func TestHasherProductionCost(t *testing.T) {
	h, err := NewHasher(DefaultPasswordParams, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q does not record the production parameters", enc)
	}
	timeIt := func(encoded string) time.Duration {
		best := time.Hour
		for range 3 {
			start := time.Now()
			if _, err := h.Verify(ctx, encoded, "wrong"); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	known, unknown := timeIt(enc), timeIt("")
	t.Logf("verify: known user %v, unknown user %v", known, unknown)
	if unknown < known/3 || unknown > known*3 {
		t.Errorf("unknown user takes %v, known %v: the times must be alike", unknown, known)
	}
	if ok, _ := h.Verify(ctx, enc, "correct horse"); !ok {
		t.Error("the right password does not verify")
	}
}

// TestProblemShapes covers the paths and methods outside the handlers.
func TestProblemShapes(t *testing.T) {
	e := newEnv(t, sqldb.SQLite).withMembers()
	tests := []struct {
		name         string
		method, path string
		want         wantProblem
		allow        string
	}{
		{"unknown API path", "GET", "/api/nothing/here", wantProblem{404, "not-found", nil}, ""},
		{"API root", "GET", "/api", wantProblem{404, "not-found", nil}, ""},
		{"API root with slash", "GET", "/api/", wantProblem{404, "not-found", nil}, ""},
		{"unknown API path, POST", "POST", "/api/nothing", wantProblem{404, "not-found", nil}, ""},
		{"wrong method", "PUT", "/api/tournaments", wantProblem{405, "method-not-allowed", nil}, "GET, POST, DELETE"},
		{"wrong method on item", "PUT", "/api/tournaments/1", wantProblem{405, "method-not-allowed", nil}, "GET, PATCH, DELETE"},
		{"GET on login", "GET", "/api/login", wantProblem{405, "method-not-allowed", nil}, "POST"},
		{"DELETE on the app", "DELETE", "/members", wantProblem{405, "method-not-allowed", nil}, "GET, HEAD"},
		{"missing asset", "GET", "/assets/missing-123.js", wantProblem{404, "not-found", nil}, ""},
		{"bad figure id", "GET", "/api/figures/passwd.jpg", wantProblem{404, "not-found", nil}, ""},
		{"unknown figure", "GET", "/api/figures/0123456789abcdef0123456789abcdef", wantProblem{404, "not-found", nil}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := e.do(req{method: tc.method, path: tc.path, as: "alice"})
			checkProblem(t, res, tc.want)
			if got := res.header.Get("Allow"); got != tc.allow {
				t.Errorf("Allow = %q, want %q", got, tc.allow)
			}
		})
	}

	// Everything else is the app: index.html for deep links.
	for _, path := range []string{"/", "/tournaments/new", "/members/3"} {
		res := e.mustDo(req{method: "GET", path: path}, http.StatusOK)
		if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") || !strings.Contains(string(res.body), "<title>Chess Club</title>") {
			t.Errorf("GET %s: %s %q", path, ct, res.body)
		}
		if cc := res.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", path, cc)
		}
	}
	for _, path := range []string{"/healthz", "/readyz", "/openapi.json"} {
		e.mustDo(req{method: "GET", path: path}, http.StatusOK)
	}
	// An internal failure is a bare 500 problem without its cause.
	e.store.db.Close()
	res := e.do(req{method: "GET", path: "/api/tournaments"})
	checkProblem(t, res, wantProblem{500, "internal", nil})
	if strings.Contains(string(res.body), "sql") {
		t.Errorf("500 reveals its cause: %s", res.body)
	}
	if res := e.do(req{method: "GET", path: "/readyz"}); res.status != http.StatusServiceUnavailable {
		t.Errorf("readyz with a closed database: %d", res.status)
	}
}

func TestCORS(t *testing.T) {
	e := newEnv(t, sqldb.SQLite)
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
			res := e.do(req{method: tc.method, path: "/api/tournaments", header: h})
			if res.status != tc.wantStatus {
				t.Fatalf("status %d, want %d", res.status, tc.wantStatus)
			}
			got := map[string]string{
				"origin": res.header.Get("Access-Control-Allow-Origin"),
			}
			want := map[string]string{"origin": tc.wantAllow}
			if tc.preflight && tc.wantAllow != "" {
				got["headers"] = res.header.Get("Access-Control-Allow-Headers")
				want["headers"] = "Authorization, Content-Type, If-None-Match, Idempotency-Key"
				got["methods"] = res.header.Get("Access-Control-Allow-Methods")
				want["methods"] = "GET, POST, DELETE, OPTIONS"
			}
			diff(t, "CORS headers", got, want)
		})
	}
	e2 := newEnv(t, sqldb.SQLite, func(c *Config) { c.CORSOrigins = []string{"https://club.example"} })
	res := e2.do(req{method: "GET", path: "/api/tournaments", header: map[string]string{"Origin": "capacitor://localhost"}})
	if got := res.header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("configured origins: capacitor still allowed (%q)", got)
	}
}

func TestOpenAPIDocumentChecksResponses(t *testing.T) {
	if _, _, err := loadAPIDoc(); err != nil {
		t.Fatalf("openapi.json is not valid OpenAPI: %v", err)
	}
	// The checker must catch a response that breaks the document.
	ft := &fakeT{TB: t}
	r, _ := http.NewRequest("GET", "/api/tournaments", nil)
	checkOpenAPI(ft, r, resp{status: 200, header: http.Header{"Content-Type": {"application/json"}}, body: []byte(`[{"id":"x"}]`)})
	if !ft.failed {
		t.Error("a tournament with a string id passed the OpenAPI check")
	}
	ft = &fakeT{TB: t}
	checkOpenAPI(ft, r, resp{status: 418, header: http.Header{"Content-Type": {problem.ContentType}}, body: []byte(`{}`)})
	if !ft.failed {
		t.Error("an undocumented status passed the OpenAPI check")
	}
}

type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Helper()               {}

// TestConcurrentLogins logs in 32 times at once while expired sessions wait to be purged; on
// InnoDB a ranged purge inside the login's transaction once made these deadlock.
func TestConcurrentLogins(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		for i := range 8 {
			name := "user" + strconv.Itoa(i)
			e.register(name, name, "")
			e.login(name)
		}
		e.clock.Add(DefaultTokenTTL + time.Second)
		var wg sync.WaitGroup
		var mu sync.Mutex
		counts := map[int]int{}
		for i := range 32 {
			wg.Go(func() {
				name := "user" + strconv.Itoa(i%8)
				res := e.do(req{method: "POST", path: "/api/login", remoteAddr: "10.2.0." + strconv.Itoa(i) + ":1",
					body: map[string]any{"username": name, "password": "password-" + name}})
				mu.Lock()
				counts[res.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		diff(t, "statuses", counts, map[int]int{200: 32})
		var n int
		if err := e.store.db.QueryRow("SELECT COUNT(*) FROM sessions WHERE expires_at <= ?", e.clock.Now()).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d expired sessions left (%v)", n, err)
		}
	})
}
