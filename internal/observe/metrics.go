package observe

import (
	"database/sql"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// NewRegistry returns a registry of its own (never the process-wide default, so that
// several servers in one process, as in tests, do not clash) holding the Go runtime's and
// the process's metrics and, when db is not nil, the connection pool's (sql.DBStats,
// labelled db_name=dbName).
func NewRegistry(db *sql.DB, dbName string) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if db != nil {
		reg.MustRegister(collectors.NewDBStatsCollector(db, dbName))
	}
	return reg
}

// MetricsHandler serves the metrics of reg in Prometheus' text format (or another format
// the scraper asks for). A collector's failure is a 500 that names it, not a partial page.
func MetricsHandler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg, ErrorHandling: promhttp.HTTPErrorOnError})
}

// UnmatchedRoute is the route label of a request that no pattern of the service matched,
// so that paths made up by clients cannot add series.
const UnmatchedRoute = "unmatched"

// durationBuckets are the latency buckets, in seconds: from a point read served from a
// warm cache (well under a millisecond) to a photo upload from a slow phone.
var durationBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// methods are the method labels; any other method counts as "OTHER", so that made-up
// methods cannot add series either.
var methods = [...]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE", "OTHER"}

func methodIndex(m string) int {
	switch m {
	case http.MethodGet:
		return 0
	case http.MethodHead:
		return 1
	case http.MethodPost:
		return 2
	case http.MethodPut:
		return 3
	case http.MethodPatch:
		return 4
	case http.MethodDelete:
		return 5
	case http.MethodOptions:
		return 6
	case http.MethodConnect:
		return 7
	case http.MethodTrace:
		return 8
	}
	return len(methods) - 1
}

// classes are the status labels: net/http only sends codes from 100 to 999, and those
// above 599 count as "other".
var classes = [...]string{"1xx", "2xx", "3xx", "4xx", "5xx", "other"}

func classIndex(status int) int {
	if status < 100 || status > 599 {
		return len(classes) - 1
	}
	return status/100 - 1
}

// httpMetrics are the request metrics of one server. It is safe for concurrent use.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	// routes maps a route pattern to its *routeMetrics. Patterns are the fixed strings a
	// service registers (plus UnmatchedRoute), so it stays small.
	routes sync.Map
}

// routeMetrics holds a route's series, resolved once, so that a request costs no label
// hashing: the histogram at once, each counter when its method and class first occur (a
// counter that exists reads 0, and a route answers only a few of the 60 pairs).
type routeMetrics struct {
	route    string
	duration prometheus.Observer
	counts   [len(methods)][len(classes)]atomic.Pointer[prometheus.Counter]
}

func newHTTPMetrics(reg prometheus.Registerer) (*httpMetrics, error) {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status class.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_request_duration_seconds",
			Help:    "Time from a request's arrival to its handler's return, by route pattern.",
			Buckets: durationBuckets,
		}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "http_requests_in_flight",
			Help: "HTTP requests being served now.",
		}),
	}
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.inFlight} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// route returns the series of a route pattern.
func (m *httpMetrics) route(pattern string) *routeMetrics {
	if rm, ok := m.routes.Load(pattern); ok {
		return rm.(*routeMetrics)
	}
	rm, _ := m.routes.LoadOrStore(pattern, &routeMetrics{route: pattern, duration: m.duration.WithLabelValues(pattern)})
	return rm.(*routeMetrics)
}

// count adds a request of the given method and status to the route's counter.
func (m *httpMetrics) count(rm *routeMetrics, method string, status int) {
	slot := &rm.counts[methodIndex(method)][classIndex(status)]
	c := slot.Load()
	if c == nil {
		counter := m.requests.WithLabelValues(rm.route, methods[methodIndex(method)], classes[classIndex(status)])
		slot.Store(&counter)
		c = &counter
	}
	(*c).Inc()
}
