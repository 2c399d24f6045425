package chessclub

import (
	"io"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/play/live"
	"campus.example/apps/internal/problem"
)

// clubMetrics are the Chess Club's own metrics, beside the request metrics of package
// observe. It is safe for concurrent use.
type clubMetrics struct {
	logins      *prometheus.CounterVec
	throttled   *prometheus.CounterVec
	uploads     *prometheus.CounterVec
	uploadBytes *prometheus.CounterVec
	hashWait    prometheus.Histogram
	decodeWait  prometheus.Histogram
}

// waitBuckets are the buckets of the queue waits, in seconds, up to the longest a request
// waits before it is refused (hashWait, photoWait).
var waitBuckets = []float64{0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// playGauges is what tournament play reports of itself: its live event streams and its view
// cache (play.Service).
type playGauges interface {
	// OpenStreams returns the streams open now.
	OpenStreams() int
	// RefusedStreams returns the streams refused so far for reason (live.RefusedServerFull,
	// live.RefusedClientLimit).
	RefusedStreams(reason string) uint64
	// ViewCache returns the bytes the view cache holds and its entries.
	ViewCache() (bytes int64, entries int)
}

// newClubMetrics registers the metrics in reg; play reports on the live event streams and the
// view cache.
func newClubMetrics(reg prometheus.Registerer, play playGauges) (*clubMetrics, error) {
	m := &clubMetrics{
		logins: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "chessclub_logins_total",
			Help: "Login attempts by outcome: success, wrong_credentials, throttled (the failed-login throttle's 429), busy (no password hashing slot), bad_request, error.",
		}, []string{"outcome"}),
		throttled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "chessclub_throttled_total",
			Help: "Requests refused by the login and registration throttle (429), by endpoint: login, register.",
		}, []string{"endpoint"}),
		uploads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "chessclub_photo_uploads_total",
			Help: "Photo uploads by outcome: stored, too_large, unsupported_media_type, invalid, malformed, busy, refused, error.",
		}, []string{"outcome"}),
		uploadBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "chessclub_photo_upload_bytes_total",
			Help: "Bytes of photo upload bodies read, by the upload's outcome.",
		}, []string{"outcome"}),
		hashWait: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "chessclub_argon2_wait_seconds",
			Help:    "Time a password hash waited for a hashing slot (at most 5 s, then 429).",
			Buckets: waitBuckets,
		}),
		decodeWait: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "chessclub_photo_decode_wait_seconds",
			Help:    "Time a photo decode waited for its share of the decode memory budget (at most 10 s, then 429).",
			Buckets: waitBuckets,
		}),
	}
	collectors := []prometheus.Collector{m.logins, m.throttled, m.uploads, m.uploadBytes, m.hashWait, m.decodeWait,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "chessclub_sse_streams_open",
			Help: "Live event streams (GET /api/tournaments/{id}/events) open now.",
		}, func() float64 { return float64(play.OpenStreams()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "chessclub_view_cache_bytes",
			Help: "Bytes the view cache holds (standings, rounds, crosstables, checks), at most -view-cache-bytes.",
		}, func() float64 { b, _ := play.ViewCache(); return float64(b) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "chessclub_view_cache_entries",
			Help: "Views the view cache holds.",
		}, func() float64 { _, n := play.ViewCache(); return float64(n) })}
	// The refusals are counted by package live, which knows nothing of Prometheus; one
	// counter per reason reads them.
	for _, reason := range []string{live.RefusedClientLimit, live.RefusedServerFull} {
		collectors = append(collectors, prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name:        "chessclub_sse_streams_refused_total",
			Help:        "Live event streams refused, by reason: client_limit (429, the client address holds its most), server_full (503).",
			ConstLabels: prometheus.Labels{"reason": reason},
		}, func() float64 { return float64(play.RefusedStreams(reason)) }))
	}
	for _, c := range collectors {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// countLogin wraps the login handler and counts each attempt by its outcome.
func (m *clubMetrics) countLogin(fn func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := fn(w, r)
		outcome := "success"
		if err != nil {
			outcome = m.refusal("login", err)
		}
		m.logins.WithLabelValues(outcome).Inc()
		return err
	}
}

// countRegistration wraps the registration handler to count its throttled requests.
func (m *clubMetrics) countRegistration(fn func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := fn(w, r)
		if err != nil {
			m.refusal("register", err)
		}
		return err
	}
}

// refusal names why a login or registration failed with err, counting a throttled one.
func (m *clubMetrics) refusal(endpoint string, err error) string {
	switch problem.KindOf(err) {
	case problem.Unauthorized:
		return "wrong_credentials"
	case problem.TooManyRequests:
		if auth.IsHashBusy(err) {
			return "busy"
		}
		m.throttled.WithLabelValues(endpoint).Inc()
		return "throttled"
	case problem.Malformed, problem.Invalid, problem.TooLarge, problem.UnsupportedMediaType:
		return "bad_request"
	}
	return "error"
}

// countUpload wraps the photo upload handler and counts each upload, and the bytes of its
// body that were read, by outcome.
func (m *clubMetrics) countUpload(fn func(http.ResponseWriter, *http.Request, api.Caller) error) func(http.ResponseWriter, *http.Request, api.Caller) error {
	return func(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
		body := &countingReader{ReadCloser: r.Body}
		r.Body = body
		err := fn(w, r, caller)
		outcome := uploadOutcome(err)
		m.uploads.WithLabelValues(outcome).Inc()
		m.uploadBytes.WithLabelValues(outcome).Add(float64(body.n))
		return err
	}
}

func uploadOutcome(err error) string {
	if err == nil {
		return "stored"
	}
	switch problem.KindOf(err) {
	case problem.TooLarge:
		return "too_large"
	case problem.UnsupportedMediaType:
		return "unsupported_media_type"
	case problem.Invalid:
		return "invalid"
	case problem.Malformed:
		return "malformed"
	case problem.TooManyRequests:
		return "busy"
	case problem.Unauthorized, problem.Forbidden, problem.NotFound:
		return "refused"
	}
	return "error"
}

// countingReader counts the bytes read through it.
type countingReader struct {
	io.ReadCloser
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n += int64(n)
	return n, err
}

// observeWait returns a function that records a wait in h.
func observeWait(h prometheus.Histogram) func(time.Duration) {
	return func(d time.Duration) { h.Observe(d.Seconds()) }
}
