package creatures_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestAPI_DeleteWhileCreatingTheSameName deletes a creature while three clients create one
// of the same name, round after round. On InnoDB the inserts that arrive while the delete
// commits sometimes deadlock (error 1213, once in a few dozen rounds here); the store runs the
// victim again, so every answer is one a client expects — 204 for the delete, 201 or 409 for
// the creates, at most one 201 — and never a 500. On MariaDB the rounds
// go on until the server has broken a few deadlocks, so the test cannot pass without having
// exercised the retry.
func TestAPI_DeleteWhileCreatingTheSameName(t *testing.T) {
	const creators, minRounds, maxRounds, wantDeadlocks = 3, 100, 3000, 3
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d)
			deadlocksBefore := innodbDeadlocks(t, d)
			statuses := map[int]int{}
			rounds, deadlocks := 0, 0
			for ; rounds < maxRounds && (rounds < minRounds || (d == sqldb.MySQL && deadlocks < wantDeadlocks)); rounds++ {
				for code, n := range contestName(t, f, fmt.Sprintf("Contested %d", rounds), creators) {
					statuses[code] += n
				}
				if d == sqldb.MySQL && rounds%20 == 19 {
					deadlocks = innodbDeadlocks(t, d) - deadlocksBefore
				}
				if t.Failed() {
					break
				}
			}
			t.Logf("%d rounds, %d deadlocks broken by the server, statuses %v", rounds, deadlocks, statuses)
			if d == sqldb.MySQL && deadlocks < wantDeadlocks {
				t.Errorf("only %d deadlocks in %d rounds: the test did not exercise the retry", deadlocks, rounds)
			}
		})
	}
}

// contestName creates a creature called name, then deletes it while n clients create one of
// the same name, and returns the statuses of the n+1 requests.
func contestName(t *testing.T, f *fixture, name string, n int) map[int]int {
	t.Helper()
	body := `{"name":"` + name + `","species":"Test"}`
	rec := f.do("POST", "/creatures", body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create %s: %d %s", name, rec.Code, rec.Body.String())
	}
	id := decode[creatures.Creature](t, rec).ID
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	send := func(method, path, body string, ok ...int) {
		<-start
		rec := f.do(method, path, body)
		if !slices.Contains(ok, rec.Code) {
			t.Errorf("%s %s (%s): %d %s", method, path, name, rec.Code, rec.Body.String())
		}
		mu.Lock()
		statuses[rec.Code]++
		mu.Unlock()
	}
	wg.Go(func() { send("DELETE", fmt.Sprintf("/creatures/%d", id), "", http.StatusNoContent) })
	for range n {
		wg.Go(func() { send("POST", "/creatures", body, http.StatusCreated, http.StatusConflict) })
	}
	close(start)
	wg.Wait()
	rec = f.do("GET", "/creatures?q="+url.QueryEscape(name), "")
	if got := len(decode[[]creatures.Creature](t, rec)); got > 1 || got != statuses[http.StatusCreated] {
		t.Errorf("%d creatures named %q after %d creates answered 201", got, name, statuses[http.StatusCreated])
	}
	return statuses
}

// innodbDeadlocks returns how many deadlocks the MariaDB server has broken since it started
// (0 on SQLite). Other tests on the server may add to it, never take away.
func innodbDeadlocks(t *testing.T, d sqldb.Dialect) int {
	t.Helper()
	if d != sqldb.MySQL {
		return 0
	}
	var name string
	var n int
	if err := dbtest.Admin(t).QueryRow("SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'").Scan(&name, &n); err != nil {
		t.Fatal(err)
	}
	return n
}
