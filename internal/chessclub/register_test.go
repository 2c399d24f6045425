package chessclub

import (
	"bytes"
	"net/http"
	"strconv"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
)

// TestRegisterNoEmailOracle checks that registering tells a stranger nothing about which
// e-mail addresses are registered: a taken username gets the same answer, byte for byte,
// whatever the e-mail, and a taken e-mail is no obstacle at all (addresses are contact
// details, and members may share one, such as a parent's).
func TestRegisterNoEmailOracle(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		e.register("dana", "Dana", "dana@example.org")
		attempt := func(username, email string) resp {
			return e.do(req{method: "POST", path: "/api/user", remoteAddr: "10.5.0.9:1",
				body: map[string]any{"username": username, "password": "long enough", "full_name": "Probe", "email": email}})
		}
		registered := attempt("DANA", "Dana@Example.org")
		unknown := attempt("DANA", "nobody@example.org")
		checkProblem(t, registered, wantProblem{409, "conflict", []string{"username"}})
		if registered.status != unknown.status || !bytes.Equal(registered.body, unknown.body) {
			t.Errorf("a taken username answers differently for a registered e-mail:\n%d %s\nand for an unknown one:\n%d %s",
				registered.status, registered.body, unknown.status, unknown.body)
		}

		var eve Member
		e.mustDo(req{method: "POST", path: "/api/user", remoteAddr: "10.5.0.9:1",
			body: map[string]any{"username": "eve", "password": "long enough", "full_name": "Eve", "email": "DANA@example.org"}},
			http.StatusCreated).decode(t, &eve)
		if eve.Email == nil || *eve.Email != "DANA@example.org" {
			t.Errorf("eve's e-mail = %v", eve.Email)
		}
	})
}

// TestRegisterThrottle checks that registrations are limited per client address, on every
// replica, that what validation refuses does not count, that a refused registration writes
// nothing, and that the wait ends.
func TestRegisterThrottle(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := ThrottleConfig{RegisterBurst: 3, RegisterRefill: time.Minute}
		e := newEnv(t, d, func(c *Config) { c.Throttle = cfg })
		b := e.replica()
		n := 0
		register := func(e *env, addr, username string) resp {
			n++
			return e.do(req{method: "POST", path: "/api/user", remoteAddr: addr + ":1",
				body: map[string]any{"username": username, "password": "long enough", "full_name": "Member " + strconv.Itoa(n)}})
		}
		statuses := func(e *env, addr string, usernames ...string) []int {
			var out []int
			for _, u := range usernames {
				out = append(out, register(e, addr, u).status)
			}
			return out
		}

		diff(t, "refused by validation", statuses(e, "10.5.0.1", "x", "y", "z", "no spaces", "é"), []int{422, 422, 422, 422, 422})
		// A taken username counts: probing usernames is what the limit slows.
		diff(t, "three registrations", statuses(e, "10.5.0.1", "ann", "ann", "bea"), []int{201, 409, 201})
		rows := e.throttleDump()
		res := register(b, "10.5.0.1", "cid")
		checkProblem(t, res, wantProblem{429, "too-many-requests", nil})
		diff(t, "Retry-After", res.header.Get("Retry-After"), "60")
		diff(t, "after a refused registration", e.throttleDump(), rows)
		diff(t, "IPv6 by its /64", statuses(e, "[2001:db8:5::1]", "dee", "eva", "fay")[2], 201)
		diff(t, "the same /64", statuses(b, "[2001:db8:5::99]", "gus")[0], 429)
		diff(t, "another address", statuses(b, "10.5.0.2", "cid")[0], 201)

		e.clock.Add(time.Minute)
		diff(t, "a minute later", statuses(b, "10.5.0.1", "hal", "ian"), []int{201, 429})
		var members int
		if err := e.store.db.QueryRow("SELECT COUNT(*) FROM members").Scan(&members); err != nil {
			t.Fatal(err)
		}
		diff(t, "members", members, 7) // ann bea dee eva fay cid hal

		// Registration buckets are swept once they are full again, after their own horizon.
		registers := func() int {
			t.Helper()
			var n int
			if err := e.store.db.QueryRow("SELECT COUNT(*) FROM login_throttle WHERE bucket LIKE 'register:%'").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		diff(t, "registration buckets", registers(), 3)
		e.clock.Add(cfg.withDefaults().registerHorizon() + pruneEvery)
		if got := e.attempt("nobody", "x", "10.5.0.3"); got != 401 {
			t.Fatalf("login: status %d", got)
		}
		diff(t, "registration buckets after the horizon", registers(), 0)
	})
}
