package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// serveEnv, set to 1, makes the test binary the Chess Club server itself (see TestMain).
// statsEnv names the file where the server writes its Go memory statistics when it gets
// SIGUSR1 (goStats).
const (
	serveEnv = "CHESSCLUB_BENCH_SERVE"
	statsEnv = "CHESSCLUB_BENCH_STATS"
)

// TestMain lets the test binary serve as the Chess Club: the process benchmarks start it
// again with serveEnv=1 and the server's flags, so that the server runs in a process of its
// own, as in production, whose memory the benchmark reads without the load generator's.
func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		if path := os.Getenv(statsEnv); path != "" {
			writeStatsOnSignal(path)
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// writeStatsOnSignal makes the server process, on each SIGUSR1, collect its garbage and
// write "SEQ HEAP-IN-USE STACKS-IN-USE GOROUTINES" to path: what a benchmark needs to tell
// what each of many connections costs, beyond what the resident size (which the collector
// and the operating system move by megabytes) can show.
func writeStatsOnSignal(path string) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1)
	go func() {
		for seq := 1; ; seq++ {
			<-sig
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			data := fmt.Sprintf("%d %d %d %d\n", seq, m.HeapInuse, m.StackInuse, runtime.NumGoroutine())
			if err := os.WriteFile(path+".tmp", []byte(data), 0o600); err == nil {
				_ = os.Rename(path+".tmp", path)
			}
		}
	}()
}

// The login storm: stormClients clients log in stormLogins times in all, as fast as the
// server answers, cycling through stormMembers members, at the production argon2id cost.
const (
	stormClients = 64
	stormLogins  = 512
	stormMembers = 16
)

// stormLimits are the -memory-limit values the storm runs with: the default, none, and a
// tight one.
var stormLimits = []string{"auto", "off", "64MiB"}

// BenchmarkLoginStorm measures the server's resident memory before (idle, after 16
// registrations) and at its peak (VmHWM) during a storm of correct logins, in a server
// process of its own, on each database and with each of stormLimits:
//
//	go test ./cmd/chessclub -run '^$' -bench LoginStorm -benchtime 1x
//
// It fails if any login is refused. Figures are in docs/BENCHMARKS.md.
func BenchmarkLoginStorm(b *testing.B) {
	for _, d := range dbtest.Dialects {
		for _, limit := range stormLimits {
			b.Run(d.String()+"/limit="+limit, func(b *testing.B) {
				url, password := stormDatabase(b, d)
				srv := startServerProcess(b, url, password, "-memory-limit", limit)
				for i := range stormMembers {
					body := map[string]any{"username": fmt.Sprintf("storm%d", i), "password": "correct horse battery", "full_name": "Storm"}
					if status := post(b, srv.url+"/api/user", body); status != http.StatusCreated {
						b.Fatalf("register: status %d", status)
					}
				}
				idle := srv.memory(b, "VmRSS")
				var total stormResult
				start := time.Now()
				for b.Loop() {
					r := storm(b, srv.url)
					total.ok += r.ok
					total.busy += r.busy
				}
				elapsed := time.Since(start)
				b.ReportMetric(float64(idle)/(1<<20), "idle-RSS-MiB")
				b.ReportMetric(float64(srv.memory(b, "VmHWM"))/(1<<20), "peak-RSS-MiB")
				b.ReportMetric(float64(total.ok)/elapsed.Seconds(), "logins/s")
				b.ReportMetric(float64(total.busy), "busy-429s")
			})
		}
	}
}

// stormResult counts the answers of a storm: logins, and 429s from the hashing queue (a
// request that waited 5 s for a hashing slot; on a busy machine some do, by design).
type stormResult struct{ ok, busy int }

// storm runs one storm; any answer but 200 or 429 fails the benchmark.
func storm(b *testing.B, base string) stormResult {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var r stormResult
	next := 0
	for range stormClients {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= stormLogins {
					return
				}
				status, body := postBody(b, base+"/api/login", map[string]any{"username": fmt.Sprintf("storm%d", i%stormMembers), "password": "correct horse battery"})
				mu.Lock()
				switch {
				case status == http.StatusOK:
					r.ok++
				case status == http.StatusTooManyRequests && bytes.Contains(body, []byte("busy hashing")):
					r.busy++
				default:
					b.Errorf("login: status %d: %s", status, body)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return r
}

// post sends a JSON body and returns the status.
func post(b *testing.B, url string, body any) int {
	status, _ := postBody(b, url, body)
	return status
}

// postBody sends a JSON body and returns the status and the answer.
func postBody(b *testing.B, url string, body any) (int, []byte) {
	enc, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(enc))
	if err != nil {
		b.Error(err)
		return 0, nil
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		b.Error(err)
	}
	return res.StatusCode, answer
}

// stormDatabase returns the -db URL and password of a fresh database of dialect d.
func stormDatabase(b *testing.B, d sqldb.Dialect) (string, string) {
	if d == sqldb.SQLite {
		return "sqlite:" + filepath.Join(b.TempDir(), "storm.db"), ""
	}
	name := dbtest.MariaDB(b).Source().MySQL.DBName
	user, password := dbtest.TempUser(b, name, "ALL")
	return "mysql://" + user + "@127.0.0.1:3306/" + name, password
}

// serverProcess is the Chess Club running as a child process.
type serverProcess struct {
	url   string
	cmd   *exec.Cmd
	stats string // the file of goStats
	seq   int
}

// startServerProcess runs the test binary as the server on a free port over the database,
// with extra flags, and waits until it answers; it is stopped when the benchmark ends.
func startServerProcess(b *testing.B, dbURL, password string, flags ...string) *serverProcess {
	b.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	args := append([]string{"-addr", addr, "-db", dbURL, "-figures", filepath.Join(b.TempDir(), "figures")}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	stats := filepath.Join(b.TempDir(), "stats")
	cmd.Env = append(os.Environ(), serveEnv+"=1", statsEnv+"="+stats, "CHESSCLUB_DB_PASSWORD="+password)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	srv := &serverProcess{url: "http://" + addr, cmd: cmd, stats: stats}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if res, err := http.Get(srv.url + "/healthz"); err == nil {
			res.Body.Close()
			return srv
		}
		select {
		case <-ctx.Done():
			b.Fatalf("the server did not answer within 30 s:\n%s", logs.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// appoint makes the registered member username an arbiter on the database at dbURL, as the
// club's admin does on the server's machine (chessclub arbiter).
func appoint(b *testing.B, dbURL, password, username string) {
	b.Helper()
	env := map[string]string{"CHESSCLUB_DB_PASSWORD": password}
	var out, errs bytes.Buffer
	if err := run(context.Background(), []string{"arbiter", "-db", dbURL, username}, func(k string) string { return env[k] }, &out, &errs); err != nil {
		b.Fatalf("chessclub arbiter %s: %v\n%s", username, err, errs.String())
	}
}

// memory returns a field of the server's /proc status in bytes, such as VmRSS (resident
// now) or VmHWM (the most it was resident). Linux only.
func (s *serverProcess) memory(b *testing.B, field string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		b.Fatalf("read the server's memory: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if ok && name == field {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
			if err != nil {
				b.Fatalf("%s: %v", sc.Text(), err)
			}
			return kb << 10
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, s.cmd.Process.Pid)
	return 0
}

// goStats is the server process's Go memory after a collection: heap and goroutine stacks
// in use, and its goroutines.
type goStats struct {
	heap, stacks int64
	goroutines   int
}

// goStats asks the server for its Go memory statistics (writeStatsOnSignal) and waits for
// them.
func (s *serverProcess) goStats(b *testing.B) goStats {
	s.seq++
	if err := s.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		data, err := os.ReadFile(s.stats)
		var st goStats
		var seq int
		if err == nil {
			if _, err := fmt.Sscan(string(data), &seq, &st.heap, &st.stacks, &st.goroutines); err == nil && seq == s.seq {
				return st
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Fatal("the server did not write its memory statistics")
	return goStats{}
}
