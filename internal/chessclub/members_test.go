package chessclub

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// wantProblem is the expected shape of a problem response.
type wantProblem struct {
	status int
	slug   string
	// fields are the keys of the errors map, sorted.
	fields []string
}

// checkProblem compares a problem response with want.
func checkProblem(t testing.TB, res resp, want wantProblem) {
	t.Helper()
	if res.status != want.status {
		t.Fatalf("status %d, want %d; body %s", res.status, want.status, res.body)
	}
	doc := res.problemDoc(t)
	var fields []string
	for k := range doc.Errors {
		fields = append(fields, k)
	}
	slices.Sort(fields)
	got := wantProblem{status: doc.Status, slug: strings.TrimPrefix(doc.Type, problem.TypeBase), fields: fields}
	diff(t, "problem", got, want, cmpopts.EquateEmpty(), cmp.AllowUnexported(wantProblem{}))
	if doc.Title == "" || doc.Detail == "" {
		t.Errorf("problem without title or detail: %s", res.body)
	}
}

func TestRegister(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		res := e.mustDo(req{method: "POST", path: "/api/user", body: map[string]any{
			"username": "Dana_K.2", "password": "  spaced pass  ", "full_name": "  Dana Kasparova ", "email": "Dana@Example.org",
		}}, http.StatusCreated)
		var got Member
		res.decode(t, &got)
		email := "Dana@Example.org"
		want := Member{ID: got.ID, Username: "Dana_K.2", FullName: "Dana Kasparova", Email: &email, Rating: 1200, RatingStatus: play.RatingUnrated, Role: RoleMember, JoinedAt: t0}
		diff(t, "member", got, want)
		if loc := res.header.Get("Location"); loc != "/api/members/"+itoa(got.ID) {
			t.Errorf("Location = %q", loc)
		}
		if strings.Contains(string(res.body), "argon2") || strings.Contains(string(res.body), "password") {
			t.Errorf("response leaks the password or its hash: %s", res.body)
		}
		// The password keeps its spaces.
		e.mustDo(req{method: "POST", path: "/api/login", body: map[string]any{"username": "dana_k.2", "password": "  spaced pass  "}}, http.StatusOK)

		valid := func(change map[string]any) map[string]any {
			b := map[string]any{"username": "eve", "password": "long enough", "full_name": "Eve"}
			for k, v := range change {
				if v == nil {
					delete(b, k)
				} else {
					b[k] = v
				}
			}
			return b
		}
		tests := []struct {
			name        string
			body        any
			contentType string
			want        wantProblem
		}{
			{"username taken, other case", valid(map[string]any{"username": "DANA_k.2"}), "", wantProblem{409, "conflict", []string{"username"}}},
			// The e-mail is never named: see TestRegisterNoEmailOracle.
			{"username and e-mail taken", valid(map[string]any{"username": "dana_k.2", "email": "dana@example.org"}), "", wantProblem{409, "conflict", []string{"username"}}},
			{"username too short", valid(map[string]any{"username": "ab"}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username too long", valid(map[string]any{"username": strings.Repeat("a", 33)}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username bad characters", valid(map[string]any{"username": "eve smith"}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username not ASCII", valid(map[string]any{"username": "évé"}), "", wantProblem{422, "validation", []string{"username"}}},
			// Both lower-case to ASCII ("king", "i̇van" aside): the pattern must see the input.
			{"username with a Kelvin sign", valid(map[string]any{"username": "\u212Aing"}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username with a dotted capital I", valid(map[string]any{"username": "\u0130van"}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username with a long s", valid(map[string]any{"username": "\u017Fam"}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username missing", valid(map[string]any{"username": nil}), "", wantProblem{422, "validation", []string{"username"}}},
			{"username not a string", valid(map[string]any{"username": 42}), "", wantProblem{422, "validation", []string{"username"}}},
			{"password too short", valid(map[string]any{"password": "1234567"}), "", wantProblem{422, "validation", []string{"password"}}},
			{"password too long", valid(map[string]any{"password": strings.Repeat("p", 129)}), "", wantProblem{422, "validation", []string{"password"}}},
			{"password missing", valid(map[string]any{"password": nil}), "", wantProblem{422, "validation", []string{"password"}}},
			{"password not a string", valid(map[string]any{"password": 12345678}), "", wantProblem{422, "validation", []string{"password"}}},
			{"full name empty", valid(map[string]any{"full_name": "   "}), "", wantProblem{422, "validation", []string{"full_name"}}},
			{"full name too long", valid(map[string]any{"full_name": strings.Repeat("é", 101)}), "", wantProblem{422, "validation", []string{"full_name"}}},
			{"email invalid", valid(map[string]any{"email": "not-an-email"}), "", wantProblem{422, "validation", []string{"email"}}},
			{"email with a name", valid(map[string]any{"email": "Eve <eve@example.org>"}), "", wantProblem{422, "validation", []string{"email"}}},
			{"email without dotted domain", valid(map[string]any{"email": "eve@localhost"}), "", wantProblem{422, "validation", []string{"email"}}},
			{"read-only role", valid(map[string]any{"role": "admin"}), "", wantProblem{422, "validation", []string{"role"}}},
			{"unknown field", valid(map[string]any{"nickname": "e"}), "", wantProblem{422, "validation", []string{"nickname"}}},
			{"every field wrong", map[string]any{"username": "x", "password": "short", "full_name": "", "email": "@"}, "", wantProblem{422, "validation", []string{"email", "full_name", "password", "username"}}},
			{"not JSON", "{username:", "application/json", wantProblem{400, "malformed-request", nil}},
			{"array", "[]", "application/json", wantProblem{400, "malformed-request", nil}},
			{"empty body", "", "application/json", wantProblem{400, "malformed-request", nil}},
			{"form content type", "username=eve", "application/x-www-form-urlencoded", wantProblem{415, "unsupported-media-type", nil}},
			{"too large", `{"full_name":"` + strings.Repeat("x", MaxBody) + `"}`, "application/json", wantProblem{413, "too-large", nil}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				checkProblem(t, e.do(req{method: "POST", path: "/api/user", body: tc.body, contentType: tc.contentType}), tc.want)
			})
		}
		e.mustDo(req{method: "POST", path: "/api/user", body: valid(map[string]any{"email": "eve@example.org"})}, http.StatusCreated)

		// At login, a name outside the pattern is nobody, even when it folds to a member's:
		// the same 401 as a wrong password, after the same dummy hash.
		e.mustDo(req{method: "POST", path: "/api/user", body: valid(map[string]any{"username": "King", "password": "long enough"})}, http.StatusCreated)
		for _, tc := range []struct {
			username string
			want     int
		}{{"KING", 200}, {"king", 200}, {"\u212Aing", 401}, {"\u212AING", 401}} {
			res := e.do(req{method: "POST", path: "/api/login", remoteAddr: "10.3.0.1:1", body: map[string]any{"username": tc.username, "password": "long enough"}})
			if res.status != tc.want {
				t.Errorf("login as %+q: status %d, want %d", tc.username, res.status, tc.want)
			}
		}
	})
}

func TestLoginLogoutMe(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		var s Session
		e.mustDo(req{method: "POST", path: "/api/login", body: map[string]any{"username": "ALICE", "password": "password-alice"}}, http.StatusOK).decode(t, &s)
		email := "alice@example.org"
		wantMember := Member{ID: e.ids["alice"], Username: "alice", FullName: "Alice Anand", Email: &email, Rating: 1200, RatingStatus: play.RatingUnrated, Role: RoleMember, JoinedAt: t0}
		diff(t, "session", s, Session{Token: s.Token, TokenType: "Bearer", ExpiresAt: t0.Add(DefaultTokenTTL), Member: wantMember, DeviceToken: s.DeviceToken})
		if s.DeviceToken == "" || s.DeviceToken == s.Token {
			t.Errorf("device token %q (login token %q)", s.DeviceToken, s.Token)
		}
		if len(s.Token) < 22 {
			t.Errorf("token %q is too short for 128 bits", s.Token)
		}
		var me Member
		e.mustDo(req{method: "GET", path: "/api/me", token: s.Token}, http.StatusOK).decode(t, &me)
		diff(t, "me", me, wantMember)

		// The database keeps only the hash of the token.
		var stored string
		if err := e.store.db.QueryRow("SELECT token_hash FROM sessions WHERE member_id = ? AND token_hash = ?", e.ids["alice"], hashToken(s.Token)).Scan(&stored); err != nil {
			t.Fatalf("session row: %v", err)
		}
		var plain int
		if err := e.store.db.QueryRow("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", s.Token).Scan(&plain); err != nil || plain != 0 {
			t.Errorf("the token is stored in clear (%d rows, %v)", plain, err)
		}

		wrong := e.do(req{method: "POST", path: "/api/login", body: map[string]any{"username": "alice", "password": "password-bob"}})
		unknown := e.do(req{method: "POST", path: "/api/login", body: map[string]any{"username": "nobody", "password": "password-bob"}})
		checkProblem(t, wrong, wantProblem{401, "unauthorized", nil})
		// An unknown user and a wrong password are indistinguishable, body and headers.
		w, u := wrong.problemDoc(t), unknown.problemDoc(t)
		diff(t, "unknown user vs wrong password", u, w)
		diff(t, "headers", unknown.header, wrong.header)

		for _, tc := range []struct {
			name string
			body any
			want wantProblem
		}{
			{"no password", map[string]any{"username": "alice"}, wantProblem{422, "validation", []string{"password"}}},
			{"no username", map[string]any{"password": "x"}, wantProblem{422, "validation", []string{"username"}}},
			{"password not a string", map[string]any{"username": "alice", "password": 5}, wantProblem{422, "validation", []string{"password"}}},
			{"unknown field", map[string]any{"username": "alice", "password": "x", "remember": true}, wantProblem{422, "validation", []string{"remember"}}},
			{"not JSON", "nope", wantProblem{400, "malformed-request", nil}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ct := ""
				if _, ok := tc.body.(string); ok {
					ct = "application/json"
				}
				checkProblem(t, e.do(req{method: "POST", path: "/api/login", body: tc.body, contentType: ct}), tc.want)
			})
		}

		// Logout revokes only this token.
		other := e.login("alice")
		e.mustDo(req{method: "POST", path: "/api/logout", token: s.Token}, http.StatusNoContent)
		checkProblem(t, e.do(req{method: "GET", path: "/api/me", token: s.Token}), wantProblem{401, "unauthorized", nil})
		checkProblem(t, e.do(req{method: "POST", path: "/api/logout", token: s.Token}), wantProblem{401, "unauthorized", nil})
		e.mustDo(req{method: "GET", path: "/api/me", token: other}, http.StatusOK)
		for _, h := range []string{"Basic " + other, "Bearer", "Bearer    ", other} {
			res := e.do(req{method: "GET", path: "/api/me", header: map[string]string{"Authorization": h}})
			checkProblem(t, res, wantProblem{401, "unauthorized", nil})
			if res.header.Get("WWW-Authenticate") == "" {
				t.Errorf("401 without WWW-Authenticate")
			}
		}
	})
}

func TestTokenExpiry(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		for _, ttl := range []time.Duration{DefaultTokenTTL, 2 * time.Hour} {
			t.Run(ttl.String(), func(t *testing.T) {
				e := newEnv(t, d, func(c *Config) {
					if ttl != DefaultTokenTTL {
						c.TokenTTL = ttl
					}
				})
				e.register("alice", "Alice", "")
				var s Session
				e.mustDo(req{method: "POST", path: "/api/login", body: map[string]any{"username": "alice", "password": "password-alice"}}, http.StatusOK).decode(t, &s)
				if !s.ExpiresAt.Equal(t0.Add(ttl)) {
					t.Errorf("expires_at = %v, want %v", s.ExpiresAt, t0.Add(ttl))
				}
				e.clock.Add(ttl - time.Second)
				e.mustDo(req{method: "GET", path: "/api/me", token: s.Token}, http.StatusOK)
				e.clock.Add(time.Second)
				checkProblem(t, e.do(req{method: "GET", path: "/api/me", token: s.Token}), wantProblem{401, "unauthorized", nil})
				// A new login purges the expired session.
				e.login("alice")
				var n int
				if err := e.store.db.QueryRow("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", hashToken(s.Token)).Scan(&n); err != nil || n != 0 {
					t.Errorf("expired session kept: %d rows, %v", n, err)
				}
			})
		}
	})
}

func TestMembersAndEmailVisibility(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		var all []Member
		e.mustDo(req{method: "GET", path: "/api/members", as: "carol"}, http.StatusOK).decode(t, &all)
		byName := func(ms []Member) []string {
			var names []string
			for _, m := range ms {
				names = append(names, m.Username)
			}
			return names
		}
		// Sorted by full name without regard to case: "Alice Anand", "bob Botvinnik", "Carol Carlsen".
		diff(t, "order", byName(all), []string{"alice", "bob", "carol"})

		emails := func(viewer string, ms []Member) map[string]string {
			out := map[string]string{}
			for _, m := range ms {
				if m.Email != nil {
					out[m.Username] = *m.Email
				}
			}
			return out
		}
		tests := []struct {
			viewer string
			want   map[string]string
		}{
			{"alice", map[string]string{"alice": "alice@example.org"}},
			{"bob", map[string]string{"bob": "bob@example.org"}},
			{"carol", map[string]string{"alice": "alice@example.org", "bob": "bob@example.org"}},
		}
		for _, tc := range tests {
			t.Run(tc.viewer, func(t *testing.T) {
				var ms []Member
				e.mustDo(req{method: "GET", path: "/api/members", as: tc.viewer}, http.StatusOK).decode(t, &ms)
				diff(t, "emails in list", emails(tc.viewer, ms), tc.want)
				one := map[string]string{}
				for _, name := range []string{"alice", "bob", "carol"} {
					var m Member
					e.mustDo(req{method: "GET", path: "/api/members/" + itoa(e.ids[name]), as: tc.viewer}, http.StatusOK).decode(t, &m)
					if m.Email != nil {
						one[name] = *m.Email
					}
				}
				diff(t, "emails one by one", one, tc.want)
			})
		}
		checkProblem(t, e.do(req{method: "GET", path: "/api/members/999999", as: "alice"}), wantProblem{404, "not-found", nil})
		checkProblem(t, e.do(req{method: "GET", path: "/api/members/abc", as: "alice"}), wantProblem{400, "malformed-request", nil})
		checkProblem(t, e.do(req{method: "GET", path: "/api/members/0", as: "alice"}), wantProblem{400, "malformed-request", nil})
	})
}

func TestAdminRole(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		e.register("dave", "Dave", "")
		ctx := t.Context()
		if err := e.store.SetRole(ctx, "DAVE", RoleAdmin); err != nil {
			t.Fatal(err)
		}
		var me Member
		e.mustDo(req{method: "GET", path: "/api/me", as: "dave"}, http.StatusOK).decode(t, &me)
		if me.Role != RoleAdmin {
			t.Errorf("role = %q, want admin", me.Role)
		}
		if err := e.store.SetRole(ctx, "nobody", RoleAdmin); problem.KindOf(err) != problem.NotFound {
			t.Errorf("SetRole(nobody) = %v, want NotFound", err)
		}
	})
}

func itoa(id int64) string { return strconvFormat(id) }
