package creatures_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/hostiletest"
)

// validCreature is a body every write endpoint accepts.
var validCreature = map[string]any{"name": "Hostile", "species": "Test", "habitat": "Lab", "danger_level": 1, "description": "A body to break."}

// hostileCases crosses the generic attacks of hostiletest with the catalog's endpoints and
// fields. Requests that may delete come last, so that the earlier ones find their targets.
func hostileCases(host string) []hostiletest.Case {
	jsonHeader := func(ct string) http.Header { return http.Header{"Content-Type": {ct}} }
	var cases []hostiletest.Case
	add := func(c hostiletest.Case) { cases = append(cases, c) }

	for _, ep := range []struct{ method, path, ct string }{
		{"POST", "/creatures", "application/json"},
		{"PUT", "/creatures/1", "application/json"},
		{"PATCH", "/creatures/1", "application/merge-patch+json"},
	} {
		for _, b := range hostiletest.MalformedJSON(validCreature, 1<<20) {
			add(hostiletest.Case{Name: ep.method + " " + b.Name, Method: ep.method, Path: ep.path, Header: jsonHeader(ep.ct), Body: b.Body})
		}
		for _, ct := range hostiletest.ContentTypes {
			add(hostiletest.Case{Name: fmt.Sprintf("%s with Content-Type %q", ep.method, ct), Method: ep.method, Path: ep.path,
				Header: jsonHeader(ct), Body: []byte(`{"name":"Typed","species":"Test"}`)})
		}
	}
	for i, inj := range hostiletest.Injections {
		for _, field := range []string{"name", "species", "habitat", "description"} {
			body := map[string]any{"name": fmt.Sprintf("Injected %d %s", i, field), "species": "Test", field: string(inj.Body)}
			add(hostiletest.Case{Name: fmt.Sprintf("%s in %s", inj.Name, field), Method: "POST", Path: "/creatures",
				Header: jsonHeader("application/json"), Body: mustJSON(body)})
		}
		add(hostiletest.Case{Name: inj.Name + " in species filter", Method: "GET", Path: "/creatures?species=" + queryEscape(inj.Body)})
		add(hostiletest.Case{Name: inj.Name + " in q", Method: "GET", Path: "/creatures?q=" + queryEscape(inj.Body)})
		add(hostiletest.Case{Name: inj.Name + " in sort", Method: "GET", Path: "/creatures?sort=" + queryEscape(inj.Body)})
	}
	for _, q := range hostiletest.BadQueries {
		add(hostiletest.Case{Name: "list with " + q.Name, Method: "GET", Path: "/creatures?" + string(q.Body)})
		add(hostiletest.Case{Name: "get with " + q.Name, Method: "GET", Path: "/creatures/1?" + string(q.Body)})
	}
	for _, m := range hostiletest.Methods {
		add(hostiletest.Case{Name: m + " on the collection", Method: m, Path: "/creatures"})
		add(hostiletest.Case{Name: m + " on a creature", Method: m, Path: "/creatures/1"})
	}
	for _, p := range []string{"/", "/creatures/1/extra", "/admin", "/.env", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//creatures", "/creatures//1", "/CREATURES"} {
		add(hostiletest.Case{Name: "GET " + p, Method: "GET", Path: p})
	}
	for _, h := range []struct{ name, key, value string }{
		{"garbage If-Match", "If-Match", "garbage"},
		{"unterminated If-Match", "If-Match", `"abc`},
		{"huge If-Match", "If-Match", strings.Repeat(`"x",`, 2000)},
		{"weak If-Match", "If-Match", `W/"x"`},
	} {
		add(hostiletest.Case{Name: "PUT with " + h.name, Method: "PUT", Path: "/creatures/1",
			Header: http.Header{"Content-Type": {"application/json"}, h.key: {h.value}}, Body: mustJSON(validCreature)})
		add(hostiletest.Case{Name: "DELETE with " + h.name, Method: "DELETE", Path: "/creatures/1", Header: http.Header{h.key: {h.value}}})
	}
	add(hostiletest.Case{Name: "GET with garbage If-None-Match", Method: "GET", Path: "/creatures/1", Header: http.Header{"If-None-Match": {"garbage, \"\", W/"}}})
	for i, h := range hostiletest.CORSHeaders {
		add(hostiletest.Case{Name: fmt.Sprintf("CORS preflight %d", i), Method: "OPTIONS", Path: "/creatures", Header: h})
		add(hostiletest.Case{Name: fmt.Sprintf("cross-origin POST %d", i), Method: "POST", Path: "/creatures",
			Header: http.Header{"Origin": h["Origin"], "Content-Type": {"text/plain"}}, Body: []byte(`{"name":"Cross","species":"Origin"}`)})
	}
	for _, r := range hostiletest.RawRequests(host, "/creatures") {
		add(hostiletest.Case{Name: r.Name, Raw: string(r.Body)})
	}
	truncated := hostiletest.TruncatedBody(host, "/creatures")
	add(hostiletest.Case{Name: truncated.Name, Raw: string(truncated.Body), HalfClose: true})
	for _, p := range hostiletest.BadPaths("/creatures/") {
		add(hostiletest.Case{Name: "GET " + p.Name, Method: "GET", Path: string(p.Body)})
		add(hostiletest.Case{Name: "PATCH " + p.Name, Method: "PATCH", Path: string(p.Body),
			Header: jsonHeader("application/merge-patch+json"), Body: []byte(`{"danger_level":5}`)})
		add(hostiletest.Case{Name: "DELETE " + p.Name, Method: "DELETE", Path: string(p.Body)})
	}
	return cases
}

// TestHostileRequests sends every hostile case to the catalog on each database: no 5xx, no
// hang, problem documents for errors, and no data changed by a refused request.
func TestHostileRequests(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			store, err := creatures.NewStore(db, "creatures")
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Migrate(t.Context(), true); err != nil {
				t.Fatal(err)
			}
			base := hostiletest.Serve(t, creatures.NewServer(quietLog(t), store), nil)
			n := hostiletest.Run(t, base, hostileCases(strings.TrimPrefix(base, "http://")), hostiletest.Snapshot(t, db.DB, []string{"creatures"}))
			if n < 300 {
				t.Errorf("only %d hostile cases; the suite promises at least 300", n)
			}
			t.Logf("%s: %d hostile requests", d, n)
		})
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func queryEscape(b []byte) string { return url.QueryEscape(string(b)) }

// quietLog discards the server's log: the suite provokes thousands of refusals.
func quietLog(testing.TB) *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
