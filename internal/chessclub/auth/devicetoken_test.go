package auth_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// noLockoutThrottle is small enough for tests to run dry quickly.
var noLockoutThrottle = auth.ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}

// loginFrom logs in from addr, with a device token when device is not empty, and returns the
// response.
func loginFrom(e *clubtest.Env, user, password, addr, device string) clubtest.Resp {
	e.T.Helper()
	body := map[string]any{"username": user, "password": password}
	if device != "" {
		body["device_token"] = device
	}
	return e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: addr + ":40000", Body: body})
}

// deviceToken logs user in from addr and returns the device token of the session.
func deviceToken(e *clubtest.Env, user, addr string) string {
	e.T.Helper()
	res := loginFrom(e, user, "password-"+user, addr, "")
	if res.Status != http.StatusOK {
		e.T.Fatalf("login as %s: status %d, %s", user, res.Status, res.Body)
	}
	var s auth.Session
	res.Decode(e.T, &s)
	return s.DeviceToken
}

// TestLoginNoLockout attacks alice from 30 IPv4 addresses and three IPv6 /64s: each is
// slowed to five guesses and then one a minute, and alice still logs in, from home with her
// device token and from a fresh address without one. The device token lifts the username
// limit, for her username only, and never the limit of an address.
func TestLoginNoLockout(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = noLockoutThrottle })
		e.Register("alice", "Alice")
		e.Register("bob", "Bob")
		device := deviceToken(e, "alice", "10.0.0.1")

		slowed := []int{401, 401, 401, 401, 401, 429, 429, 429}
		var attackers []string
		for i := range 30 {
			attackers = append(attackers, fmt.Sprintf("10.66.0.%d", i+1))
		}
		for _, a := range attackers {
			var got []int
			for range len(slowed) {
				got = append(got, loginFrom(e, "alice", "guess", a, "").Status)
			}
			clubtest.Diff(t, "guesses from "+a, got, slowed)
		}
		for net := range 3 {
			var got []int
			for i := range len(slowed) {
				got = append(got, loginFrom(e, "alice", "guess", fmt.Sprintf("[2001:db8:66:%x::%x]", net, i+1), "").Status)
			}
			clubtest.Diff(t, fmt.Sprintf("guesses from the /64 number %d", net), got, slowed)
		}

		check := func(name string, res clubtest.Resp, want int) {
			t.Helper()
			if res.Status != want {
				t.Errorf("%s: status %d, want %d; %s", name, res.Status, want, res.Body)
			}
		}
		check("alice at home with her device token", loginFrom(e, "alice", "password-alice", "10.0.0.1", device), 200)
		check("alice from a fresh address without it", loginFrom(e, "alice", "password-alice", "10.0.0.2", ""), 200)
		// At an attacker's address the username is blocked: the device token lets her past.
		check("alice at a blocked address without the device token", loginFrom(e, "alice", "password-alice", attackers[0], ""), 429)
		check("alice at a blocked address with the device token", loginFrom(e, "alice", "password-alice", attackers[0], device), 200)
		// The token is alice's: it does nothing for bob.
		other := "10.66.1.1"
		for range 5 {
			check("guessing bob", loginFrom(e, "bob", "guess", other, ""), 401)
		}
		check("bob with alice's device token", loginFrom(e, "bob", "password-bob", other, device), 429)
		// No device token lifts the address limit: guessing three more usernames uses the
		// last of the eight attempts of the address.
		check("alice with her device token before", loginFrom(e, "alice", "password-alice", other, device), 200)
		for i := range 3 {
			check("guessing others", loginFrom(e, fmt.Sprintf("carol%d", i), "guess", other, ""), 401)
		}
		check("alice at an address that used its limit", loginFrom(e, "alice", "password-alice", other, device), 429)
	})
}

// TestDeviceTokens checks what a device token is worth: shared by replicas, its own
// allowance (which, once spent, leaves the username limit at the address as without a
// token), nothing when forged, expired, malformed or not a string.
func TestDeviceTokens(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = noLockoutThrottle })
		e.Register("alice", "Alice")
		device := deviceToken(e, "alice", "10.0.0.1")
		block := func(addr string) {
			t.Helper()
			for range 5 {
				if res := loginFrom(e, "alice", "guess", addr, ""); res.Status != 401 {
					t.Fatalf("guess from %s: status %d", addr, res.Status)
				}
			}
		}
		statuses := func(n int, password, addr, device string) []int {
			var out []int
			for range n {
				out = append(out, loginFrom(e, "alice", password, addr, device).Status)
			}
			return out
		}

		// Another replica on the same database knows the key.
		block("10.1.0.1")
		res := loginFrom(e.Replica(), "alice", "password-alice", "10.1.0.1", device)
		clubtest.Diff(t, "a replica accepts the token", res.Status, 200)
		var s auth.Session
		res.Decode(t, &s)
		if s.DeviceToken == device {
			t.Error("a login returned the same device token again")
		}

		// A thief with the token gets the device's five attempts, then the username's at
		// their address, as without a token; elsewhere the member's login is unaffected.
		clubtest.Diff(t, "the device's allowance, then the address's", statuses(11, "guess", "10.1.0.2", device),
			[]int{401, 401, 401, 401, 401, 401, 401, 401, 429, 429, 429})
		clubtest.Diff(t, "the spent token elsewhere", statuses(1, "password-alice", "10.1.0.3", device), []int{200})

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
			"the login token":    e.Tokens["alice"],
		} {
			clubtest.Diff(t, name, loginFrom(e, "alice", "password-alice", "10.1.0.4", tok).Status, 429)
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "10.1.0.5:1",
			Body: map[string]any{"username": "alice", "password": "password-alice", "device_token": 42}}),
			clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"device_token"}})
		clubtest.Diff(t, "a valid token", loginFrom(e, "alice", "password-alice", "10.1.0.4", s.DeviceToken).Status, 200)

		// A token expires after DeviceTokenTTL.
		fresh := deviceToken(e, "alice", "10.1.0.6")
		e.Clock.Add(auth.DefaultDeviceTokenTTL - time.Second)
		block("10.1.0.8")
		clubtest.Diff(t, "just before it expires", loginFrom(e, "alice", "password-alice", "10.1.0.8", fresh).Status, 200)
		block("10.1.0.9")
		e.Clock.Add(time.Second)
		clubtest.Diff(t, "once it has expired", loginFrom(e, "alice", "password-alice", "10.1.0.9", fresh).Status, 429)
	})
}
