package chessclub

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
)

// noLockoutThrottle is small enough for tests to run dry quickly.
var noLockoutThrottle = ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}

// loginFrom logs in from addr, with a device token when device is not empty, and returns the
// response.
func (e *env) loginFrom(user, password, addr, device string) resp {
	e.t.Helper()
	body := map[string]any{"username": user, "password": password}
	if device != "" {
		body["device_token"] = device
	}
	return e.do(req{method: "POST", path: "/api/login", remoteAddr: addr + ":40000", body: body})
}

// deviceToken logs user in from addr and returns the device token of the session.
func (e *env) deviceToken(user, addr string) string {
	e.t.Helper()
	res := e.loginFrom(user, "password-"+user, addr, "")
	if res.status != http.StatusOK {
		e.t.Fatalf("login as %s: status %d, %s", user, res.status, res.body)
	}
	var s Session
	res.decode(e.t, &s)
	return s.DeviceToken
}

// TestLoginNoLockout attacks alice from 30 IPv4 addresses and three IPv6 /64s: each is
// slowed to five guesses and then one a minute, and alice still logs in, from home with her
// device token and from a fresh address without one. The device token lifts the username
// limit, for her username only, and never the limit of an address.
func TestLoginNoLockout(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d, func(c *Config) { c.Throttle = noLockoutThrottle })
		e.register("alice", "Alice", "")
		e.register("bob", "Bob", "")
		device := e.deviceToken("alice", "10.0.0.1")

		slowed := []int{401, 401, 401, 401, 401, 429, 429, 429}
		var attackers []string
		for i := range 30 {
			attackers = append(attackers, fmt.Sprintf("10.66.0.%d", i+1))
		}
		for _, a := range attackers {
			var got []int
			for range len(slowed) {
				got = append(got, e.loginFrom("alice", "guess", a, "").status)
			}
			diff(t, "guesses from "+a, got, slowed)
		}
		for net := range 3 {
			var got []int
			for i := range len(slowed) {
				got = append(got, e.loginFrom("alice", "guess", fmt.Sprintf("[2001:db8:66:%x::%x]", net, i+1), "").status)
			}
			diff(t, fmt.Sprintf("guesses from the /64 number %d", net), got, slowed)
		}

		check := func(name string, res resp, want int) {
			t.Helper()
			if res.status != want {
				t.Errorf("%s: status %d, want %d; %s", name, res.status, want, res.body)
			}
		}
		check("alice at home with her device token", e.loginFrom("alice", "password-alice", "10.0.0.1", device), 200)
		check("alice from a fresh address without it", e.loginFrom("alice", "password-alice", "10.0.0.2", ""), 200)
		// At an attacker's address the username is blocked: the device token lets her past.
		check("alice at a blocked address without the device token", e.loginFrom("alice", "password-alice", attackers[0], ""), 429)
		check("alice at a blocked address with the device token", e.loginFrom("alice", "password-alice", attackers[0], device), 200)
		// The token is alice's: it does nothing for bob.
		other := "10.66.1.1"
		for range 5 {
			check("guessing bob", e.loginFrom("bob", "guess", other, ""), 401)
		}
		check("bob with alice's device token", e.loginFrom("bob", "password-bob", other, device), 429)
		// No device token lifts the address limit: guessing three more usernames uses the
		// last of the eight attempts of the address.
		check("alice with her device token before", e.loginFrom("alice", "password-alice", other, device), 200)
		for i := range 3 {
			check("guessing others", e.loginFrom(fmt.Sprintf("carol%d", i), "guess", other, ""), 401)
		}
		check("alice at an address that used its limit", e.loginFrom("alice", "password-alice", other, device), 429)
	})
}

// TestDeviceTokens checks what a device token is worth: shared by replicas, its own
// allowance (which, once spent, leaves the username limit at the address as without a
// token), nothing when forged, expired, malformed or not a string.
func TestDeviceTokens(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d, func(c *Config) { c.Throttle = noLockoutThrottle })
		e.register("alice", "Alice", "")
		device := e.deviceToken("alice", "10.0.0.1")
		block := func(addr string) {
			t.Helper()
			for range 5 {
				if res := e.loginFrom("alice", "guess", addr, ""); res.status != 401 {
					t.Fatalf("guess from %s: status %d", addr, res.status)
				}
			}
		}
		statuses := func(n int, password, addr, device string) []int {
			var out []int
			for range n {
				out = append(out, e.loginFrom("alice", password, addr, device).status)
			}
			return out
		}

		// Another replica on the same database knows the key.
		block("10.1.0.1")
		res := e.replica().loginFrom("alice", "password-alice", "10.1.0.1", device)
		diff(t, "a replica accepts the token", res.status, 200)
		var s Session
		res.decode(t, &s)
		if s.DeviceToken == device {
			t.Error("a login returned the same device token again")
		}

		// A thief with the token gets the device's five attempts, then the username's at
		// their address, as without a token; elsewhere the member's login is unaffected.
		diff(t, "the device's allowance, then the address's", statuses(11, "guess", "10.1.0.2", device),
			[]int{401, 401, 401, 401, 401, 401, 401, 401, 429, 429, 429})
		diff(t, "the spent token elsewhere", statuses(1, "password-alice", "10.1.0.3", device), []int{200})

		block("10.1.0.4")
		raw, _ := base64.RawURLEncoding.DecodeString(s.DeviceToken)
		forged := bytes.Clone(raw)
		forged[len(forged)-1] ^= 1
		otherTime := bytes.Clone(raw)
		otherTime[8] ^= 1
		for name, tok := range map[string]string{
			"a forged signature": base64.RawURLEncoding.EncodeToString(forged),
			"a changed time":     base64.RawURLEncoding.EncodeToString(otherTime),
			"not base64":         "!" + s.DeviceToken[1:],
			"too short":          s.DeviceToken[:40],
			"the login token":    e.tokens["alice"],
		} {
			diff(t, name, e.loginFrom("alice", "password-alice", "10.1.0.4", tok).status, 429)
		}
		checkProblem(t, e.do(req{method: "POST", path: "/api/login", remoteAddr: "10.1.0.5:1",
			body: map[string]any{"username": "alice", "password": "password-alice", "device_token": 42}}),
			wantProblem{422, "validation", []string{"device_token"}})
		diff(t, "a valid token", e.loginFrom("alice", "password-alice", "10.1.0.4", s.DeviceToken).status, 200)

		// A token expires after DeviceTokenTTL.
		fresh := e.deviceToken("alice", "10.1.0.6")
		e.clock.Add(DefaultDeviceTokenTTL - time.Second)
		block("10.1.0.8")
		diff(t, "just before it expires", e.loginFrom("alice", "password-alice", "10.1.0.8", fresh).status, 200)
		block("10.1.0.9")
		e.clock.Add(time.Second)
		diff(t, "once it has expired", e.loginFrom("alice", "password-alice", "10.1.0.9", fresh).status, 429)
	})
}

// TestServerKey checks that servers starting together on one database agree on one random
// key, which the database keeps.
func TestServerKey(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		keys := make([][]byte, 8)
		var wg sync.WaitGroup
		for i := range keys {
			store := e.store
			if i%2 == 1 {
				store = e.replica().store
			}
			wg.Go(func() {
				k, err := store.ServerKey(context.Background(), "test-key", 32)
				if err != nil {
					t.Error(err)
				}
				keys[i] = k
			})
		}
		wg.Wait()
		for i, k := range keys {
			if len(k) != 32 || !bytes.Equal(k, keys[0]) {
				t.Errorf("server %d got key %x, server 0 %x", i, k, keys[0])
			}
		}
		if bytes.Equal(keys[0], make([]byte, 32)) {
			t.Error("the key is all zeros")
		}
		var rows int
		if err := e.store.db.QueryRow("SELECT COUNT(*) FROM server_keys WHERE name = 'test-key'").Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d rows (%v)", rows, err)
		}
	})
}
