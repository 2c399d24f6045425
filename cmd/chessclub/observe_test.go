package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"campus.example/apps/internal/servicetest"
)

// scrape reads and parses the metrics at url.
func scrape(t *testing.T, url string) map[string]*dto.MetricFamily {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("metrics do not parse: %v", err)
	}
	return fams
}

// metric returns the counter or gauge value, or histogram count, of the series of family
// name with exactly the labels given (name=value pairs in sorted order); -1 when absent.
func metric(fams map[string]*dto.MetricFamily, name, labels string) float64 {
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

func testPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 32, 24))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRun_ObservabilityAndSecrets runs the service as main does, with JSON logs and the
// metrics on a listener of their own, through a broad session: register, a wrong login, a
// login, the token's use, a photo upload, a live stream, a logout and a revoked token. Then
// the metrics say what happened, every log line is JSON, each request has one access line
// with its id, and no password or token appears in the logs.
func TestRun_ObservabilityAndSecrets(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := ln.Addr().String()
	ln.Close()
	env := map[string]string{"CHESSCLUB_DB": "sqlite:" + filepath.Join(dir, "club.db"), "CHESSCLUB_FIGURES": filepath.Join(dir, "figures"),
		"CHESSCLUB_LOG_FORMAT": "json", "CHESSCLUB_METRICS_ADDR": metricsAddr, "CHESSCLUB_MAX_STREAMS_PER_CLIENT": "1"}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, env)
	base := svc.URL
	const password, wrongPassword = "Ruy-Lopez-1.e4-e5", "Sicilian-1.e4-c5"

	if res := call(t, "POST", base+"/api/user", "", map[string]any{"username": "Hikaru", "password": password, "full_name": "Hikaru N"}, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	var wrong struct {
		RequestID string `json:"request_id"`
	}
	res := call(t, "POST", base+"/api/login", "", map[string]any{"username": "hikaru", "password": wrongPassword}, &wrong)
	if res.StatusCode != http.StatusUnauthorized || wrong.RequestID == "" || wrong.RequestID != res.Header.Get("X-Request-ID") {
		t.Errorf("wrong login: %d, request_id %q, X-Request-ID %q", res.StatusCode, wrong.RequestID, res.Header.Get("X-Request-ID"))
	}
	var sess struct {
		Token       string `json:"token"`
		DeviceToken string `json:"device_token"`
	}
	if res := call(t, "POST", base+"/api/login", "", map[string]any{"username": "hikaru", "password": password}, &sess); res.StatusCode != http.StatusOK || sess.Token == "" {
		t.Fatalf("login: %d", res.StatusCode)
	}
	if res := call(t, "GET", base+"/api/me", sess.Token, nil, nil); res.StatusCode != http.StatusOK {
		t.Errorf("me: %d", res.StatusCode)
	}
	photo := testPNG(t)
	req, _ := http.NewRequest("POST", base+"/api/figures", bytes.NewReader(photo))
	req.Header.Set("Content-Type", "image/png")
	req.Header.Set("Authorization", "Bearer "+sess.Token)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %v %v", res, err)
	} else {
		res.Body.Close()
	}
	var tour struct{ ID int64 }
	if res := call(t, "POST", base+"/api/tournaments", sess.Token, map[string]any{"name": "Metrics Open", "start_date": fromToday(3), "format": "swiss", "rounds": 5}, &tour); res.StatusCode != http.StatusCreated {
		t.Fatalf("create tournament: %d", res.StatusCode)
	}

	// A live stream flushes its first line through the middleware and counts as open.
	ctx, cancel := context.WithCancel(t.Context())
	sreq, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/tournaments/%d/events", base, tour.ID), nil)
	stream, err := http.DefaultClient.Do(sreq)
	if err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stream.Body).ReadString('\n'); err != nil || !strings.HasPrefix(line, "retry:") {
		t.Fatalf("stream's first line %q, %v", line, err)
	}
	// One stream is all this address may hold (CHESSCLUB_MAX_STREAMS_PER_CLIENT).
	second, err := http.Get(fmt.Sprintf("%s/api/tournaments/%d/events", base, tour.ID))
	if err != nil {
		t.Fatal(err)
	}
	second.Body.Close()
	if second.StatusCode != http.StatusTooManyRequests || second.Header.Get("Retry-After") == "" {
		t.Errorf("a second stream from the address: %d, Retry-After %q; want 429 with Retry-After", second.StatusCode, second.Header.Get("Retry-After"))
	}
	fams := scrape(t, "http://"+metricsAddr+"/metrics")
	if got := metric(fams, "chessclub_sse_streams_open", ""); got != 1 {
		t.Errorf("open streams %v, want 1", got)
	}
	if got := metric(fams, "chessclub_sse_streams_refused_total", "reason=client_limit"); got != 1 {
		t.Errorf("streams refused for the client's limit %v, want 1", got)
	}
	cancel()
	stream.Body.Close()

	if res := call(t, "POST", base+"/api/logout", sess.Token, nil, nil); res.StatusCode != http.StatusNoContent {
		t.Errorf("logout: %d", res.StatusCode)
	}
	if res := call(t, "GET", base+"/api/me", sess.Token, nil, nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("me after logout: %d", res.StatusCode)
	}

	fams = scrape(t, "http://"+metricsAddr+"/metrics")
	for _, c := range []struct {
		name, labels string
		want         float64
	}{
		{"chessclub_logins_total", "outcome=success", 1},
		{"chessclub_logins_total", "outcome=wrong_credentials", 1},
		{"chessclub_photo_uploads_total", "outcome=stored", 1},
		{"chessclub_photo_upload_bytes_total", "outcome=stored", float64(len(photo))},
		{"chessclub_argon2_wait_seconds", "", 3},
		{"chessclub_photo_decode_wait_seconds", "", 1},
		{"http_requests_total", "code=2xx,method=GET,route=GET /api/tournaments/{id}/events", 1},
		{"http_requests_total", "code=4xx,method=GET,route=GET /api/me", 1},
		{"http_requests_total", "code=2xx,method=POST,route=POST /api/login", 1},
	} {
		if got := metric(fams, c.name, c.labels); got != c.want {
			t.Errorf("%s{%s} = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
	if got := metric(fams, "go_sql_max_open_connections", "db_name=chessclub"); got < 1 {
		t.Errorf("pool metrics: go_sql_max_open_connections{db_name=chessclub} = %v", got)
	}
	// The public listener does not serve the metrics.
	if res := call(t, "GET", base+"/metrics", "", nil, nil); res.Header.Get("Content-Type") == "text/plain; version=0.0.4; charset=utf-8" {
		t.Error("the public listener serves /metrics although -metrics-addr is set")
	}

	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	logs := svc.Logs.String()
	for _, secret := range []string{password, wrongPassword, sess.Token, sess.DeviceToken, "Bearer", "Authorization"} {
		if secret != "" && strings.Contains(logs, secret) {
			t.Errorf("the logs hold %q", secret)
		}
	}
	access := 0
	for line := range strings.Lines(logs) {
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if l["msg"] != "request" {
			continue
		}
		access++
		for _, k := range []string{"time", "request_id", "method", "route", "status", "bytes", "duration", "client"} {
			if l[k] == nil {
				t.Errorf("access line without %s: %v", k, l)
			}
		}
		if l["client"] != "127.0.0.1" {
			t.Errorf("client %v, want 127.0.0.1", l["client"])
		}
	}
	if access < 10 {
		t.Errorf("%d access lines for at least 10 requests", access)
	}
}

// TestRun_StreamEndsAtShutdown: an open live stream, now behind the observing middleware,
// still ends when the server shuts down, and run returns in time.
func TestRun_StreamEndsAtShutdown(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"CHESSCLUB_DB": "sqlite:" + filepath.Join(dir, "club.db"), "CHESSCLUB_FIGURES": filepath.Join(dir, "figures"), "CHESSCLUB_ACCESS_LOG": "false"}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, env)
	token := memberToken(t, svc.URL, "streamer")
	var tour struct{ ID int64 }
	call(t, "POST", svc.URL+"/api/tournaments", token, map[string]any{"name": "Stream Cup", "start_date": fromToday(3), "format": "swiss", "rounds": 3}, &tour)
	stream, err := http.Get(fmt.Sprintf("%s/api/tournaments/%d/events", svc.URL, tour.ID))
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	start := time.Now()
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("shutdown with a stream open took %v", d)
	}
	_, _ = io.Copy(io.Discard, stream.Body)
	if strings.Contains(svc.Logs.String(), "msg=request") {
		t.Error("CHESSCLUB_ACCESS_LOG=false still logged requests")
	}
}
