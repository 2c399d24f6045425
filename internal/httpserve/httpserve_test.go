package httpserve_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
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
// writes, and that a handler may replace the policy with its own.
func TestSecurityHeaders(t *testing.T) {
	for _, tc := range []struct {
		name   string
		h      http.HandlerFunc
		policy string
	}{
		{"success", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("{}")) }, httpserve.APIContentSecurityPolicy},
		{"error", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "no", http.StatusTeapot) }, httpserve.APIContentSecurityPolicy},
		{"empty", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }, httpserve.APIContentSecurityPolicy},
		{"own policy", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
		}, "default-src 'self'"},
	} {
		rec := httptest.NewRecorder()
		httpserve.SecurityHeaders(tc.h).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		for name, want := range map[string]string{
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Content-Security-Policy": tc.policy,
		} {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("%s: %s = %q, want %q", tc.name, name, got, want)
			}
		}
	}
}
