package auth_test

import (
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestLoginThrottleBehindProxy checks that the address buckets follow X-Forwarded-For from a
// trusted proxy, and only from one.
func TestLoginThrottleBehindProxy(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		proxies, err := auth.ParseTrustedProxies([]string{"10.0.0.0/8"})
		if err != nil {
			t.Fatal(err)
		}
		e := clubtest.New(t, d, func(c *chessclub.Config) {
			c.Auth.Throttle = auth.ThrottleConfig{UserBurst: 100, UserRefill: time.Minute, AddrBurst: 2, AddrRefill: 10 * time.Second}
			c.Auth.TrustedProxies = proxies
		})
		steps := []struct {
			name, peer, xff string
			want            int
		}{
			{"direct 1", "198.51.100.1", "203.0.113.1", 401},
			{"direct 2, another spoofed client", "198.51.100.1", "203.0.113.2", 401},
			{"direct 3: spoofing picks no new bucket", "198.51.100.1", "203.0.113.3", 429},
			{"via the proxy, client 1", "10.0.0.1", "198.51.100.1", 429}, // the same client, now behind the proxy
			{"via the proxy, client 2", "10.0.0.1", "198.51.100.2", 401},
			{"client 2 through another proxy", "10.0.0.2", "198.51.100.2", 401},
			{"client 2 again", "10.0.0.1", "198.51.100.2", 429},
			{"client 2 claims to be client 3", "10.0.0.1", "198.51.100.3, 198.51.100.2", 429},
			{"client 3", "10.0.0.1", "198.51.100.3", 401},
			{"the proxy's own bucket is apart", "10.0.0.1", "", 401},
		}
		for _, st := range steps {
			h := map[string]string{}
			if st.xff != "" {
				h["X-Forwarded-For"] = st.xff
			}
			res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: st.peer + ":40000", Header: h,
				Body: map[string]any{"username": "nobody", "password": "wrong"}})
			clubtest.Diff(t, st.name, res.Status, st.want)
		}
	})
}
