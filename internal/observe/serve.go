package observe

import (
	"context"
	"log/slog"
	"net"
	"net/http"

	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/problem"
)

// Serve runs a service through serve, which listens on the public address until its
// context ends. When metricsAddr is not empty, a second listener at metricsAddr answers
// GET MetricsPath with metrics, and every other request with a 404 problem; it opens
// before serve is called, so an address that cannot be bound stops the start. When either
// listener fails, the other is stopped, and Serve returns the first error after both have
// ended.
func Serve(ctx context.Context, metricsAddr string, metrics http.Handler, log *slog.Logger, serve func(context.Context) error) error {
	if metricsAddr == "" {
		return serve(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	opened := make(chan struct{})
	metricsDone := make(chan error, 1)
	go func() {
		metricsDone <- httpserve.Serve(ctx, metricsAddr, metricsOnly(metrics, log), log.With("listener", "metrics"),
			func(net.Addr) { close(opened) })
	}()
	select {
	case err := <-metricsDone:
		return err
	case <-opened:
	}
	err := serve(ctx)
	cancel()
	if merr := <-metricsDone; err == nil {
		err = merr
	}
	return err
}

// metricsOnly answers GET MetricsPath with metrics and everything else with a 404.
func metricsOnly(metrics http.Handler, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET "+MetricsPath, metrics)
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		problem.Write(w, r, log, problem.New(problem.NotFound, "This listener serves only GET %s.", MetricsPath))
	}))
	return mux
}
