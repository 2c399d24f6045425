package play_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
)

// replica is a Chess Club process.
type replica struct {
	url   string
	token string
}

func (r *replica) call(t testing.TB, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, r.url+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode
}

// TestEventsAcrossReplicas runs two server processes on one MariaDB database. A client
// follows a tournament on replica B while changes are made on replica A, and sees them live;
// it goes away, misses three events made on A, and reconnects to B with Last-Event-ID: it
// gets exactly those three. Reconnecting to A instead gives the same three.
func TestEventsAcrossReplicas(t *testing.T) {
	name := dbtest.MariaDB(t).Source().MySQL.DBName
	user, password := dbtest.TempUser(t, name, "ALL")
	bin := proctest.Build(t, "campus.example/apps/cmd/chessclub")
	start := func() *replica {
		args := []string{"-addr", "127.0.0.1:0", "-figures", filepath.Join(t.TempDir(), "figures"), "-db", "mysql://" + user + "@127.0.0.1:3306/" + name}
		p := proctest.Start(t, bin, args, "CHESSCLUB_DB_PASSWORD="+password)
		return &replica{url: p.URL}
	}
	a, b := start(), start()
	var members []int64
	for i, u := range []string{"org", "q01", "q02", "q03", "q04"} {
		var m struct{ ID int64 }
		if s := a.call(t, "POST", "/api/user", map[string]string{"username": u, "password": "replica-password", "full_name": "Replica " + u}, &m); s != http.StatusCreated {
			t.Fatalf("register %s: %d", u, s)
		}
		if i > 0 {
			members = append(members, m.ID)
		}
	}
	// org directs the club's events: an arbiter enters members herself.
	arbiter := exec.Command(bin, "arbiter", "-db", "mysql://"+user+"@127.0.0.1:3306/"+name, "org")
	arbiter.Env = append(os.Environ(), "CHESSCLUB_DB_PASSWORD="+password)
	if out, err := arbiter.CombinedOutput(); err != nil {
		t.Fatalf("chessclub arbiter org: %v\n%s", err, out)
	}
	var login struct{ Token string }
	if s := b.call(t, "POST", "/api/login", map[string]string{"username": "org", "password": "replica-password"}, &login); s != http.StatusOK {
		t.Fatalf("login on B: %d", s)
	}
	a.token = login.Token // a login on B is valid on A
	var tr struct{ ID int64 }
	if s := a.call(t, "POST", "/api/tournaments", map[string]any{"name": "Replicated", "start_date": "2026-03-07", "rounds": 3}, &tr); s != http.StatusCreated {
		t.Fatalf("create: %d", s)
	}
	send := func(method, path string, body any) int { return a.call(t, method, path, body, nil) }

	live := follow(t, b.url, tr.ID, "")
	if s := send("POST", fmt.Sprintf("/api/tournaments/%d/players", tr.ID), map[string]any{"member_id": members[0]}); s != http.StatusCreated {
		t.Fatal(s)
	}
	first := live.next(10 * time.Second)
	if first.Type != "player_entered" {
		t.Fatalf("first event on B: %+v", first)
	}
	live.close()

	want := threeChanges(t, send, tr.ID, members[1:])
	for _, r := range []*replica{b, a} {
		back := follow(t, r.url, tr.ID, strconv.FormatInt(first.ID, 10))
		var got []string
		for i := range 3 {
			ev := back.next(10 * time.Second)
			if ev.ID != first.ID+int64(i)+1 {
				t.Errorf("%s: event %d has id %d, want %d", r.url, i, ev.ID, first.ID+int64(i)+1)
			}
			got = append(got, ev.Type)
		}
		diffValues(t, "replayed by "+r.url, got, want)
		back.quiet(time.Second) // more than a poll interval: nothing else comes
		back.close()
	}
}
