package auth_test

import (
	"bytes"
	"net/http"
	"strconv"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestRegisterNoEmailOracle checks that registering tells a stranger nothing about which
// e-mail addresses are registered: a taken username gets the same answer, byte for byte,
// whatever the e-mail, and a taken e-mail is no obstacle at all (addresses are contact
// details, and members may share one, such as a parent's).
func TestRegisterNoEmailOracle(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		e.Register("dana", "Dana", map[string]any{"email": "dana@example.org"})
		attempt := func(username, email string) clubtest.Resp {
			return e.Do(clubtest.Req{Method: "POST", Path: "/api/user", RemoteAddr: "10.5.0.9:1",
				Body: map[string]any{"username": username, "password": "long enough", "full_name": "Probe", "email": email}})
		}
		// Byte for byte but for the request's own id, which every request gets anew.
		registered := attempt("DANA", "Dana@Example.org").SansRequestID()
		unknown := attempt("DANA", "nobody@example.org").SansRequestID()
		clubtest.CheckProblem(t, registered, clubtest.WantProblem{Status: 409, Slug: "conflict", Fields: []string{"username"}})
		if registered.Status != unknown.Status || !bytes.Equal(registered.Body, unknown.Body) {
			t.Errorf("a taken username answers differently for a registered e-mail:\n%d %s\nand for an unknown one:\n%d %s",
				registered.Status, registered.Body, unknown.Status, unknown.Body)
		}

		var eve members.Member
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", RemoteAddr: "10.5.0.9:1",
			Body: map[string]any{"username": "eve", "password": "long enough", "full_name": "Eve", "email": "DANA@example.org"}},
			http.StatusCreated).Decode(t, &eve)
		if eve.Email == nil || *eve.Email != "DANA@example.org" {
			t.Errorf("eve's e-mail = %v", eve.Email)
		}
	})
}

// TestRegisterThrottle checks that registrations are limited per client address, on every
// replica, that what validation refuses does not count, that a refused registration writes
// nothing, and that the wait ends.
func TestRegisterThrottle(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := auth.ThrottleConfig{RegisterBurst: 3, RegisterRefill: time.Minute}
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = cfg })
		b := e.Replica()
		n := 0
		register := func(e *clubtest.Env, addr, username string) clubtest.Resp {
			n++
			return e.Do(clubtest.Req{Method: "POST", Path: "/api/user", RemoteAddr: addr + ":1",
				Body: map[string]any{"username": username, "password": "long enough", "full_name": "Member " + strconv.Itoa(n)}})
		}
		statuses := func(e *clubtest.Env, addr string, usernames ...string) []int {
			var out []int
			for _, u := range usernames {
				out = append(out, register(e, addr, u).Status)
			}
			return out
		}

		clubtest.Diff(t, "refused by validation", statuses(e, "10.5.0.1", "x", "y", "z", "no spaces", "é"), []int{422, 422, 422, 422, 422})
		// A taken username counts: probing usernames is what the limit slows.
		clubtest.Diff(t, "three registrations", statuses(e, "10.5.0.1", "ann", "ann", "bea"), []int{201, 409, 201})
		rows := throttleDump(e)
		res := register(b, "10.5.0.1", "cid")
		clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 429, Slug: "too-many-requests"})
		clubtest.Diff(t, "Retry-After", res.Header.Get("Retry-After"), "60")
		clubtest.Diff(t, "after a refused registration", throttleDump(e), rows)
		clubtest.Diff(t, "IPv6 by its /64", statuses(e, "[2001:db8:5::1]", "dee", "eva", "fay")[2], 201)
		clubtest.Diff(t, "the same /64", statuses(b, "[2001:db8:5::99]", "gus")[0], 429)
		clubtest.Diff(t, "another address", statuses(b, "10.5.0.2", "cid")[0], 201)

		e.Clock.Add(time.Minute)
		clubtest.Diff(t, "a minute later", statuses(b, "10.5.0.1", "hal", "ian"), []int{201, 429})
		var members int
		if err := e.DB.QueryRow("SELECT COUNT(*) FROM members").Scan(&members); err != nil {
			t.Fatal(err)
		}
		clubtest.Diff(t, "members", members, 7) // ann bea dee eva fay cid hal

		// Registration buckets are swept once they are full again, after their own horizon.
		registers := func() int {
			t.Helper()
			var n int
			if err := e.DB.QueryRow("SELECT COUNT(*) FROM login_throttle WHERE bucket LIKE 'register:%'").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		clubtest.Diff(t, "registration buckets", registers(), 3)
		e.Clock.Add(auth.Horizons(cfg).Register + auth.PruneEvery)
		if got := attempt(e, "nobody", "x", "10.5.0.3"); got != 401 {
			t.Fatalf("login: status %d", got)
		}
		clubtest.Diff(t, "registration buckets after the horizon", registers(), 0)
	})
}

// TestSignUpByArbiter checks, on each database, that an arbiter or an admin signing players
// up is not held to the address's registration limit (a club night, a class, all behind one
// address), that the trail names them as who made each record, and that no other token lifts
// the limit or stops a registration: a plain member's, or one the server no longer accepts.
func TestSignUpByArbiter(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := auth.ThrottleConfig{RegisterBurst: 2, RegisterRefill: time.Hour}
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = cfg })
		// The default address's two registrations go to the arbiter and the admin; the admin
		// signs up the plain member.
		e.Register("ada", "Ada Arbiter")
		e.Register("rita", "Rita Root")
		e.MakeArbiter("ada")
		e.MakeAdmin("rita")
		var moe members.Member
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", As: "rita", Body: map[string]any{"username": "moe", "password": "password-moe", "full_name": "Moe Member"}},
			http.StatusCreated).Decode(t, &moe)
		e.IDs["moe"], e.Tokens["moe"] = moe.ID, e.Login("moe")
		n := 0
		register := func(as string, header map[string]string) clubtest.Resp {
			n++
			return e.Do(clubtest.Req{Method: "POST", Path: "/api/user", RemoteAddr: "10.6.0.1:1", As: as, Header: header,
				Body: map[string]any{"username": "club" + strconv.Itoa(n), "password": "long enough", "full_name": "Club Player " + strconv.Itoa(n)}})
		}
		clubtest.Diff(t, "anonymous", []int{register("", nil).Status, register("", nil).Status, register("", nil).Status}, []int{201, 201, 429})
		clubtest.Diff(t, "a plain member", register("moe", nil).Status, 429)
		clubtest.Diff(t, "a token no longer accepted", register("", map[string]string{"Authorization": "Bearer not-a-token"}).Status, 429)
		var signed []members.Member
		for range 5 {
			var m members.Member
			register("ada", nil).Decode(t, &m)
			signed = append(signed, m)
		}
		var m members.Member
		register("rita", nil).Decode(t, &m)
		signed = append(signed, m)
		for i, m := range signed {
			if m.ID == 0 {
				t.Fatalf("sign-up %d refused", i)
			}
			var trail []struct {
				Action        string `json:"action"`
				ActorUsername string `json:"actor_username"`
			}
			e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/audit", m.ID), As: "rita"}, http.StatusOK).Decode(t, &trail)
			want := "ada"
			if i == len(signed)-1 {
				want = "rita"
			}
			if len(trail) != 1 || trail[0].Action != "member.registered" || trail[0].ActorUsername != want {
				t.Errorf("%s's trail: %+v, want registered by %s", m.Username, trail, want)
			}
		}
	})
}
