package chessclub

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// TestReadSessions_ManyHashes reads several sessions in one query, as coalesced token checks
// do: each live token's member, nothing for a revoked or unknown one, on both databases.
func TestReadSessions_ManyHashes(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		alice, bob := e.login("alice"), e.login("bob")
		want := map[string]string{hashToken(alice): "alice", hashToken(bob): "bob", hashToken(e.tokens["carol"]): "carol"}
		hashes := []string{hashToken(alice), hashToken(e.tokens["revoked"]), hashToken(bob), hashToken(e.tokens["bad"]), hashToken(e.tokens["carol"])}
		got := map[string]string{}
		err := e.store.readSessions(t.Context(), hashes, func(h string, s sessionRow) {
			if _, dup := got[h]; dup {
				t.Errorf("hash %s found twice", h)
			}
			got[h] = s.member.Username
			if s.expires.IsZero() {
				t.Errorf("%s: no expiry", s.member.Username)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("found %v, want %v", got, want)
		}
		if err := e.store.readSessions(t.Context(), []string{hashToken(alice), "x' OR '1'='1"}, func(string, sessionRow) {}); err == nil {
			t.Error("a hash that is not hex was put into the query")
		}
	})
}

// TestAuthenticate_UnderLoad checks tokens from many goroutines at once, so that the checks
// are coalesced, while one member logs out: every check answers its own token's member, an
// unknown token is refused, and once the logout is acknowledged no check that starts after
// it lets the token in.
func TestAuthenticate_UnderLoad(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		names := []string{"alice", "bob", "carol"}
		tokens := map[string]string{}
		for _, n := range names {
			tokens[n] = e.login(n)
		}
		leaving := e.login("bob")
		var revoked atomic.Bool
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				rnd := rand.New(rand.NewPCG(uint64(w), 7))
				for range 60 {
					switch k := rnd.IntN(5); {
					case k < 3:
						m, err := e.store.Authenticate(t.Context(), tokens[names[k]])
						if err != nil || m.Username != names[k] {
							t.Errorf("token of %s: %v, %v", names[k], m.Username, err)
						}
					case k == 3:
						if _, err := e.store.Authenticate(t.Context(), e.tokens["bad"]); problem.KindOf(err) != problem.Unauthorized {
							t.Errorf("unknown token: %v", err)
						}
					default:
						gone := revoked.Load()
						m, err := e.store.Authenticate(t.Context(), leaving)
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
			if err := e.store.RevokeSession(t.Context(), leaving); err != nil {
				t.Error(err)
			}
			revoked.Store(true)
		})
		wg.Wait()
		if _, err := e.store.Authenticate(t.Context(), leaving); problem.KindOf(err) != problem.Unauthorized {
			t.Errorf("after the logout: %v", err)
		}
	})
}
