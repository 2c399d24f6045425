package auth_test

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestLoginThrottleReplicas runs logins against two servers on one database, as two
// replicas, and a third started later, as a restart: they all see the same buckets.
func TestLoginThrottleReplicas(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := auth.ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}
		a := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = cfg })
		a.Register("alice", "Alice")
		b := a.Replica()
		servers := map[string]*clubtest.Env{"A": a, "B": b}
		steps := []struct {
			name     string
			server   string
			user     string
			password string
			addr     string
			advance  time.Duration
			status   int
			retry    string
		}{
			{"1st failure on A", "A", "alice", "wrong", "10.0.0.1", 0, 401, ""},
			{"2nd failure on B", "B", "alice", "wrong", "10.0.0.1", 0, 401, ""},
			{"3rd failure on A", "A", "ALICE", "wrong", "10.0.0.1", 0, 401, ""},
			{"4th failure on B", "B", "alice", "wrong", "10.0.0.1", 0, 401, ""},
			{"5th failure on A", "A", "Alice", "wrong", "10.0.0.1", 0, 401, ""},
			{"locked on A", "A", "alice", "password-alice", "10.0.0.1", 0, 429, "60"},
			{"locked on B", "B", "alice", "password-alice", "10.0.0.1", 0, 429, "60"},
			{"locked after a restart", "restarted", "alice", "password-alice", "10.0.0.1", 0, 429, "60"},
			{"not from elsewhere", "B", "alice", "password-alice", "10.0.0.2", 0, 200, ""},
			{"half a minute later on B", "B", "alice", "password-alice", "10.0.0.1", 30 * time.Second, 429, "30"},
			{"a minute later on A", "A", "alice", "password-alice", "10.0.0.1", 30 * time.Second, 200, ""},
			{"the success on A cleared B", "B", "alice", "wrong", "10.0.0.1", 0, 401, ""},
			// One address: 8 failures spread over both servers, then 429 on both.
			{"address 1", "A", "u1", "x", "10.9.9.9", 0, 401, ""},
			{"address 2", "B", "u2", "x", "10.9.9.9", 0, 401, ""},
			{"address 3", "A", "u3", "x", "10.9.9.9", 0, 401, ""},
			{"address 4", "B", "u4", "x", "10.9.9.9", 0, 401, ""},
			{"address 5", "A", "u5", "x", "10.9.9.9", 0, 401, ""},
			{"address 6", "B", "u6", "x", "10.9.9.9", 0, 401, ""},
			{"address 7", "A", "u7", "x", "10.9.9.9", 0, 401, ""},
			{"address 8", "B", "u8", "x", "10.9.9.9", 0, 401, ""},
			{"address locked on A", "A", "u9", "x", "10.9.9.9", 0, 429, "10"},
			{"address locked on B", "B", "u9", "x", "10.9.9.9", 0, 429, "10"},
		}
		for _, st := range steps {
			a.Clock.Add(st.advance)
			e, ok := servers[st.server]
			if !ok {
				e = a.Replica()
				servers[st.server] = e
			}
			res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: st.addr + ":40000",
				Body: map[string]any{"username": st.user, "password": st.password}})
			got := []string{fmt.Sprint(res.Status), res.Header.Get("Retry-After")}
			clubtest.Diff(t, st.name, got, []string{fmt.Sprint(st.status), st.retry})
		}

		// The table names neither usernames nor addresses.
		var leaked int
		if err := a.DB.QueryRow("SELECT COUNT(*) FROM login_throttle WHERE bucket LIKE '%alice%' OR bucket LIKE '%10.%'").Scan(&leaked); err != nil || leaked != 0 {
			t.Errorf("%d buckets show a username or an address (%v)", leaked, err)
		}
	})
}

// TestLoginThrottlePrune checks that buckets untouched for the horizon (when they are full
// whatever they held) are deleted, at most once a minute, and that the others stay.
func TestLoginThrottlePrune(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle) // both horizons are 5 minutes
		buckets := func() []string {
			t.Helper()
			rows, err := e.DB.Query("SELECT bucket FROM login_throttle ORDER BY bucket")
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			for rows.Next() {
				var b string
				if err := rows.Scan(&b); err != nil {
					t.Fatal(err)
				}
				out = append(out, b)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			return out
		}
		fail := func(user, addr string) {
			t.Helper()
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: addr + ":1",
				Body: map[string]any{"username": user, "password": "wrong"}}, 401)
		}
		old, oldAddr := auth.UserAtAddrKey("old", "10.0.0.1"), auth.BucketKey("addr", "10.0.0.1")
		recent, recentAddr := auth.UserAtAddrKey("recent", "10.0.0.2"), auth.BucketKey("addr", "10.0.0.2")
		fail("old", "10.0.0.1") // the server's first login prunes, finding nothing
		clubtest.Diff(t, "after one failure", buckets(), sorted(old, oldAddr))

		e.Clock.Add(5*time.Minute - time.Second)
		fail("recent", "10.0.0.2") // prunes: "old" is full now but not past the horizon
		clubtest.Diff(t, "at the horizon", buckets(), sorted(old, oldAddr, recent, recentAddr))

		e.Clock.Add(2 * time.Second)
		fail("recent", "10.0.0.2") // "old" is past the horizon, but the last prune was 2 s ago
		clubtest.Diff(t, "within the minute", buckets(), sorted(old, oldAddr, recent, recentAddr))

		e.Clock.Add(58 * time.Second)
		fail("recent", "10.0.0.2") // a minute since the last prune
		clubtest.Diff(t, "a minute later", buckets(), sorted(recent, recentAddr))

		// The recent bucket kept what it held: 5, three failures, and 2 s + 58 s of refill.
		var tokens float64
		if err := e.DB.QueryRow("SELECT tokens FROM login_throttle WHERE bucket = ?", recent).Scan(&tokens); err != nil {
			t.Fatal(err)
		}
		clubtest.Diff(t, "tokens of a kept bucket", tokens, 5-3+float64(time.Minute)/float64(time.Minute), cmpopts.EquateApprox(0, 1e-9))
	})
}

func sorted(keys ...string) []string {
	out := slices.Clone(keys)
	slices.Sort(out)
	return out
}

// attempt sends one login straight to the handler, without the OpenAPI check of Do, for tests
// that send thousands, and returns the status.
func attempt(e *clubtest.Env, user, password, addr string) int {
	e.T.Helper()
	body := fmt.Sprintf(`{"username":%q,"password":%q}`, user, password)
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = addr + ":40000"
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, r)
	return rec.Code
}

// throttleRows counts the rows of login_throttle.
func throttleRows(e *clubtest.Env) int {
	e.T.Helper()
	var n int
	if err := e.DB.QueryRow("SELECT COUNT(*) FROM login_throttle").Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// TestLoginThrottleBlockedWritesNothing checks that an address that is already blocked costs
// the database nothing: 200 refused attempts, each for a new username, leave the table as it
// was, row for row.
func TestLoginThrottleBlockedWritesNothing(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := auth.ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 3, AddrRefill: 10 * time.Second}
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Auth.Throttle = cfg })
		for i := range 3 {
			if got := attempt(e, "guess"+strconv.Itoa(i), "x", "10.7.7.7"); got != 401 {
				t.Fatalf("failure %d: status %d, want 401", i, got)
			}
		}
		before := throttleDump(e)
		for i := range 200 {
			if got := attempt(e, "new"+strconv.Itoa(i), "x", "10.7.7.7"); got != 429 {
				t.Fatalf("attempt %d from a blocked address: status %d, want 429", i, got)
			}
		}
		clubtest.Diff(t, "login_throttle after 200 refusals", throttleDump(e), before)
	})
}

// throttleDump returns every row of login_throttle as text, in key order.
func throttleDump(e *clubtest.Env) []string {
	e.T.Helper()
	rows, err := e.DB.Query("SELECT bucket, tokens, updated_at FROM login_throttle ORDER BY bucket")
	if err != nil {
		e.T.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var key string
		var tokens float64
		var at time.Time
		if err := rows.Scan(&key, &tokens, &at); err != nil {
			e.T.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %g %s", key, tokens, at.UTC().Format(time.RFC3339Nano)))
	}
	if err := rows.Err(); err != nil {
		e.T.Fatal(err)
	}
	return out
}

// TestLoginThrottleRowsBounded runs a guesser for twelve simulated minutes: five addresses,
// each trying a new username every two seconds. Rows are written only for attempts the
// throttle lets through and swept once they have refilled, so the table never holds more
// than each address's allowance over the horizon plus one sweep interval; when the guessing
// stops, the sweep empties it.
func TestLoginThrottleRowsBounded(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		cfg := auth.DefaultThrottle
		const addrs = 5
		window := auth.Horizons(cfg).Login + auth.PruneEvery
		// Per address: its own bucket, and one username bucket per attempt let through.
		bound := addrs * (1 + cfg.AddrBurst + int(window/cfg.AddrRefill))
		peak, n := 0, 0
		for step := range 360 {
			for a := range addrs {
				n++
				if got := attempt(e, "guess"+strconv.Itoa(n), "x", fmt.Sprintf("10.8.0.%d", a)); got != 401 && got != 429 {
					t.Fatalf("step %d: status %d", step, got)
				}
			}
			if rows := throttleRows(e); rows > peak {
				peak = rows
				if peak > bound {
					counts := map[string]int{}
					for _, r := range throttleDump(e) {
						k, _, _ := strings.Cut(r, ":")
						counts[k]++
					}
					t.Fatalf("step %d: %v", step, counts)
				}
			}
			e.Clock.Add(2 * time.Second)
		}
		if peak > bound {
			t.Errorf("login_throttle peaked at %d rows, more than the bound %d", peak, bound)
		}
		e.Clock.Add(window)
		if got := attempt(e, "guess", "x", "10.9.0.1"); got != 401 {
			t.Fatalf("after the guessing: status %d", got)
		}
		clubtest.Diff(t, "rows after the guessing stopped", throttleRows(e), 2) // the last attempt's own
	})
}

// TestLoginConcurrentCorrect logs one member in 50 times at once from one address: the
// throttle's bookkeeping must never refuse a correct password. The only 429 allowed is the
// hashing queue's (see auth.Hasher), which says the server is busy, not that logins failed.
func TestLoginConcurrentCorrect(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		e.Register("alice", "Alice")
		const n = 50
		var wg sync.WaitGroup
		var mu sync.Mutex
		var ok, busy int
		var refused []string
		for range n {
			wg.Go(func() {
				res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "10.4.0.1:1",
					Body: map[string]any{"username": "alice", "password": "password-alice"}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case res.Status == 200:
					ok++
				case res.Status == 429 && res.Problem(t).Detail == auth.ErrHashBusy.Detail:
					busy++
				default:
					refused = append(refused, fmt.Sprintf("%d %s", res.Status, res.Body))
				}
			})
		}
		wg.Wait()
		if len(refused) > 0 {
			t.Errorf("%d of %d correct logins refused (%d logged in, %d told the server was busy); first: %s", len(refused), n, ok, busy, refused[0])
		}
	})
}
