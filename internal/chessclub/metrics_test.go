package chessclub_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// scrapeMetrics reads the server's /metrics through the API suite's request path (so the
// answer is checked against openapi.json too).
func scrapeMetrics(e *clubtest.Env) map[string]*dto.MetricFamily {
	e.T.Helper()
	res := e.MustDo(clubtest.Req{Method: "GET", Path: "/metrics"}, http.StatusOK)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(res.Body)))
	if err != nil {
		e.T.Fatalf("metrics do not parse: %v", err)
	}
	return fams
}

// value returns the counter, gauge or histogram count of family name whose labels are
// exactly labels (name=value pairs joined by commas, in sorted order); -1 when absent.
func value(fams map[string]*dto.MetricFamily, name, labels string) float64 {
	for _, m := range fams[name].GetMetric() {
		var parts []string
		for _, l := range m.GetLabel() {
			parts = append(parts, l.GetName()+"="+l.GetValue())
		}
		if strings.Join(parts, ",") != labels {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return -1
}

// TestMetrics_Club: logins are counted by outcome, throttled logins and registrations by
// endpoint, photo uploads by outcome with their bytes, and the queue waits of password
// hashes and photo decodes are timed.
func TestMetrics_Club(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, func(c *chessclub.Config) {
			c.Auth.Throttle = auth.ThrottleConfig{UserBurst: 2, UserRefill: time.Hour, AddrBurst: 100, AddrRefill: time.Second,
				RegisterBurst: 1, RegisterRefill: time.Hour}
		})
		e.Register("alice", "Alice Anand")
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: map[string]any{"username": "bob", "password": "password-bob", "full_name": "Bob"}}, http.StatusTooManyRequests)
		wrong := map[string]any{"username": "alice", "password": "not-alice-password"}
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: wrong}, http.StatusUnauthorized)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: wrong}, http.StatusUnauthorized)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: wrong}, http.StatusTooManyRequests)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/login", Body: `{"username": "alice"`, ContentType: "application/json"}, http.StatusBadRequest)

		photo := imagetest.SamplePNG(t, 40, 30, false)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: photo, ContentType: "image/png"}, http.StatusCreated)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: "not a photo", ContentType: "text/plain"}, http.StatusUnsupportedMediaType)

		fams := scrapeMetrics(e)
		for _, c := range []struct {
			name, labels string
			want         float64
		}{
			{"chessclub_logins_total", "outcome=success", 1},
			{"chessclub_logins_total", "outcome=wrong_credentials", 2},
			{"chessclub_logins_total", "outcome=throttled", 1},
			{"chessclub_logins_total", "outcome=bad_request", 1},
			{"chessclub_throttled_total", "endpoint=login", 1},
			{"chessclub_throttled_total", "endpoint=register", 1},
			{"chessclub_photo_uploads_total", "outcome=stored", 1},
			{"chessclub_photo_uploads_total", "outcome=unsupported_media_type", 1},
			{"chessclub_photo_upload_bytes_total", "outcome=stored", float64(len(photo))},
			// One hash to register and one per login that reached the check.
			{"chessclub_argon2_wait_seconds", "", 4},
			{"chessclub_photo_decode_wait_seconds", "", 1},
			{"chessclub_sse_streams_open", "", 0},
			{"http_requests_total", "code=4xx,method=POST,route=POST /api/login", 4},
			{"http_requests_total", "code=2xx,method=POST,route=POST /api/figures", 1},
		} {
			if got := value(fams, c.name, c.labels); got != c.want {
				t.Errorf("%s{%s} = %v, want %v", c.name, c.labels, got, c.want)
			}
		}
	})
}

// TestAccessLog_Client: the access log names the client as the login throttle does: the
// peer, unless the peer is a trusted proxy, whose X-Forwarded-For then names it.
func TestAccessLog_Client(t *testing.T) {
	proxies, err := auth.ParseTrustedProxies([]string{"10.0.0.0/8"})
	if err != nil {
		t.Fatal(err)
	}
	e := clubtest.New(t, sqldb.SQLite, func(c *chessclub.Config) { c.Auth.TrustedProxies = proxies })
	for _, tc := range []struct{ name, peer, forwarded, want string }{
		{"direct", "198.51.100.7:1234", "", "198.51.100.7"},
		{"untrusted peer's header ignored", "198.51.100.7:1234", "203.0.113.9", "198.51.100.7"},
		{"behind a trusted proxy", "10.1.2.3:443", "203.0.113.9", "203.0.113.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(e.Logs())
			h := map[string]string{"X-Request-ID": "client-" + strings.ReplaceAll(tc.name, " ", "-")}
			if tc.forwarded != "" {
				h["X-Forwarded-For"] = tc.forwarded
			}
			e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments", RemoteAddr: tc.peer, Header: h}, http.StatusOK)
			var line struct {
				Msg, Route, Client string
			}
			for l := range strings.Lines(e.Logs()[before:]) {
				if err := json.Unmarshal([]byte(l), &line); err != nil {
					t.Fatal(err)
				}
			}
			if line.Msg != "request" || line.Route != "GET /api/tournaments" || line.Client != tc.want {
				t.Errorf("access line %+v, want client %s", line, tc.want)
			}
		})
	}
}
