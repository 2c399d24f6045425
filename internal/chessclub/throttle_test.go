package chessclub

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/sqldb"
)

// replica starts another server on e's database through a pool of its own, with the same
// clock and configuration: a second replica behind a load balancer, or e's server after a
// restart.
func (e *env) replica() *env {
	e.t.Helper()
	db, err := sqldb.Open(context.Background(), e.store.db.Source())
	if err != nil {
		e.t.Fatalf("open replica: %v", err)
	}
	e.t.Cleanup(func() { db.Close() })
	store := NewStore(db)
	store.Now = e.clock.Now
	srv, err := NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store, e.cfg)
	if err != nil {
		e.t.Fatalf("NewServer: %v", err)
	}
	return &env{t: e.t, dialect: e.dialect, store: store, srv: srv, clock: e.clock, cfg: e.cfg, tokens: e.tokens, ids: e.ids}
}

// TestLoginThrottleReplicas runs logins against two servers on one database, as two
// replicas, and a third started later, as a restart: they all see the same buckets.
func TestLoginThrottleReplicas(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 8, AddrRefill: 10 * time.Second}
		a := newEnv(t, d, func(c *Config) { c.Throttle = cfg })
		a.register("alice", "Alice", "")
		b := a.replica()
		servers := map[string]*env{"A": a, "B": b}
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
			a.clock.Add(st.advance)
			e, ok := servers[st.server]
			if !ok {
				e = a.replica()
				servers[st.server] = e
			}
			res := e.do(req{method: "POST", path: "/api/login", remoteAddr: st.addr + ":40000",
				body: map[string]any{"username": st.user, "password": st.password}})
			got := []string{fmt.Sprint(res.status), res.header.Get("Retry-After")}
			diff(t, st.name, got, []string{fmt.Sprint(st.status), st.retry})
		}

		// The table names neither usernames nor addresses.
		var leaked int
		if err := a.store.db.QueryRow("SELECT COUNT(*) FROM login_throttle WHERE bucket LIKE '%alice%' OR bucket LIKE '%10.%'").Scan(&leaked); err != nil || leaked != 0 {
			t.Errorf("%d buckets show a username or an address (%v)", leaked, err)
		}
	})
}

// TestLoginThrottlePrune checks that buckets untouched for the horizon (when they are full
// whatever they held) are deleted, at most once a minute, and that the others stay.
func TestLoginThrottlePrune(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d) // DefaultThrottle: both horizons are 5 minutes.
		buckets := func() []string {
			t.Helper()
			rows, err := e.store.db.Query("SELECT bucket FROM login_throttle ORDER BY bucket")
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
			e.mustDo(req{method: "POST", path: "/api/login", remoteAddr: addr + ":1",
				body: map[string]any{"username": user, "password": "wrong"}}, 401)
		}
		old, oldAddr := userAtAddrKey("old", "10.0.0.1"), bucketKey("addr", "10.0.0.1")
		recent, recentAddr := userAtAddrKey("recent", "10.0.0.2"), bucketKey("addr", "10.0.0.2")
		fail("old", "10.0.0.1") // the server's first login prunes, finding nothing
		diff(t, "after one failure", buckets(), sorted(old, oldAddr))

		e.clock.Add(5*time.Minute - time.Second)
		fail("recent", "10.0.0.2") // prunes: "old" is full now but not past the horizon
		diff(t, "at the horizon", buckets(), sorted(old, oldAddr, recent, recentAddr))

		e.clock.Add(2 * time.Second)
		fail("recent", "10.0.0.2") // "old" is past the horizon, but the last prune was 2 s ago
		diff(t, "within the minute", buckets(), sorted(old, oldAddr, recent, recentAddr))

		e.clock.Add(58 * time.Second)
		fail("recent", "10.0.0.2") // a minute since the last prune
		diff(t, "a minute later", buckets(), sorted(recent, recentAddr))

		// The recent bucket kept what it held: 5, three failures, and 2 s + 58 s of refill.
		var tokens float64
		if err := e.store.db.QueryRow("SELECT tokens FROM login_throttle WHERE bucket = ?", recent).Scan(&tokens); err != nil {
			t.Fatal(err)
		}
		diff(t, "tokens of a kept bucket", tokens, 5-3+float64(time.Minute)/float64(time.Minute), cmpopts.EquateApprox(0, 1e-9))
	})
}

func sorted(keys ...string) []string {
	out := slices.Clone(keys)
	slices.Sort(out)
	return out
}

// TestThrottleDeadlockRetry checks that a transaction InnoDB rolled back to break a deadlock
// runs again, a few times at most, and that other errors are returned at once.
func TestThrottleDeadlockRetry(t *testing.T) {
	deadlock := fmt.Errorf("lock buckets: %w", &mysql.MySQLError{Number: 1213, Message: "Deadlock found"})
	other := &mysql.MySQLError{Number: 1062, Message: "Duplicate entry"}
	tests := []struct {
		name      string
		errs      []error // returned by successive runs; nil after the list ends
		wantRuns  int
		wantError error
	}{
		{"no error", nil, 1, nil},
		{"one deadlock", []error{deadlock}, 2, nil},
		{"deadlocks up to the limit", []error{deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, nil},
		{"too many deadlocks", []error{deadlock, deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, deadlock},
		{"another MySQL error", []error{other}, 1, other},
		{"a plain error", []error{sql.ErrConnDone}, 1, sql.ErrConnDone},
	}
	e := newEnv(t, sqldb.SQLite)
	th := newThrottle(DefaultThrottle, e.store, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runs := 0
			err := th.transact(context.Background(), func(*sql.Tx) error {
				runs++
				if runs <= len(tc.errs) {
					return tc.errs[runs-1]
				}
				return nil
			})
			diff(t, "runs", runs, tc.wantRuns)
			if !errors.Is(err, tc.wantError) {
				t.Errorf("error %v, want %v", err, tc.wantError)
			}
		})
	}
	if sqldb.IsDeadlock(errors.New(strings.Repeat("Deadlock found ", 2))) {
		t.Error("IsDeadlock matched message text")
	}
}

// attempt sends one login straight to the handler, without the OpenAPI check of do, for tests
// that send thousands, and returns the status.
func (e *env) attempt(user, password, addr string) int {
	e.t.Helper()
	body := fmt.Sprintf(`{"username":%q,"password":%q}`, user, password)
	r := httptest.NewRequest("POST", "/api/login", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = addr + ":40000"
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, r)
	return rec.Code
}

// throttleRows counts the rows of login_throttle.
func (e *env) throttleRows() int {
	e.t.Helper()
	var n int
	if err := e.store.db.QueryRow("SELECT COUNT(*) FROM login_throttle").Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// TestLoginThrottleBlockedWritesNothing checks that an address that is already blocked costs
// the database nothing: 200 refused attempts, each for a new username, leave the table as it
// was, row for row.
func TestLoginThrottleBlockedWritesNothing(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		cfg := ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 3, AddrRefill: 10 * time.Second}
		e := newEnv(t, d, func(c *Config) { c.Throttle = cfg })
		for i := range 3 {
			if got := e.attempt("guess"+strconv.Itoa(i), "x", "10.7.7.7"); got != 401 {
				t.Fatalf("failure %d: status %d, want 401", i, got)
			}
		}
		before := e.throttleDump()
		for i := range 200 {
			if got := e.attempt("new"+strconv.Itoa(i), "x", "10.7.7.7"); got != 429 {
				t.Fatalf("attempt %d from a blocked address: status %d, want 429", i, got)
			}
		}
		diff(t, "login_throttle after 200 refusals", e.throttleDump(), before)
	})
}

// throttleDump returns every row of login_throttle as text, in key order.
func (e *env) throttleDump() []string {
	e.t.Helper()
	rows, err := e.store.db.Query("SELECT bucket, tokens, updated_at FROM login_throttle ORDER BY bucket")
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var key string
		var tokens float64
		var at time.Time
		if err := rows.Scan(&key, &tokens, &at); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %g %s", key, tokens, at.UTC().Format(time.RFC3339Nano)))
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// TestLoginThrottleRowsBounded runs a guesser for twelve simulated minutes: five addresses,
// each trying a new username every two seconds. Rows are written only for attempts the
// throttle lets through and swept once they have refilled, so the table never holds more
// than each address's allowance over the horizon plus one sweep interval; when the guessing
// stops, the sweep empties it.
func TestLoginThrottleRowsBounded(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d) // DefaultThrottle
		cfg := DefaultThrottle
		const addrs = 5
		window := cfg.horizon() + pruneEvery
		// Per address: its own bucket, and one username bucket per attempt let through.
		bound := addrs * (1 + cfg.AddrBurst + int(window/cfg.AddrRefill))
		peak, n := 0, 0
		for step := range 360 {
			for a := range addrs {
				n++
				if got := e.attempt("guess"+strconv.Itoa(n), "x", fmt.Sprintf("10.8.0.%d", a)); got != 401 && got != 429 {
					t.Fatalf("step %d: status %d", step, got)
				}
			}
			if rows := e.throttleRows(); rows > peak {
				peak = rows
				if peak > bound {
					counts := map[string]int{}
					for _, r := range e.throttleDump() {
						k, _, _ := strings.Cut(r, ":")
						counts[k]++
					}
					t.Fatalf("step %d: %v", step, counts)
				}
			}
			e.clock.Add(2 * time.Second)
		}
		if peak > bound {
			t.Errorf("login_throttle peaked at %d rows, more than the bound %d", peak, bound)
		}
		e.clock.Add(window)
		if got := e.attempt("guess", "x", "10.9.0.1"); got != 401 {
			t.Fatalf("after the guessing: status %d", got)
		}
		diff(t, "rows after the guessing stopped", e.throttleRows(), 2) // the last attempt's own
	})
}

// TestLoginConcurrentCorrect logs one member in 50 times at once from one address: the
// throttle's bookkeeping must never refuse a correct password. The only 429 allowed is the
// hashing queue's (see Hasher), which says the server is busy, not that logins failed.
func TestLoginConcurrentCorrect(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		e.register("alice", "Alice", "")
		const n = 50
		var wg sync.WaitGroup
		var mu sync.Mutex
		var ok, busy int
		var refused []string
		for range n {
			wg.Go(func() {
				res := e.do(req{method: "POST", path: "/api/login", remoteAddr: "10.4.0.1:1",
					body: map[string]any{"username": "alice", "password": "password-alice"}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case res.status == 200:
					ok++
				case res.status == 429 && res.problemDoc(t).Detail == errHashBusy.Detail:
					busy++
				default:
					refused = append(refused, fmt.Sprintf("%d %s", res.status, res.body))
				}
			})
		}
		wg.Wait()
		if len(refused) > 0 {
			t.Errorf("%d of %d correct logins refused (%d logged in, %d told the server was busy); first: %s", len(refused), n, ok, busy, refused[0])
		}
	})
}
