package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
	"campus.example/apps/internal/sqldb"
)

const creaturesPkg = "campus.example/apps/cmd/creatures"

// dbFlags returns the flags and environment that point the catalog at a fresh database of
// dialect d: a SQLite file, or a new MariaDB database reached over TCP as a user with a
// password, as a deployment would.
func dbFlags(t *testing.T, d sqldb.Dialect) (args, env []string) {
	t.Helper()
	if d == sqldb.SQLite {
		return []string{"-db", "sqlite:" + filepath.Join(t.TempDir(), "creatures.db")}, nil
	}
	name := dbtest.MariaDB(t).Source().MySQL.DBName
	user, password := dbtest.TempUser(t, name, "ALL")
	return []string{"-db", "mysql://" + user + "@127.0.0.1:3306/" + name}, []string{"CREATURES_DB_PASSWORD=" + password}
}

// postCreature creates a creature named name and returns its id when the server acknowledged
// it with 201.
func postCreature(c *http.Client, base, name string) (int64, int, error) {
	body := fmt.Sprintf(`{"name":%q,"species":"Fault test","danger_level":3}`, name)
	resp, err := c.Post(base+"/creatures", "application/json", strings.NewReader(body))
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	var created struct {
		ID int64 `json:"id"`
	}
	if resp.StatusCode != http.StatusCreated {
		_, _ = io.Copy(io.Discard, resp.Body)
		return 0, resp.StatusCode, nil
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		return 0, resp.StatusCode, err
	}
	return created.ID, resp.StatusCode, nil
}

// checkAcknowledged reads back every acknowledged write ("id name") and fails the test for
// each one that is missing or changed.
func checkAcknowledged(t *testing.T, c *http.Client, base string, acks []string) {
	t.Helper()
	lost := 0
	for _, ack := range acks {
		id, name, _ := strings.Cut(ack, " ")
		resp, err := c.Get(base + "/creatures/" + id)
		if err != nil {
			t.Fatalf("read back %s: %v", id, err)
		}
		var got struct {
			Name string `json:"name"`
		}
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || err != nil || got.Name != name {
			lost++
			if lost <= 5 {
				t.Errorf("acknowledged creature %s (%q) reads back as %d %q (%v)", id, name, resp.StatusCode, got.Name, err)
			}
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d acknowledged writes lost", lost, len(acks))
	}
}

// TestFault_KillUnderWriteLoad kills the catalog with SIGKILL while eight clients create
// creatures, restarts it on the same database, and reads back every creature whose creation
// was acknowledged with 201.
func TestFault_KillUnderWriteLoad(t *testing.T) {
	bin := proctest.Build(t, creaturesPkg)
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			args, env := dbFlags(t, d)
			args = append(args, "-addr", "127.0.0.1:0")
			p := proctest.Start(t, bin, args, env...)
			c := proctest.Client()
			var acked, serverErrors atomic.Int64
			stop := make(chan struct{})
			result := make(chan []string, 1)
			go func() {
				result <- proctest.Writes(8, stop, func(w, seq int) (string, bool) {
					name := fmt.Sprintf("kill-%d-%d", w, seq)
					id, status, err := postCreature(c, p.URL, name)
					if status >= 500 {
						serverErrors.Add(1)
					}
					if err != nil || status != http.StatusCreated {
						time.Sleep(5 * time.Millisecond) // the server is gone; do not spin
						return "", false
					}
					acked.Add(1)
					return fmt.Sprintf("%d %s", id, name), true
				})
			}()
			proctest.WaitFor(t, func() bool { return acked.Load() >= 500 }, "500 acknowledged writes")
			p.Kill(t)
			time.Sleep(100 * time.Millisecond)
			close(stop)
			acks := <-result
			if n := serverErrors.Load(); n > 0 {
				t.Errorf("%d writes answered 5xx before the kill", n)
			}
			restarted := proctest.Start(t, bin, args, env...)
			checkAcknowledged(t, c, restarted.URL, acks)
			t.Logf("%s: %d writes acknowledged before SIGKILL, all read back after restart", d, len(acks))
		})
	}
}

// TestFault_SIGTERMCompletesInFlight starts slow uploads, sends SIGTERM while their bodies are
// still arriving, and checks that each completes with 201, that the process then exits 0,
// and that the creatures are stored.
func TestFault_SIGTERMCompletesInFlight(t *testing.T) {
	bin := proctest.Build(t, creaturesPkg)
	args, env := dbFlags(t, sqldb.SQLite)
	args = append(args, "-addr", "127.0.0.1:0")
	p := proctest.Start(t, bin, args, env...)
	c := proctest.Client()
	const slow = 6
	exited := make(chan int, 1)
	statuses := proctest.SlowRequests(c, slow, 1500*time.Millisecond,
		func(i int) string { return fmt.Sprintf(`{"name":"in-flight-%d","species":"Fault test"}`, i) },
		func(_ int, body io.Reader) *http.Request {
			req, _ := http.NewRequest("POST", p.URL+"/creatures", body)
			req.Header.Set("Content-Type", "application/json")
			return req
		},
		func() { go func() { exited <- p.Terminate(t, 30*time.Second) }() })
	for i, status := range statuses {
		if status != http.StatusCreated {
			t.Errorf("in-flight request %d ended with %d, want 201", i, status)
		}
	}
	if code := <-exited; code != 0 {
		t.Errorf("exit code %d after SIGTERM, want 0\n%s", code, p.Logs.String())
	}
	restarted := proctest.Start(t, bin, args, env...)
	resp, err := c.Get(restarted.URL + "/creatures?species=Fault%20test")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct{ Name string }
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || len(list) != slow {
		t.Errorf("after the restart %d in-flight creatures are stored (%v), want %d", len(list), err, slow)
	}
}
