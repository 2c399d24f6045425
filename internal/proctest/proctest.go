// Package proctest runs a service's real binary as a child process, for the tests that only a
// process can make: kill -9 under load, SIGTERM with requests in flight, restarts. Tests that
// need only the service's behaviour use servicetest, which calls run in the test's own process.
package proctest

import (
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"campus.example/apps/internal/servicetest"
)

var (
	buildMu  sync.Mutex
	builtBin = map[string]string{}
	buildDir string
)

// Build compiles the command pkg (an import path such as "campus.example/apps/cmd/creatures")
// once per test binary and returns the executable's path.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if bin, ok := builtBin[pkg]; ok {
		return bin
	}
	if buildDir == "" {
		dir, err := os.MkdirTemp("", "proctest-")
		if err != nil {
			t.Fatal(err)
		}
		buildDir = dir // removed with the machine's temporary files; shared by the binary's tests
	}
	bin := filepath.Join(buildDir, filepath.Base(pkg))
	out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	builtBin[pkg] = bin
	return bin
}

// Proc is a service running as a child process.
type Proc struct {
	// URL is the base address the service listens on, such as "http://127.0.0.1:41234".
	URL string
	// Logs holds what the process wrote to stdout and stderr.
	Logs   *servicetest.SyncBuffer
	cmd    *exec.Cmd
	exited chan struct{}
	err    error
}

var listening = regexp.MustCompile(`listening.*addr=http://([0-9.:\[\]a-f]+)`)

// Start runs bin with args (which must make it listen on "127.0.0.1:0") and the environment
// env added to the test's own, reads the bound address from its log, and waits until /healthz
// answers 200. The process is killed when the test ends if it still runs.
func Start(t testing.TB, bin string, args []string, env ...string) *Proc {
	t.Helper()
	p := &Proc{Logs: &servicetest.SyncBuffer{}, exited: make(chan struct{})}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.Logs, p.Logs
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		<-p.exited
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		if m := listening.FindStringSubmatch(p.Logs.String()); m != nil {
			p.URL = "http://" + m[1]
			break
		}
		select {
		case <-p.exited:
			t.Fatalf("%s exited before listening: %v\n%s", bin, p.err, p.Logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not listen within 60 s\n%s", bin, p.Logs.String())
		}
	}
	servicetest.WaitHealthy(t, p.URL+"/healthz")
	return p
}

// Pid returns the process id, for reading what the kernel reports about the process (its
// memory in /proc/PID/status).
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Kill ends the process with SIGKILL, as a crash would, and waits until it is gone.
func (p *Proc) Kill(t testing.TB) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil && !errors.Is(err, os.ErrProcessDone) {
		t.Fatalf("kill: %v", err)
	}
	<-p.exited
}

// Terminate sends SIGTERM and waits up to timeout for the process to exit. It returns the
// process's exit code, failing the test when it does not exit in time.
func (p *Proc) Terminate(t testing.TB, timeout time.Duration) int {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatalf("SIGTERM: %v", err)
	}
	select {
	case <-p.exited:
	case <-time.After(timeout):
		t.Fatalf("the process did not exit within %v of SIGTERM\n%s", timeout, p.Logs.String())
	}
	return p.cmd.ProcessState.ExitCode()
}

// Client is an HTTP client for load against a process: no idle connection reuse across a
// kill, and a deadline on every request so that a hang is a failure, not a stuck test.
func Client() *http.Client {
	return &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true},
	}
}

// Writes runs workers goroutines that call write in a loop until stop is closed, and returns
// what every acknowledged write returned (its key: an id, a name). write gets the worker's
// number and a sequence number unique to that worker; it returns ok=false for a write that was
// not acknowledged (an error, a refused request, a connection cut by a crash). Writes keeps
// going through errors: the point is to be writing when the fault strikes.
func Writes(workers int, stop <-chan struct{}, write func(worker, seq int) (key string, ok bool)) []string {
	var (
		mu   sync.Mutex
		acks []string
		wg   sync.WaitGroup
	)
	for w := range workers {
		wg.Go(func() {
			for seq := 0; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				if key, ok := write(w, seq); ok {
					mu.Lock()
					acks = append(acks, key)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return acks
}

// WaitFor polls cond every 20 ms and fails the test when it does not hold within 60 s; what
// names the awaited condition in the failure.
func WaitFor(t testing.TB, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after 60 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Status returns the status code of a GET of url, or 0 when the request failed.
func Status(c *http.Client, url string) int {
	resp, err := c.Get(url)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Statuses counts the status codes a load saw. It is safe for concurrent use.
type Statuses struct {
	mu sync.Mutex
	n  map[int]int
}

// Record counts one response with the given status (0 for a failed request).
func (s *Statuses) Record(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == nil {
		s.n = map[int]int{}
	}
	s.n[status]++
}

// Count returns how many responses had the given status.
func (s *Statuses) Count(status int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n[status]
}

// ServerErrorsBut returns the counts of every 5xx status except those allowed.
func (s *Statuses) ServerErrorsBut(allowed ...int) map[int]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	bad := map[int]int{}
	for status, n := range s.n {
		if status >= 500 && !slices.Contains(allowed, status) {
			bad[status] = n
		}
	}
	return bad
}

// SlowRequests sends n requests whose bodies arrive in two parts: it builds request i with
// build, around a body that yields the first ten bytes of body(i) at once and the rest after
// delay. Once every request is in flight it calls during (to send a signal, say). It returns
// each request's status, 0 for a request that failed.
func SlowRequests(c *http.Client, n int, delay time.Duration, body func(i int) string,
	build func(i int, body io.Reader) *http.Request, during func()) []int {
	statuses := make([]int, n)
	started := make(chan struct{}, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			b := body(i)
			pr, pw := io.Pipe()
			go func() {
				_, _ = io.WriteString(pw, b[:10])
				started <- struct{}{}
				time.Sleep(delay)
				_, _ = io.WriteString(pw, b[10:])
				pw.Close()
			}()
			resp, err := c.Do(build(i, pr))
			if err != nil {
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		})
	}
	for range n {
		<-started
	}
	time.Sleep(200 * time.Millisecond) // the server has read the headers
	during()
	wg.Wait()
	return statuses
}
