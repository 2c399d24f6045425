// Package observe makes the services observable: every request gets an id, one access log
// line and its share of the Prometheus metrics, and /metrics serves them.
//
// The route of a request, in logs and metrics, is the pattern its ServeMux matched (such as
// "GET /creatures/{id}"), never its path: paths carry ids and, in the Chess Club, nothing
// else a log should keep, and a label per path would let clients add series without end.
package observe

import (
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/problem"
)

// MetricsPath is where Handler serves the metrics.
const MetricsPath = "/metrics"

// metricsRoute is the route label of the metrics themselves.
const metricsRoute = "GET " + MetricsPath

// Options says what Handler does besides passing requests on.
type Options struct {
	// AccessLog gets one line per request; nil logs none.
	AccessLog *slog.Logger
	// Registry gets the request metrics; nil keeps none.
	Registry prometheus.Registerer
	// Metrics, when not nil, answers GET and HEAD MetricsPath before the service sees them.
	Metrics http.Handler
	// ClientAddr names the client of a request in the access log; nil takes the host of
	// its RemoteAddr. A service behind trusted proxies passes what it trusts them for.
	ClientAddr func(*http.Request) string
}

// Handler wraps h, which must route with an http.ServeMux that h passes r itself to (not
// a copy made by r.WithContext: the mux records the matched pattern in r.Pattern, and
// Handler reads it there after h returns). For every request it
//
//   - makes the request's id, sends it back in X-Request-ID and puts it in the request's
//     context, where problem.Write, the audit trail and loggers from NewLogger find it; a
//     client's own X-Request-ID, when ValidRequestID says so, is kept apart as the client's
//     request id (problem.WithClientRequestID), which the logs name beside the server's,
//     and never taken for the request's: any client may send someone else's;
//   - counts the request in http_requests_total (route, method, status class), times it in
//     http_request_duration_seconds (route) and holds it in http_requests_in_flight;
//   - logs one line "request" at Info with its method, route, status, body bytes,
//     duration and client, and never its path, query, headers or body, where tokens and
//     passwords travel.
//
// It returns an error when the metrics cannot be registered (such as twice in the same
// registry).
func Handler(h http.Handler, opts Options) (http.Handler, error) {
	var m *httpMetrics
	if opts.Registry != nil {
		var err error
		if m, err = newHTTPMetrics(opts.Registry); err != nil {
			return nil, err
		}
	}
	clientAddr := opts.ClientAddr
	if clientAddr == nil {
		clientAddr = remoteHost
	}
	log := opts.AccessLog
	line := accessLineOf(log)
	metrics := opts.Metrics
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		clientID := clientRequestID(r)
		// One allocation holds the recorder and the header's value.
		rec := &recorder{ResponseWriter: w}
		rec.idHeader[0] = id
		w.Header()[requestIDKey] = rec.idHeader[:]
		ctx := problem.WithRequestID(r.Context(), id)
		if clientID != "" {
			ctx = problem.WithClientRequestID(ctx, clientID)
		}
		r = r.WithContext(ctx)
		if m != nil {
			m.inFlight.Inc()
		}
		defer func() {
			end := time.Now() // the access line's time too: one clock read fewer
			elapsed := end.Sub(start)
			route := r.Pattern
			if route == "" {
				route = UnmatchedRoute
			}
			status := rec.status
			if status == 0 {
				// Nothing was written: net/http sends 200 after a handler that returns,
				// and drops the connection after one that panics.
				status = http.StatusOK
				if p := recover(); p != nil {
					status = http.StatusInternalServerError
					defer panic(p)
				}
			}
			if m != nil {
				m.inFlight.Dec()
				rm := m.route(route)
				rm.duration.Observe(elapsed.Seconds())
				m.count(rm, r.Method, status)
			}
			if log != nil {
				a := access{method: r.Method, route: route, status: status, bytes: rec.bytes,
					duration: elapsed, client: clientAddr(r), requestID: id, clientRequestID: clientID}
				if line == nil || !line.log(end, &a) {
					attrs := a.attrs()
					log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs[:]...)
				}
			}
		}()
		if metrics != nil && r.URL.Path == MetricsPath && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			r.Pattern = metricsRoute
			metrics.ServeHTTP(rec, r)
			return
		}
		h.ServeHTTP(rec, r)
	}), nil
}

// remoteHost is the host of r.RemoteAddr.
func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
