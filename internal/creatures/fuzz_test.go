package creatures_test

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"campus.example/apps/internal/sqldb"
)

// FuzzCreateAndList feeds arbitrary bodies to POST and PATCH and arbitrary query strings to
// the list: whatever comes in, the answer is a success or a 4xx problem, never a 5xx or a
// panic. Its seeds run with every `go test`; explore with
//
//	go test ./internal/creatures -run '^$' -fuzz FuzzCreateAndList -fuzztime 60s
func FuzzCreateAndList(f *testing.F) {
	for _, seed := range []struct{ body, query string }{
		{`{"name":"Nessie","species":"Plesiosaur"}`, "limit=10"},
		{`{"name":"","species":null,"danger_level":1e309}`, "sort=-name&q=%25"},
		{`{"name":"a","species":"b","danger_level":-0.0}`, "offset=99999999999999999999"},
		{`{"name":"\ud800","species":"b"}`, "species=%FF"},
		{`[]`, "q="},
		{`{"name":{"nested":true},"species":["x"]}`, "limit=1&limit=2"},
		{`{"name":"a","species":"b"}{"x":1}`, "sort=id%00"},
	} {
		f.Add(seed.body, seed.query)
	}
	fix := newFixture(f, sqldb.SQLite).withRows()
	f.Fuzz(func(t *testing.T, body, query string) {
		for _, req := range []struct{ method, path, ct string }{
			{"POST", "/creatures", "application/json"},
			{"PATCH", "/creatures/1", "application/merge-patch+json"},
			{"PUT", "/creatures/1", "application/json"},
		} {
			r := httptest.NewRequest(req.method, req.path, strings.NewReader(body))
			r.Header.Set("Content-Type", req.ct)
			rec := httptest.NewRecorder()
			fix.handler.ServeHTTP(rec, r)
			if rec.Code >= 500 {
				t.Fatalf("%s %s with %q: %d %s", req.method, req.path, body, rec.Code, rec.Body.String())
			}
		}
		r := httptest.NewRequest("GET", "/creatures", nil)
		r.URL.RawQuery = query
		if _, err := url.ParseQuery(query); err != nil {
			return // net/http would have rejected or mangled it before us
		}
		rec := httptest.NewRecorder()
		fix.handler.ServeHTTP(rec, r)
		if rec.Code >= 500 {
			t.Fatalf("GET /creatures?%s: %d %s", query, rec.Code, rec.Body.String())
		}
	})
}
