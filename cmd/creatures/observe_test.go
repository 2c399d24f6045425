package main

import (
	"encoding/json"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/openapitest"
	"campus.example/apps/internal/servicetest"
	"campus.example/apps/internal/sqldb"
)

// dbEnv returns the environment that points run at a fresh database of dialect d.
func dbEnv(t *testing.T, d sqldb.Dialect) map[string]string {
	t.Helper()
	if d == sqldb.SQLite {
		return map[string]string{"CREATURES_DB": "sqlite:" + filepath.Join(t.TempDir(), "creatures.db")}
	}
	cfg := dbtest.MariaDB(t).Source().MySQL
	if cfg.Net == "unix" {
		return map[string]string{"CREATURES_DB": "mysql://" + cfg.User + "@/" + cfg.DBName + "?socket=" + cfg.Addr}
	}
	return map[string]string{"CREATURES_DB": "mysql://" + cfg.User + "@" + cfg.Addr + "/" + cfg.DBName, "CREATURES_DB_PASSWORD": cfg.Passwd}
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
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
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func parseMetrics(t *testing.T, body []byte) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("metrics do not parse: %v", err)
	}
	return fams
}

// series returns the value of each counter or gauge of a family by its labels, written
// name=value,... in the labels' sorted order.
func series(f *dto.MetricFamily) map[string]float64 {
	out := map[string]float64{}
	for _, m := range f.GetMetric() {
		var parts []string
		for _, l := range m.GetLabel() {
			parts = append(parts, l.GetName()+"="+l.GetValue())
		}
		v := m.GetCounter().GetValue() + m.GetGauge().GetValue()
		out[strings.Join(parts, ",")] = v
	}
	return out
}

// TestRun_Observability runs the service as main does, with JSON logs, on each database:
// /metrics counts the requests by route pattern and shows the pool, every log line of a
// request names its id, and each request has one access line.
func TestRun_Observability(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0", "-log-format", "json"}, dbEnv(t, d))
			for i := range 5 {
				get(t, svc.URL+"/creatures/"+string(rune('1'+i)), nil)
			}
			res, body := get(t, svc.URL+"/creatures/abc", map[string]string{"X-Request-ID": "client-id-1"})
			var doc struct {
				RequestID string `json:"request_id"`
			}
			// The id is the server's own: a client's X-Request-ID is only logged beside it.
			if id := res.Header.Get("X-Request-ID"); json.Unmarshal(body, &doc) != nil || res.StatusCode != 400 || doc.RequestID != id || id == "client-id-1" || id == "" {
				t.Errorf("bad id: %d, request_id %q, header %q", res.StatusCode, doc.RequestID, res.Header.Get("X-Request-ID"))
			}
			for i := range 20 {
				get(t, svc.URL+"/no/such/path/"+strings.Repeat("x", i), nil)
			}
			checkOpenAPI(t, "/creatures/abc", res, body)
			res, body = get(t, svc.URL+"/metrics", nil)
			checkOpenAPI(t, "/metrics", res, body)
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
				t.Fatalf("GET /metrics: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
			fams := parseMetrics(t, body)
			byRoute := map[string]float64{}
			for labels, v := range series(fams["http_requests_total"]) {
				for part := range strings.SplitSeq(labels, ",") {
					if route, ok := strings.CutPrefix(part, "route="); ok {
						byRoute[route] += v
					}
				}
			}
			// /healthz was polled by Start until it answered.
			if byRoute["GET /creatures/{id}"] != 6 || byRoute["/"] != 20 || byRoute["GET /healthz"] < 1 || len(byRoute) != 3 {
				t.Errorf("requests by route: %v", byRoute)
			}
			if v, ok := series(fams["go_sql_max_open_connections"])["db_name=creatures"]; !ok || v < 1 {
				t.Errorf("pool metrics: %v", series(fams["go_sql_max_open_connections"]))
			}
			if err := svc.Stop(t); err != nil {
				t.Fatal(err)
			}
			access := 0
			for line := range strings.Lines(svc.Logs.String()) {
				var l map[string]any
				if err := json.Unmarshal([]byte(line), &l); err != nil {
					t.Fatalf("log line is not JSON: %q", line)
				}
				if l["msg"] == "request" {
					access++
					if id, _ := l["request_id"].(string); id == "" || l["route"] == nil || l["status"] == nil {
						t.Errorf("access line without id, route or status: %v", l)
					}
				}
			}
			if access < 27 {
				t.Errorf("%d access lines for at least 27 requests", access)
			}
		})
	}
}

// checkOpenAPI validates an answer to GET path against openapi.json.
func checkOpenAPI(t *testing.T, path string, res *http.Response, body []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	maps.Copy(rec.Header(), res.Header)
	rec.WriteHeader(res.StatusCode)
	_, _ = rec.Write(body)
	openapitest.New(t, creatures.OpenAPI).Check(t, httptest.NewRequest("GET", path, nil), rec)
}

// freeAddr returns a loopback address with a port that was free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestRun_MetricsAddr: with -metrics-addr, the metrics move to a listener of their own,
// which serves nothing else, and the public listener no longer has them.
func TestRun_MetricsAddr(t *testing.T) {
	env := dbEnv(t, sqldb.SQLite)
	metricsAddr := freeAddr(t)
	env["CREATURES_METRICS_ADDR"] = metricsAddr
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, env)
	get(t, svc.URL+"/creatures/1", nil)
	if res, _ := get(t, svc.URL+"/metrics", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("public GET /metrics: %d, want 404", res.StatusCode)
	}
	res, body := get(t, "http://"+metricsAddr+"/metrics", nil)
	if res.StatusCode != 200 {
		t.Fatalf("metrics listener: %d", res.StatusCode)
	}
	if v := series(parseMetrics(t, body)["http_requests_total"])["code=2xx,method=GET,route=GET /creatures/{id}"]; v != 1 {
		t.Errorf("GET /creatures/{id} counted %v times on the metrics listener, want 1", v)
	}
	if res, _ := get(t, "http://"+metricsAddr+"/creatures/1", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("the metrics listener answers GET /creatures/1 with %d, want 404", res.StatusCode)
	}
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	if _, err := net.Dial("tcp", metricsAddr); err == nil {
		t.Error("the metrics listener is still open after shutdown")
	}
}

// TestRun_AccessLogOff: -access-log=false (here through its twin) keeps the other lines.
func TestRun_AccessLogOff(t *testing.T) {
	env := dbEnv(t, sqldb.SQLite)
	env["CREATURES_ACCESS_LOG"] = "false"
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, env)
	get(t, svc.URL+"/creatures/1", nil)
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	logs := svc.Logs.String()
	if strings.Contains(logs, "msg=request") || !strings.Contains(logs, "msg=listening") {
		t.Errorf("logs with the access log off:\n%s", logs)
	}
}

// TestRun_BadObservability: an unknown log format and a metrics address that cannot be
// bound stop the start with an error.
func TestRun_BadObservability(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, args := range [][]string{
		{"-log-format", "xml"},
		{"-metrics-addr", taken.Addr().String()},
	} {
		var out servicetest.SyncBuffer
		args = append(args, "-addr", "127.0.0.1:0", "-db", "sqlite:"+filepath.Join(t.TempDir(), "x.db"))
		if err := run(t.Context(), args, servicetest.Env(nil), &out, &out); err == nil {
			t.Errorf("run %v succeeded", args)
		}
	}
}
