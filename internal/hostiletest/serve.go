package hostiletest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"

	"campus.example/apps/internal/httpserve"
)

// Serve runs h behind the services' real server settings (httpserve.Serve: timeouts, header
// limits, shutdown) on a free port until the test ends, and returns its base URL. log receives
// the server's own messages; nil discards them.
func Serve(t *testing.T, h http.Handler, log *slog.Logger) string {
	t.Helper()
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- httpserve.Serve(ctx, "127.0.0.1:0", h, log, func(a net.Addr) { addrc <- a }) }()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a.String()
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return base
}
