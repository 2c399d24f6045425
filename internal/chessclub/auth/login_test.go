package auth_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestLoginThrottle checks that honest typos pass, that guessing is stopped with 429 and
// Retry-After, per username at one address and per address, and that the wait ends.
func TestLoginThrottle(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := auth.ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = cfg })
		e.Register("alice", "Alice")
		e.Register("bob", "Bob")
		login := func(user, password, addr string) clubtest.Resp {
			return e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: addr + ":40000",
				Body: map[string]any{"username": user, "password": password}})
		}
		statuses := func(n int, user, password, addr string) []int {
			var out []int
			for range n {
				out = append(out, login(user, password, addr).Status)
			}
			return out
		}

		// Three typos, then the right password: no lockout, and the typos are forgotten.
		clubtest.Diff(t, "typos", statuses(3, "alice", "wrong", "10.0.0.1"), []int{401, 401, 401})
		clubtest.Diff(t, "then right", statuses(1, "alice", "password-alice", "10.0.0.1"), []int{200})
		clubtest.Diff(t, "five more typos", statuses(5, "Alice", "wrong", "10.0.0.2"), []int{401, 401, 401, 401, 401})

		// The sixth failure in a row from that address is throttled, even with the right
		// password, which would otherwise let a guesser find it.
		res := login("ALICE", "password-alice", "10.0.0.2")
		clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 429, Slug: "too-many-requests"})
		if got := res.Header.Get("Retry-After"); got != "60" {
			t.Errorf("Retry-After = %q, want 60", got)
		}
		// Elsewhere the member is not locked out.
		clubtest.Diff(t, "from another address", statuses(1, "alice", "password-alice", "10.0.0.3"), []int{200})
		// Unknown usernames are throttled in the same way, so throttling reveals nothing.
		clubtest.Diff(t, "unknown user", statuses(6, "ghost", "x", "10.0.0.4"), []int{401, 401, 401, 401, 401, 429})

		e.Clock.Add(30 * time.Second)
		if got := login("alice", "password-alice", "10.0.0.2").Header.Get("Retry-After"); got != "30" {
			t.Errorf("after 30 s, Retry-After = %q, want 30", got)
		}
		e.Clock.Add(30 * time.Second)
		clubtest.Diff(t, "after a minute", statuses(1, "alice", "password-alice", "10.0.0.2"), []int{200})

		// One address guessing many usernames: 8 failures, then 429 for every username.
		var got []int
		for i := range 9 {
			got = append(got, login("user"+strconv.Itoa(i), "x", "10.9.9.9").Status)
		}
		clubtest.Diff(t, "one address", got, []int{401, 401, 401, 401, 401, 401, 401, 401, 429})
		res = login("bob", "password-bob", "10.9.9.9")
		clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 429, Slug: "too-many-requests"})
		if got := res.Header.Get("Retry-After"); got != "10" {
			t.Errorf("Retry-After = %q, want 10", got)
		}
		// Other addresses are not affected.
		clubtest.Diff(t, "bob elsewhere", statuses(1, "bob", "password-bob", "10.0.0.5"), []int{200})

		// IPv6: a /64 is one subscriber's, so a new address from it for each guess does not
		// escape either limit; the next /64 is someone else.
		got = nil
		for i := range 6 {
			got = append(got, login("alice", "x", fmt.Sprintf("[2001:db8:1:1::%x]", i+1)).Status)
		}
		clubtest.Diff(t, "one username from one IPv6 /64", got, []int{401, 401, 401, 401, 401, 429})
		got = nil
		for i := range 9 {
			got = append(got, login("guess"+strconv.Itoa(i), "x", fmt.Sprintf("[2001:db8:1:2::%x]", i+1)).Status)
		}
		clubtest.Diff(t, "one IPv6 /64", got, []int{401, 401, 401, 401, 401, 401, 401, 401, 429})
		clubtest.Diff(t, "the next /64", statuses(1, "bob", "password-bob", "[2001:db8:1:3::1]"), []int{200})
	})
}

// TestLoginThrottleConcurrent checks that parallel guesses cannot exceed the budget while
// hashes run.
func TestLoginThrottleConcurrent(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		e.Register("alice", "Alice")
		var wg sync.WaitGroup
		var mu sync.Mutex
		counts := map[int]int{}
		for range 20 {
			wg.Go(func() {
				res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "10.1.1.1:1",
					Body: map[string]any{"username": "alice", "password": "wrong"}})
				mu.Lock()
				counts[res.Status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		clubtest.Diff(t, "statuses", counts, map[int]int{401: auth.DefaultThrottle.UserBurst, 429: 20 - auth.DefaultThrottle.UserBurst})
	})
}

// TestConcurrentLogins logs in 32 times at once while expired sessions wait to be purged; on
// InnoDB a ranged purge inside the login's transaction once made these deadlock.
func TestConcurrentLogins(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		for i := range 8 {
			name := "user" + strconv.Itoa(i)
			e.Register(name, name)
			e.Login(name)
		}
		e.Clock.Add(auth.DefaultTokenTTL + time.Second)
		var wg sync.WaitGroup
		var mu sync.Mutex
		counts := map[int]int{}
		for i := range 32 {
			wg.Go(func() {
				name := "user" + strconv.Itoa(i%8)
				res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "10.2.0." + strconv.Itoa(i) + ":1",
					Body: map[string]any{"username": name, "password": "password-" + name}})
				mu.Lock()
				counts[res.Status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		clubtest.Diff(t, "statuses", counts, map[int]int{200: 32})
		var n int
		if err := e.DB.QueryRow("SELECT COUNT(*) FROM sessions WHERE expires_at <= ?", e.Clock.Now()).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d expired sessions left (%v)", n, err)
		}
	})
}

func TestRegister(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		res := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: map[string]any{
			"username": "Dana_K.2", "password": "  spaced pass  ", "full_name": "  Dana Kasparova ", "email": "Dana@Example.org",
		}}, http.StatusCreated)
		var got members.Member
		res.Decode(t, &got)
		email := "Dana@Example.org"
		want := members.Member{ID: got.ID, Username: "Dana_K.2", FullName: "Dana Kasparova", Email: &email, Rating: 1200, RatingStatus: members.RatingUnrated, Role: members.RoleMember, JoinedAt: clubtest.T0,
			Rapid: unratedClub, Blitz: unratedClub}
		clubtest.Diff(t, "member", got, want)
		if loc := res.Header.Get("Location"); loc != "/api/members/"+fmt.Sprint(got.ID) {
			t.Errorf("Location = %q", loc)
		}
		if strings.Contains(string(res.Body), "argon2") || strings.Contains(string(res.Body), "password") {
			t.Errorf("response leaks the password or its hash: %s", res.Body)
		}
		// The password keeps its spaces.
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "dana_k.2", "password": "  spaced pass  "}}, http.StatusOK)

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
			want        clubtest.WantProblem
		}{
			{"username taken, other case", valid(map[string]any{"username": "DANA_k.2"}), "", clubtest.WantProblem{Status: 409, Slug: "conflict", Fields: []string{"username"}}},
			// The e-mail is never named: see TestRegisterNoEmailOracle.
			{"username and e-mail taken", valid(map[string]any{"username": "dana_k.2", "email": "dana@example.org"}), "", clubtest.WantProblem{Status: 409, Slug: "conflict", Fields: []string{"username"}}},
			{"username too short", valid(map[string]any{"username": "ab"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username too long", valid(map[string]any{"username": strings.Repeat("a", 33)}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username bad characters", valid(map[string]any{"username": "eve smith"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username not ASCII", valid(map[string]any{"username": "évé"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			// Both lower-case to ASCII ("king", "i̇van" aside): the pattern must see the input.
			{"username with a Kelvin sign", valid(map[string]any{"username": "\u212Aing"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username with a dotted capital I", valid(map[string]any{"username": "\u0130van"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username with a long s", valid(map[string]any{"username": "\u017Fam"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username missing", valid(map[string]any{"username": nil}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"username not a string", valid(map[string]any{"username": 42}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"password too short", valid(map[string]any{"password": "1234567"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"password too long", valid(map[string]any{"password": strings.Repeat("p", 129)}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"password missing", valid(map[string]any{"password": nil}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"password not a string", valid(map[string]any{"password": 12345678}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"full name empty", valid(map[string]any{"full_name": "   "}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"full_name"}}},
			{"full name too long", valid(map[string]any{"full_name": strings.Repeat("é", 101)}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"full_name"}}},
			{"email invalid", valid(map[string]any{"email": "not-an-email"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"email"}}},
			{"email with a name", valid(map[string]any{"email": "Eve <eve@example.org>"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"email"}}},
			{"email without dotted domain", valid(map[string]any{"email": "eve@localhost"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"email"}}},
			{"read-only role", valid(map[string]any{"role": "admin"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"role"}}},
			{"unknown field", valid(map[string]any{"nickname": "e"}), "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"nickname"}}},
			{"every field wrong", map[string]any{"username": "x", "password": "short", "full_name": "", "email": "@"}, "", clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"email", "full_name", "password", "username"}}},
			{"not JSON", "{username:", "application/json", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"array", "[]", "application/json", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"empty body", "", "application/json", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"form content type", "username=eve", "application/x-www-form-urlencoded", clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
			{"too large", `{"full_name":"` + strings.Repeat("x", api.MaxBody) + `"}`, "application/json", clubtest.WantProblem{Status: 413, Slug: "too-large"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "POST", Path: "/api/user", Body: tc.body, ContentType: tc.contentType}), tc.want)
			})
		}
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: valid(map[string]any{"email": "eve@example.org"})}, http.StatusCreated)

		// At login, a name outside the pattern is nobody, even when it folds to a member's:
		// the same 401 as a wrong password, after the same dummy hash.
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: valid(map[string]any{"username": "King", "password": "long enough"})}, http.StatusCreated)
		for _, tc := range []struct {
			username string
			want     int
		}{{"KING", 200}, {"king", 200}, {"\u212Aing", 401}, {"\u212AING", 401}} {
			res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "10.3.0.1:1", Body: map[string]any{"username": tc.username, "password": "long enough"}})
			if res.Status != tc.want {
				t.Errorf("login as %+q: status %d, want %d", tc.username, res.Status, tc.want)
			}
		}
	})
}

func TestLoginLogoutMe(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle).WithMembers()
		var s auth.Session
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "ALICE", "password": "password-alice"}}, http.StatusOK).Decode(t, &s)
		email := "alice@example.org"
		wantMember := members.Member{ID: e.IDs["alice"], Username: "alice", FullName: "Alice Anand", Email: &email, Rating: 1200, RatingStatus: members.RatingUnrated, Role: members.RoleMember, JoinedAt: clubtest.T0,
			Rapid: unratedClub, Blitz: unratedClub}
		clubtest.Diff(t, "session", s, auth.Session{Token: s.Token, TokenType: "Bearer", ExpiresAt: clubtest.T0.Add(auth.DefaultTokenTTL), Member: wantMember, DeviceToken: s.DeviceToken})
		if s.DeviceToken == "" || s.DeviceToken == s.Token {
			t.Errorf("device token %q (login token %q)", s.DeviceToken, s.Token)
		}
		if len(s.Token) < 22 {
			t.Errorf("token %q is too short for 128 bits", s.Token)
		}
		var me members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", Token: s.Token}, http.StatusOK).Decode(t, &me)
		clubtest.Diff(t, "me", me, wantMember)

		// The database keeps only the hash of the token.
		var stored string
		if err := e.DB.QueryRow("SELECT token_hash FROM sessions WHERE member_id = ? AND token_hash = ?", e.IDs["alice"], auth.HashToken(s.Token)).Scan(&stored); err != nil {
			t.Fatalf("session row: %v", err)
		}
		var plain int
		if err := e.DB.QueryRow("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", s.Token).Scan(&plain); err != nil || plain != 0 {
			t.Errorf("the token is stored in clear (%d rows, %v)", plain, err)
		}

		wrong := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "alice", "password": "password-bob"}})
		unknown := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "nobody", "password": "password-bob"}})
		clubtest.CheckProblem(t, wrong, clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
		// An unknown user and a wrong password are indistinguishable, body and headers.
		// Apart from the request's own id, which every request gets anew.
		wrong, unknown = wrong.SansRequestID(), unknown.SansRequestID()
		w, u := wrong.Problem(t), unknown.Problem(t)
		clubtest.Diff(t, "unknown user vs wrong password", u, w)
		clubtest.Diff(t, "headers", unknown.Header, wrong.Header)

		for _, tc := range []struct {
			name string
			body any
			want clubtest.WantProblem
		}{
			{"no password", map[string]any{"username": "alice"}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"no username", map[string]any{"password": "x"}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"username"}}},
			{"password not a string", map[string]any{"username": "alice", "password": 5}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"password"}}},
			{"unknown field", map[string]any{"username": "alice", "password": "x", "remember": true}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"remember"}}},
			{"not JSON", "nope", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ct := ""
				if _, ok := tc.body.(string); ok {
					ct = "application/json"
				}
				clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "POST", Path: "/api/login", Body: tc.body, ContentType: ct}), tc.want)
			})
		}

		// Logout revokes only this token.
		other := e.Login("alice")
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/logout", Token: s.Token}, http.StatusNoContent)
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/me", Token: s.Token}), clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "POST", Path: "/api/logout", Token: s.Token}), clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", Token: other}, http.StatusOK)
		for _, h := range []string{"Basic " + other, "Bearer", "Bearer    ", other} {
			res := e.Do(clubtest.Req{Method: "GET", Path: "/api/me", Header: map[string]string{"Authorization": h}})
			clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
			if res.Header.Get("WWW-Authenticate") == "" {
				t.Errorf("401 without WWW-Authenticate")
			}
		}
	})
}

func TestTokenExpiry(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		for _, ttl := range []time.Duration{auth.DefaultTokenTTL, 2 * time.Hour} {
			t.Run(ttl.String(), func(t *testing.T) {
				e := clubtest.New(t, d, func(c *chessclub.Config) {
					if ttl != auth.DefaultTokenTTL {
						c.Auth.TokenTTL = ttl
					}
				})
				e.Register("alice", "Alice")
				var s auth.Session
				e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": "alice", "password": "password-alice"}}, http.StatusOK).Decode(t, &s)
				if !s.ExpiresAt.Equal(clubtest.T0.Add(ttl)) {
					t.Errorf("expires_at = %v, want %v", s.ExpiresAt, clubtest.T0.Add(ttl))
				}
				e.Clock.Add(ttl - time.Second)
				e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", Token: s.Token}, http.StatusOK)
				e.Clock.Add(time.Second)
				clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/me", Token: s.Token}), clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
				// A new login purges the expired session.
				e.Login("alice")
				var n int
				if err := e.DB.QueryRow("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", auth.HashToken(s.Token)).Scan(&n); err != nil || n != 0 {
					t.Errorf("expired session kept: %d rows, %v", n, err)
				}
			})
		}
	})
}

// unratedClub is a new member's rating on the club's rapid and blitz lists.
var unratedClub = members.ClubRating{Rating: members.UnratedRating, Status: members.RatingUnrated}
