package observe_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"campus.example/apps/internal/observe"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/servicetest"
)

// testServer is a service in miniature behind Handler: a ServeMux with a method pattern, a
// route that answers with a problem, and nothing else, so that other paths and methods
// reach no pattern.
func testServer(t *testing.T, format string) (*httptest.Server, *servicetest.SyncBuffer) {
	t.Helper()
	logs := &servicetest.SyncBuffer{}
	srv, _ := serverLoggingTo(t, logs, format)
	return srv, logs
}

// serverLoggingTo is testServer with its log (NewLogger's) written to w.
func serverLoggingTo(t *testing.T, w io.Writer, format string) (*httptest.Server, *slog.Logger) {
	t.Helper()
	log, err := observe.NewLogger(w, format)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "0" {
			problem.Write(w, r, log, problem.New(problem.NotFound, "There is no item 0."))
			return
		}
		log.InfoContext(r.Context(), "item read", "id", r.PathValue("id"))
		_, _ = io.WriteString(w, `{"id":"`+r.PathValue("id")+`"}`)
	})
	reg := observe.NewRegistry(nil, "")
	h, err := observe.Handler(mux, observe.Options{AccessLog: log, Registry: reg, Metrics: observe.MetricsHandler(reg)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, log
}

func send(t *testing.T, method, url string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// logLines decodes the JSON lines of logs.
func logLines(t *testing.T, logs string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for line := range strings.Lines(logs) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line is not JSON: %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// TestRequestID: every request gets an id of the server's own, new each time, whatever the
// client sends; a well-formed X-Request-ID of the client's is kept apart as its
// client_request_id in the logs, and any other is dropped. The answer's header, the problem
// document and every log line of the request name the server's id.
func TestRequestID(t *testing.T) {
	tests := []struct {
		name, sent string
		kept       bool
	}{
		{"uuid", "0b5c3c5e-8f3a-4c1e-9a51-3d9f2f1d6b7a", true},
		{"all allowed characters", "AZaz09._:-", true},
		{"128 characters", strings.Repeat("a", 128), true},
		{"none", "", false},
		{"129 characters", strings.Repeat("a", 129), false},
		{"space", "abc def", false},
		{"quote", `abc"def`, false},
		{"slash", "abc/def", false},
		{"non-ASCII", "abcé", false},
	}
	srv, logs := testServer(t, observe.FormatJSON)
	seen := map[string]bool{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(logs.String())
			header := map[string]string{}
			if tc.sent != "" {
				header["X-Request-ID"] = tc.sent
			}
			res := send(t, "GET", srv.URL+"/items/0", header)
			var doc problem.Document
			err := json.NewDecoder(res.Body).Decode(&doc)
			res.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			id := res.Header.Get("X-Request-ID")
			if id == tc.sent || !observe.ValidRequestID(id) || seen[id] {
				t.Errorf("X-Request-ID %q: the answer's id %q is not a new one of the server's", tc.sent, id)
			}
			seen[id] = true
			if doc.RequestID != id {
				t.Errorf("problem request_id %q, header %q", doc.RequestID, id)
			}
			lines := logLines(t, logs.String()[before:])
			if len(lines) == 0 {
				t.Fatal("nothing logged")
			}
			for _, l := range lines {
				if l["request_id"] != id {
					t.Errorf("log line %v does not name request %q", l, id)
				}
				client, named := l["client_request_id"]
				switch {
				case tc.kept && client != tc.sent:
					t.Errorf("log line %v does not name the client's id %q", l, tc.sent)
				case !tc.kept && named:
					t.Errorf("log line %v names a client id that was not well-formed", l)
				}
			}
		})
	}
}

// TestAccessLog: one line per request with the documented fields; the route is the
// pattern, and the path (with its id and query) appears nowhere.
func TestAccessLog(t *testing.T) {
	srv, logs := testServer(t, observe.FormatJSON)
	res := send(t, "GET", srv.URL+"/items/secret-id-7?token=secret-query", map[string]string{"Authorization": "Bearer secret-token", "X-Request-ID": "req-1"})
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var access map[string]any
	for _, l := range logLines(t, logs.String()) {
		if l["msg"] == "request" {
			if access != nil {
				t.Fatalf("two access lines for one request: %s", logs.String())
			}
			access = l
		}
	}
	if access == nil {
		t.Fatalf("no access line: %s", logs.String())
	}
	want := map[string]any{"level": "INFO", "msg": "request", "method": "GET", "route": "GET /items/{id}",
		"status": 200.0, "bytes": float64(len(body)), "client": "127.0.0.1", "request_id": res.Header.Get("X-Request-ID"), "client_request_id": "req-1"}
	for k, v := range want {
		if access[k] != v {
			t.Errorf("%s = %v, want %v", k, access[k], v)
		}
	}
	if _, ok := access["time"].(string); !ok {
		t.Errorf("time missing: %v", access)
	}
	if d, ok := access["duration"].(float64); !ok || d <= 0 {
		t.Errorf("duration %v, want positive nanoseconds", access["duration"])
	}
	if len(access) != len(want)+2 {
		t.Errorf("unexpected fields in %v", access)
	}
	for _, secret := range []string{"secret-query", "secret-token", "Bearer"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("log holds %q:\n%s", secret, logs.String())
		}
	}
}

// TestAccessLog_Text: the default format is text with the same fields.
func TestAccessLog_Text(t *testing.T) {
	srv, logs := testServer(t, observe.FormatText)
	send(t, "GET", srv.URL+"/items/3", map[string]string{"X-Request-ID": "req-2"}).Body.Close()
	for _, field := range []string{"msg=request", "method=GET", `route="GET /items/{id}"`, "status=200", "bytes=", "duration=", "client=127.0.0.1", "request_id=", "client_request_id=req-2"} {
		if !strings.Contains(logs.String(), field) {
			t.Errorf("text log lacks %s:\n%s", field, logs.String())
		}
	}
}

func TestNewLogger_UnknownFormat(t *testing.T) {
	if _, err := observe.NewLogger(io.Discard, "xml"); err == nil {
		t.Error("NewLogger accepted the format xml")
	}
}

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

// labels renders the labels of m as a=b,c=d in their (sorted) order.
func labels(m *dto.Metric) string {
	var b bytes.Buffer
	for i, l := range m.GetLabel() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(l.GetName() + "=" + l.GetValue())
	}
	return b.String()
}

// TestMetrics: requests are counted by route pattern, method and status class, and timed
// by route; paths and methods that no pattern knows share fixed labels, however many.
func TestMetrics(t *testing.T) {
	srv, _ := testServer(t, observe.FormatText)
	for i := range 30 {
		send(t, "GET", srv.URL+"/items/"+string(rune('a'+i%26))+"x", nil).Body.Close()
		send(t, "GET", srv.URL+"/made/up/"+strings.Repeat("z", i+1), nil).Body.Close()
		send(t, "BREW"+strings.Repeat("X", i), srv.URL+"/items/1", nil).Body.Close()
	}
	send(t, "GET", srv.URL+"/items/0", nil).Body.Close()
	send(t, "DELETE", srv.URL+"/items/1", nil).Body.Close()

	fams := scrape(t, srv.URL+"/metrics")
	got := map[string]float64{}
	for _, m := range fams["http_requests_total"].GetMetric() {
		got[labels(m)] = m.GetCounter().GetValue()
	}
	want := map[string]float64{
		"code=2xx,method=GET,route=GET /items/{id}": 30,
		"code=4xx,method=GET,route=GET /items/{id}": 1,
		"code=4xx,method=GET,route=unmatched":       30,
		"code=4xx,method=OTHER,route=unmatched":     30,
		"code=4xx,method=DELETE,route=unmatched":    1,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("http_requests_total{%s} = %v, want %v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("http_requests_total has series %v, want only %v", got, want)
	}
	routes := map[string]uint64{}
	for _, m := range fams["http_request_duration_seconds"].GetMetric() {
		routes[labels(m)] = m.GetHistogram().GetSampleCount()
	}
	wantRoutes := map[string]uint64{"route=GET /items/{id}": 31, "route=unmatched": 61}
	for k, v := range wantRoutes {
		if routes[k] != v {
			t.Errorf("http_request_duration_seconds{%s} count = %d, want %d", k, routes[k], v)
		}
	}
	if len(routes) != len(wantRoutes) {
		t.Errorf("http_request_duration_seconds has series %v", routes)
	}
	// The scrape itself is in flight while it is served.
	if g := fams["http_requests_in_flight"].GetMetric(); len(g) != 1 || g[0].GetGauge().GetValue() != 1 {
		t.Errorf("http_requests_in_flight = %v, want 1", g)
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "process_resident_memory_bytes"} {
		if fams[name] == nil {
			t.Errorf("metric %s missing", name)
		}
	}
	// The scrape before is counted under its own route.
	again := scrape(t, srv.URL+"/metrics")
	found := false
	for _, m := range again["http_requests_total"].GetMetric() {
		found = found || labels(m) == "code=2xx,method=GET,route=GET /metrics"
	}
	if !found {
		t.Error("the scrape is not counted under route GET /metrics")
	}
}

// TestHandler_TwiceInOneRegistry: the same registry cannot take the metrics of two servers,
// and says so rather than panicking.
func TestHandler_TwiceInOneRegistry(t *testing.T) {
	reg := observe.NewRegistry(nil, "")
	if _, err := observe.Handler(http.NotFoundHandler(), observe.Options{Registry: reg}); err != nil {
		t.Fatal(err)
	}
	if _, err := observe.Handler(http.NotFoundHandler(), observe.Options{Registry: reg}); err == nil {
		t.Error("a second Handler registered in the same registry")
	}
}
