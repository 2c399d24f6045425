// Package httpserve runs an HTTP server for its whole life: listening with explicit timeouts,
// reporting readiness, and shutting down gracefully when its context ends.
package httpserve

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Timeouts bound how long a client may hold a connection. Every server sets them: the zero
// values of http.Server let a slow client keep a connection and its goroutine forever.
const (
	ReadHeaderTimeout = 5 * time.Second
	ReadTimeout       = 60 * time.Second // a 10 MiB photo from a slow phone
	WriteTimeout      = 120 * time.Second
	IdleTimeout       = 120 * time.Second
	MaxHeaderBytes    = 64 << 10
	ShutdownGrace     = 15 * time.Second
	// CutWait is how long Serve waits, after closing the connections of requests that
	// outlived the grace period, for their handlers to return (and clean up, such as
	// removing a half-received upload) before it returns itself.
	CutWait = 5 * time.Second
)

type graceKey struct{}

// WithShutdownGrace returns a context that makes Serve wait up to d, instead of
// ShutdownGrace, for requests in flight when it shuts down. A service's run function sets it
// from its flag; d must be positive.
func WithShutdownGrace(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, graceKey{}, d)
}

func shutdownGrace(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(graceKey{}).(time.Duration); ok && d > 0 {
		return d
	}
	return ShutdownGrace
}

// Serve listens on addr and serves h until ctx ends, then stops accepting connections and
// waits up to the shutdown grace period (ShutdownGrace, or WithShutdownGrace's) for requests
// in flight. Requests still running then are cut: their connections are closed, each is
// logged (method, path, client, how long it ran), and Serve waits up to CutWait for their
// handlers to return. Cutting them is the design, not a failure: Serve returns nil after
// such a shutdown as after a clean one, and an error only when listening, serving or closing
// failed. It calls ready with the bound address once the listener is open (useful with ":0").
func Serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	ln = guardedListener{ln} // see protocol.go
	flight := newInflight()
	srv := &http.Server{
		Handler:           serveHandler(flight, h, log),
		ConnContext:       connContext,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	log.Info("listening", "addr", "http://"+ln.Addr().String())
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	grace := shutdownGrace(ctx)
	log.Info("shutting down", "grace", grace)
	shutCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err = srv.Shutdown(shutCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = cut(srv, flight, grace, log)
	}
	if err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serveHandler wraps h in what every request of Serve goes through: tracking for a shutdown
// that has to cut it, the security headers, and the refusal of smuggled requests.
func serveHandler(flight *inflight, h http.Handler, log *slog.Logger) http.Handler {
	return flight.track(SecurityHeaders(refuseSmuggled(h, log)))
}

// cut ends the requests that outlived the grace period: it logs each, closes every
// connection, and waits up to CutWait for their handlers to return.
func cut(srv *http.Server, flight *inflight, grace time.Duration, log *slog.Logger) error {
	now := time.Now()
	reqs := flight.snapshot()
	for _, r := range reqs {
		log.Warn("request cut by shutdown", "method", r.method, "path", r.path, "client", r.client,
			"ran", now.Sub(r.start).Round(time.Millisecond))
	}
	log.Warn("grace period over; closing connections", "grace", grace, "cut", len(reqs))
	// Shutdown has closed the listener already; Close now closes the connections.
	if err := srv.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	if !flight.wait(CutWait) {
		log.Warn("handlers still running after their connections were closed", "count", len(flight.snapshot()))
	}
	return nil
}
