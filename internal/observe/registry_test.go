package observe_test

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/observe"
)

// TestNewRegistry_DBStats: the pool's figures of a real database are served, labelled with
// its name, on every dialect.
func TestNewRegistry_DBStats(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			if err := db.PingContext(t.Context()); err != nil {
				t.Fatal(err)
			}
			reg := observe.NewRegistry(db.DB, "catalog")
			srv := httptest.NewServer(observe.MetricsHandler(reg))
			defer srv.Close()
			fams := scrape(t, srv.URL)
			for _, name := range []string{"go_sql_open_connections", "go_sql_max_open_connections", "go_sql_wait_count_total", "go_sql_in_use_connections"} {
				ms := fams[name].GetMetric()
				if len(ms) != 1 || labels(ms[0]) != "db_name=catalog" {
					t.Errorf("%s: %v, want one series labelled db_name=catalog", name, ms)
				}
			}
			if open := fams["go_sql_open_connections"].GetMetric(); len(open) == 1 && open[0].GetGauge().GetValue() < 1 {
				t.Errorf("go_sql_open_connections = %v after a ping", open[0].GetGauge().GetValue())
			}
		})
	}
}

// TestHandler_Streams: a handler that flushes through http.ResponseController (as the live
// event streams do) reaches the client before it returns, and is counted in flight until
// then.
func TestHandler_Streams(t *testing.T) {
	release := make(chan struct{})
	reg := observe.NewRegistry(nil, "")
	h, err := observe.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("data: first\n\n"))
		if err := http.NewResponseController(w).Flush(); err != nil {
			t.Errorf("flush: %v", err)
		}
		<-release
	}), observe.Options{Registry: reg, Metrics: observe.MetricsHandler(reg)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "data: first\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	fams := scrape(t, srv.URL+"/metrics")
	if g := fams["http_requests_in_flight"].GetMetric()[0].GetGauge().GetValue(); g != 2 {
		t.Errorf("in flight with a stream open and a scrape: %v, want 2", g)
	}
	close(release)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if g := scrape(t, srv.URL+"/metrics")["http_requests_in_flight"].GetMetric()[0].GetGauge().GetValue(); g == 1 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("the stream stayed in flight after it ended")
}
