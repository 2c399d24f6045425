package auth_test

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestReadSessions_ManyHashes reads several sessions in one query, as coalesced token checks
// do: each live token's member, nothing for a revoked or unknown one, on both databases.
func TestReadSessions_ManyHashes(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle).WithMembers()
		alice, bob := e.Login("alice"), e.Login("bob")
		want := map[string]string{auth.HashToken(alice): "alice", auth.HashToken(bob): "bob", auth.HashToken(e.Tokens["carol"]): "carol"}
		hashes := []string{auth.HashToken(alice), auth.HashToken(e.Tokens["revoked"]), auth.HashToken(bob), auth.HashToken(e.Tokens["bad"]), auth.HashToken(e.Tokens["carol"])}
		got := map[string]string{}
		err := auth.NewStore(e.DB, e.Clock.Now).ReadSessions(t.Context(), hashes, func(h string, m members.Member, expires time.Time) {
			if _, dup := got[h]; dup {
				t.Errorf("hash %s found twice", h)
			}
			got[h] = m.Username
			if expires.IsZero() {
				t.Errorf("%s: no expiry", m.Username)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("found %v, want %v", got, want)
		}
		if err := auth.NewStore(e.DB, e.Clock.Now).ReadSessions(t.Context(), []string{auth.HashToken(alice), "x' OR '1'='1"}, func(string, members.Member, time.Time) {}); err == nil {
			t.Error("a hash that is not hex was put into the query")
		}
	})
}

// TestAuthenticate_UnderLoad checks tokens from many goroutines at once, so that the checks
// are coalesced, while one member logs out: every check answers its own token's member, an
// unknown token is refused, and once the logout is acknowledged no check that starts after
// it lets the token in.
func TestAuthenticate_UnderLoad(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle).WithMembers()
		names := []string{"alice", "bob", "carol"}
		tokens := map[string]string{}
		for _, n := range names {
			tokens[n] = e.Login(n)
		}
		leaving := e.Login("bob")
		store := auth.NewStore(e.DB, e.Clock.Now)
		var revoked atomic.Bool
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				rnd := rand.New(rand.NewPCG(uint64(w), 7))
				for range 60 {
					switch k := rnd.IntN(5); {
					case k < 3:
						m, err := store.Authenticate(t.Context(), tokens[names[k]])
						if err != nil || m.Username != names[k] {
							t.Errorf("token of %s: %v, %v", names[k], m.Username, err)
						}
					case k == 3:
						if _, err := store.Authenticate(t.Context(), e.Tokens["bad"]); problem.KindOf(err) != problem.Unauthorized {
							t.Errorf("unknown token: %v", err)
						}
					default:
						gone := revoked.Load()
						m, err := store.Authenticate(t.Context(), leaving)
						switch {
						case gone && problem.KindOf(err) != problem.Unauthorized:
							t.Errorf("a logged-out token was let in: %v, %v", m.Username, err)
						case err == nil && m.Username != "bob":
							t.Errorf("bob's second token answered %s", m.Username)
						case err != nil && problem.KindOf(err) != problem.Unauthorized:
							t.Errorf("bob's second token: %v", err)
						}
					}
				}
			})
		}
		wg.Go(func() {
			if err := store.RevokeSession(t.Context(), leaving); err != nil {
				t.Error(err)
			}
			revoked.Store(true)
		})
		wg.Wait()
		if _, err := store.Authenticate(t.Context(), leaving); problem.KindOf(err) != problem.Unauthorized {
			t.Errorf("after the logout: %v", err)
		}
	})
}
