package main

import (
	"bytes"
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

const chessclubPkg = "campus.example/apps/cmd/chessclub"

// faultClub is a Chess Club process under test with a logged-in member.
type faultClub struct {
	url   string
	token string
	c     *http.Client
}

// faultFlags returns the flags and environment that point the club at a fresh database of
// dialect d (a SQLite file, or a new MariaDB database reached over TCP with a password) and a
// photo directory.
func faultFlags(t *testing.T, d sqldb.Dialect) (args, env []string) {
	t.Helper()
	dir := t.TempDir()
	args = []string{"-addr", "127.0.0.1:0", "-figures", filepath.Join(dir, "figures")}
	if d == sqldb.SQLite {
		return append(args, "-db", "sqlite:"+filepath.Join(dir, "club.db")), nil
	}
	name := dbtest.MariaDB(t).Source().MySQL.DBName
	user, password := dbtest.TempUser(t, name, "ALL")
	return append(args, "-db", "mysql://"+user+"@127.0.0.1:3306/"+name), []string{"CHESSCLUB_DB_PASSWORD=" + password}
}

// call sends a JSON request and decodes a JSON answer into out (when not nil); it returns the
// status, 0 when the request failed.
func (f *faultClub) call(method, path string, body any, out any) int {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, f.url+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if f.token != "" {
		req.Header.Set("Authorization", "Bearer "+f.token)
	}
	resp, err := f.c.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return 0
		}
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// login registers a member and logs in.
func (f *faultClub) login(t *testing.T, username string) {
	t.Helper()
	if s := f.call("POST", "/api/user", map[string]string{"username": username, "password": "fault-test-password", "full_name": "Fault Tester"}, nil); s != http.StatusCreated {
		t.Fatalf("register: %d", s)
	}
	var out struct{ Token string }
	if s := f.call("POST", "/api/login", map[string]string{"username": username, "password": "fault-test-password"}, &out); s != http.StatusOK {
		t.Fatalf("login: %d", s)
	}
	f.token = out.Token
}

// createTournament creates a tournament named name and returns "id name" when the server
// acknowledged it with 201.
func (f *faultClub) createTournament(name string) (string, int) {
	var out struct{ ID int64 }
	status := f.call("POST", "/api/tournaments", map[string]any{"name": name, "start_date": fromToday(3), "format": "swiss", "rounds": 5}, &out)
	if status != http.StatusCreated || out.ID == 0 {
		return "", status
	}
	return fmt.Sprintf("%d %s", out.ID, name), status
}

// checkTournaments reads back every acknowledged tournament and fails for each one missing.
func (f *faultClub) checkTournaments(t *testing.T, acks []string) {
	t.Helper()
	lost := 0
	for _, ack := range acks {
		id, name, _ := strings.Cut(ack, " ")
		var got struct{ Name string }
		if s := f.call("GET", "/api/tournaments/"+id, nil, &got); s != http.StatusOK || got.Name != name {
			lost++
			if lost <= 5 {
				t.Errorf("acknowledged tournament %s (%q) reads back as %d %q", id, name, s, got.Name)
			}
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d acknowledged writes lost", lost, len(acks))
	}
}

// tournamentWrites runs eight clients creating tournaments until stop is closed; it counts
// acknowledged writes in acked and records every status in statuses.
func (f *faultClub) tournamentWrites(prefix string, stop <-chan struct{}, acked *atomic.Int64, statuses *proctest.Statuses) []string {
	return proctest.Writes(8, stop, func(w, seq int) (string, bool) {
		key, status := f.createTournament(fmt.Sprintf("%s %d-%d", prefix, w, seq))
		statuses.Record(status)
		if key == "" {
			time.Sleep(5 * time.Millisecond)
			return "", false
		}
		acked.Add(1)
		return key, true
	})
}

// TestFault_KillUnderWriteLoad kills the club with SIGKILL while eight clients create
// tournaments, restarts it on the same database, and reads back every acknowledged one. The
// login made before the crash still works after it (sessions are in the database).
func TestFault_KillUnderWriteLoad(t *testing.T) {
	bin := proctest.Build(t, chessclubPkg)
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			args, env := faultFlags(t, d)
			p := proctest.Start(t, bin, args, env...)
			club := &faultClub{url: p.URL, c: proctest.Client()}
			club.login(t, "crash_"+d.String())
			var acked atomic.Int64
			var statuses proctest.Statuses
			stop := make(chan struct{})
			result := make(chan []string, 1)
			go func() { result <- club.tournamentWrites("Crash", stop, &acked, &statuses) }()
			proctest.WaitFor(t, func() bool { return acked.Load() >= 500 }, "500 acknowledged writes")
			p.Kill(t)
			time.Sleep(100 * time.Millisecond)
			close(stop)
			acks := <-result
			if bad := statuses.ServerErrorsBut(); len(bad) > 0 {
				t.Errorf("writes answered %v before the kill", bad)
			}
			restarted := proctest.Start(t, bin, args, env...)
			club.url = restarted.URL
			club.checkTournaments(t, acks)
			t.Logf("%s: %d tournaments acknowledged before SIGKILL, all read back after restart", d, len(acks))
		})
	}
}

// TestFault_SIGTERMCompletesInFlight sends SIGTERM while tournament creations are still
// sending their bodies: each completes with 201, the process exits 0, and they are stored.
func TestFault_SIGTERMCompletesInFlight(t *testing.T) {
	bin := proctest.Build(t, chessclubPkg)
	args, env := faultFlags(t, sqldb.SQLite)
	p := proctest.Start(t, bin, args, env...)
	club := &faultClub{url: p.URL, c: proctest.Client()}
	club.login(t, "sigterm")
	const slow = 6
	exited := make(chan int, 1)
	statuses := proctest.SlowRequests(club.c, slow, 1500*time.Millisecond,
		func(i int) string { return fmt.Sprintf(`{"name":"In flight %d","start_date":"%s"}`, i, fromToday(3)) },
		func(_ int, body io.Reader) *http.Request {
			req, _ := http.NewRequest("POST", p.URL+"/api/tournaments", body)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+club.token)
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
	club.url = restarted.URL
	var list []struct{ Name string }
	if s := club.call("GET", "/api/tournaments", nil, &list); s != http.StatusOK {
		t.Fatalf("list: %d", s)
	}
	stored := 0
	for _, tm := range list {
		if strings.HasPrefix(tm.Name, "In flight ") {
			stored++
		}
	}
	if stored != slow {
		t.Errorf("after the restart %d in-flight tournaments are stored, want %d", stored, slow)
	}
}
