package httpserve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/httpserve"
)

func TestReadyz(t *testing.T) {
	for _, tc := range []struct {
		name string
		ping func(context.Context) error
		want int
	}{
		{"database answers", func(context.Context) error { return nil }, 200},
		{"database down", func(context.Context) error { return errors.New("connection refused") }, 503},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			httpserve.Readyz(tc.ping).ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
			if rec.Code != tc.want {
				t.Errorf("status %d, want %d", rec.Code, tc.want)
			}
		})
	}
}

func TestRecover(t *testing.T) {
	h := httpserve.Recover(slog.New(slog.NewTextHandler(io.Discard, nil)), http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 500 || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("status %d, Content-Type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestServe_ShutsDownGracefully lets a slow request finish after the context ends.
func TestServe_ShutsDownGracefully(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	started := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		close(started)
		time.Sleep(200 * time.Millisecond)
		_, _ = w.Write([]byte("done"))
	})
	addrc := make(chan net.Addr, 1)
	errc := make(chan error, 1)
	go func() {
		errc <- httpserve.Serve(ctx, "127.0.0.1:0", h, slog.New(slog.NewTextHandler(io.Discard, nil)), func(a net.Addr) { addrc <- a })
	}()
	addr := <-addrc
	bodyc := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + addr.String())
		if err != nil {
			bodyc <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		bodyc <- string(b)
	}()
	<-started
	cancel()
	if got := <-bodyc; got != "done" {
		t.Errorf("request in flight got %q, want it to finish", got)
	}
	if err := <-errc; err != nil {
		t.Errorf("Serve returned %v", err)
	}
}

// TestSecurityHeaders checks that the headers are set before the handler writes, whatever it
// writes, that a handler may replace the policy with its own, and that two layers (Serve's
// and a service's own) send each header once. Every response shares the values, so it also
// checks that a handler's Add to one does not reach the next response.
func TestSecurityHeaders(t *testing.T) {
	for _, tc := range []struct {
		name   string
		h      http.HandlerFunc
		policy string
		frame  []string
	}{
		{"success", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("{}")) }, httpserve.APIContentSecurityPolicy, nil},
		{"error", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "no", http.StatusTeapot) }, httpserve.APIContentSecurityPolicy, nil},
		{"empty", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }, httpserve.APIContentSecurityPolicy, nil},
		{"own policy", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
		}, "default-src 'self'", nil},
		{"added value", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Add("X-Frame-Options", "SAMEORIGIN")
		}, httpserve.APIContentSecurityPolicy, []string{"DENY", "SAMEORIGIN"}},
	} {
		for layers, h := range []http.Handler{httpserve.SecurityHeaders(tc.h), httpserve.SecurityHeaders(httpserve.SecurityHeaders(tc.h))} {
			name := fmt.Sprintf("%s, %d layers", tc.name, layers+1)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
			frame := tc.frame
			if frame == nil {
				frame = []string{"DENY"}
			}
			checkHeaders(t, name, rec.Header(), map[string][]string{
				"X-Content-Type-Options": {"nosniff"}, "Referrer-Policy": {"no-referrer"}, "X-Frame-Options": frame, "Content-Security-Policy": {tc.policy},
			})
			// The next response, of a handler that changes nothing, has the headers as set.
			rec = httptest.NewRecorder()
			httpserve.SecurityHeaders(http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
			checkHeaders(t, name+", next response", rec.Header(), map[string][]string{
				"X-Content-Type-Options": {"nosniff"}, "Referrer-Policy": {"no-referrer"}, "X-Frame-Options": {"DENY"}, "Content-Security-Policy": {httpserve.APIContentSecurityPolicy},
			})
		}
	}
}

// checkHeaders checks that each header in want has exactly the values given.
func checkHeaders(t *testing.T, name string, got http.Header, want map[string][]string) {
	t.Helper()
	for h, values := range want {
		if !slices.Equal(got.Values(h), values) {
			t.Errorf("%s: %s = %q, want %q", name, h, got.Values(h), values)
		}
	}
}

// TestServe_CutsWhatOutlivesTheGrace sends a request whose body never finishes, ends the
// context, and checks that after the grace period Serve names the request it cut in the log,
// lets its handler return, and reports a shutdown that went as designed (nil), not the
// grace period's "context deadline exceeded".
func TestServe_CutsWhatOutlivesTheGrace(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	ctx, cancel := context.WithCancel(t.Context())
	ctx = httpserve.WithShutdownGrace(ctx, 200*time.Millisecond)
	reading := make(chan struct{})
	handlerDone := make(chan error, 1)
	h := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		close(reading)
		_, err := io.ReadAll(r.Body)
		handlerDone <- err
	})
	addrc := make(chan net.Addr, 1)
	errc := make(chan error, 1)
	go func() { errc <- httpserve.Serve(ctx, "127.0.0.1:0", h, log, func(a net.Addr) { addrc <- a }) }()
	conn, err := net.Dial("tcp", (<-addrc).String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Headers and a tenth of the body, then nothing: a phone that lost its signal.
	if _, err := io.WriteString(conn, "POST /api/figures HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789"); err != nil {
		t.Fatal(err)
	}
	<-reading
	start := time.Now()
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("Serve returned %v, want nil after cutting a request as designed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its grace period")
	}
	if took := time.Since(start); took < 200*time.Millisecond {
		t.Errorf("Serve returned after %v, before the grace period of 200ms", took)
	}
	select {
	case err := <-handlerDone:
		if err == nil {
			t.Error("the cut handler read its whole body")
		}
	default:
		t.Error("Serve returned while the cut handler was still running")
	}
	var cut []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] == "request cut by shutdown" {
			cut = append(cut, rec)
		}
	}
	if len(cut) != 1 {
		t.Fatalf("logged %d cut requests, want 1:\n%s", len(cut), logs.String())
	}
	rec := cut[0]
	if rec["method"] != "POST" || rec["path"] != "/api/figures" || rec["client"] != conn.LocalAddr().String() || rec["level"] != "WARN" {
		t.Errorf("cut request logged as %v", rec)
	}
	// The JSON handler writes a duration in nanoseconds.
	if ran, ok := rec["ran"].(float64); !ok || time.Duration(ran) < 200*time.Millisecond {
		t.Errorf("ran = %v, want at least the grace period", rec["ran"])
	}
}

// syncBuffer is a bytes.Buffer that a logger and a test can share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
