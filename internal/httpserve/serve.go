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
)

// Serve listens on addr and serves h until ctx ends, then stops accepting connections and
// waits up to ShutdownGrace for requests in flight. It calls ready with the bound address
// once the listener is open (useful with ":0"). It returns nil after a clean shutdown.
func Serve(ctx context.Context, addr string, h http.Handler, log *slog.Logger, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	ln = guardedListener{ln} // see protocol.go
	srv := &http.Server{
		Handler:           SecurityHeaders(refuseSmuggled(h, log)),
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
	log.Info("shutting down")
	shutCtx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
