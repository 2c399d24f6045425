// Package servicetest starts a whole service the way main does, for end-to-end tests: it
// calls the service's run function on a free port, waits until /healthz answers, and stops
// it through its context.
package servicetest

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/httpserve"
)

// RunFunc is the signature of every command's run function.
type RunFunc func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error

// Service is a running service.
type Service struct {
	// URL is the base address, such as "http://127.0.0.1:41234".
	URL string
	// Logs holds everything the service wrote to stdout and stderr.
	Logs   *SyncBuffer
	cancel context.CancelFunc
	done   chan error
}

// Start calls run with args (which must make it listen on "127.0.0.1:0") and the environment
// env, and waits until /healthz answers 200. The service is stopped when the test ends if
// Stop was not called.
func Start(t testing.TB, run RunFunc, args []string, env map[string]string) *Service {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	ctx = httpserve.WithReady(ctx, func(a net.Addr) { addrc <- a })
	s := &Service{Logs: &SyncBuffer{}, cancel: cancel, done: make(chan error, 1)}
	go func() { s.done <- run(ctx, args, Env(env), s.Logs, s.Logs) }()
	select {
	case a := <-addrc:
		s.URL = "http://" + a.String()
	case err := <-s.done:
		cancel()
		t.Fatalf("run returned before listening: %v\n%s", err, s.Logs.String())
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("run did not listen within 30 s\n%s", s.Logs.String())
	}
	t.Cleanup(func() {
		cancel()
		<-s.done
	})
	WaitHealthy(t, s.URL+"/healthz")
	return s
}

// Stop ends the service's context and returns what run returned; it fails the test when run
// does not return within 20 s.
func (s *Service) Stop(t testing.TB) error {
	t.Helper()
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		return err
	case <-time.After(20 * time.Second):
		t.Fatal("run did not stop after its context ended")
		return nil
	}
}

// WaitHealthy polls url until it answers 200, failing the test after 20 s.
func WaitHealthy(t testing.TB, url string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never answered 200", url)
}

// Env returns a getenv function over m.
func Env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// SyncBuffer is a bytes.Buffer that a service's logger and a test can share.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
