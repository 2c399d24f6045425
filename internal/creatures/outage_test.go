package creatures_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/openapitest"
	"campus.example/apps/internal/problem"
)

// TestAPI_DatabaseOutage cuts the catalog off from its MariaDB (a relay in front of the real
// server closes its port and every connection, as a stopped server would) and sends every endpoint
// a request: each is a 503 problem with Retry-After, never a 500. When the port opens again, the
// same server answers as before, without a restart.
func TestAPI_DatabaseOutage(t *testing.T) {
	store, relay := storeBehindRelay(t)
	var logs strings.Builder
	h := creatures.NewServer(slog.New(slog.NewTextHandler(&logs, nil)), store)
	oapi := openapitest.New(t, creatures.OpenAPI)
	do := func(method, path, body, contentType string) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		oapi.Check(t, r, rec)
		return rec
	}
	if rec := do("POST", "/creatures", `{"name":"Nessie","species":"Plesiosaur"}`, "application/json"); rec.Code != http.StatusCreated {
		t.Fatalf("create before the outage: %d %s", rec.Code, rec.Body.String())
	}

	relay.Cut()
	for _, tc := range []struct{ method, path, body, contentType string }{
		{"GET", "/creatures", "", ""},
		{"GET", "/creatures?limit=10&species=x", "", ""},
		{"GET", "/creatures/1", "", ""},
		{"POST", "/creatures", `{"name":"Kraken","species":"Cephalopod"}`, "application/json"},
		{"PUT", "/creatures/1", `{"name":"Nessie","species":"Plesiosaur"}`, "application/json"},
		{"PATCH", "/creatures/1", `{"danger_level":3}`, "application/merge-patch+json"},
		{"DELETE", "/creatures/1", "", ""},
	} {
		rec := do(tc.method, tc.path, tc.body, tc.contentType)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" {
			t.Errorf("%s %s during the outage: %d, Retry-After %q; want 503 and 5: %s", tc.method, tc.path, rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
			continue
		}
		doc := problemOf(t, rec)
		if doc.Type != problem.TypeBase+"unavailable" || strings.Contains(doc.Detail, "127.0.0.1") {
			t.Errorf("%s %s: problem %+v", tc.method, tc.path, doc)
		}
	}
	if rec := do("GET", "/readyz", "", ""); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("readyz during the outage: %d", rec.Code)
	}
	if !strings.Contains(logs.String(), "unavailable") {
		t.Errorf("the outage was not logged:\n%s", logs.String())
	}

	relay.Restore()
	if rec := do("GET", "/creatures/1", "", ""); rec.Code != http.StatusOK {
		t.Errorf("read after the outage: %d %s", rec.Code, rec.Body.String())
	}
	if rec := do("POST", "/creatures", `{"name":"Kraken","species":"Cephalopod"}`, "application/json"); rec.Code != http.StatusCreated {
		t.Errorf("write after the outage: %d %s", rec.Code, rec.Body.String())
	}
}

// TestAPI_DatabaseThatHangs stalls the catalog's MariaDB (connections stay open, nothing comes
// back) while point reads arrive alone and together: each is a 503 with Retry-After once the
// batch's time limit passes, not a request held for as long as the database hangs; once the
// database answers again, so does the catalog.
func TestAPI_DatabaseThatHangs(t *testing.T) {
	store, relay := storeBehindRelay(t)
	store.PointReadTimeout(300 * time.Millisecond)
	h := creatures.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store)
	get := func() *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/creatures/1", nil))
		return rec
	}
	if rec := get(); rec.Code != http.StatusNotFound {
		t.Fatalf("before the stall: %d %s", rec.Code, rec.Body.String())
	}

	relay.Stall()
	start := time.Now()
	codes := make(chan *httptest.ResponseRecorder, 6)
	for range cap(codes) {
		go func() { codes <- get() }()
	}
	for range cap(codes) {
		rec := <-codes
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("GET during the stall: %d, Retry-After %q: %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the reads took %v to fail", d)
	}

	relay.Restore()
	if rec := get(); rec.Code != http.StatusNotFound {
		t.Errorf("after the stall: %d %s", rec.Code, rec.Body.String())
	}
}

// storeBehindRelay returns a migrated, empty catalog store on a MariaDB reached through a
// relay that the test can cut or stall.
func storeBehindRelay(t *testing.T) (*creatures.Store, *dbtest.Relay) {
	t.Helper()
	db, relay := dbtest.MariaDBBehindRelay(t)
	store, err := creatures.NewStore(db, "creatures")
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	return store, relay
}
