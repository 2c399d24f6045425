package creatures_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/openapitest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Fixed times: the fixture's rows are created at t0, and requests run at t1.
var (
	t0 = time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	t1 = time.Date(2026, 3, 2, 17, 45, 10, 0, time.UTC)
)

func text(s string) *string { return &s }

// The fixture's rows, in id order.
var (
	axolotl = creatures.Creature{ID: 1, Name: "Axolotl", Species: "Ambystoma mexicanum", Habitat: text("Lake Xochimilco"),
		DangerLevel: 0, Description: text("Regrows limbs and gills."), CreatedAt: t0, UpdatedAt: t0}
	kraken = creatures.Creature{ID: 2, Name: "Kraken", Species: "Cephalopod", DangerLevel: 9, CreatedAt: t0, UpdatedAt: t0}
	okami  = creatures.Creature{ID: 3, Name: "Ōkami", Species: "Canis lupus", DangerLevel: 3,
		Description: text("Japanese wolf, extinct since 1905; 100% gone."), CreatedAt: t0, UpdatedAt: t0}
	fixtureRows = []creatures.Creature{axolotl, kraken, okami}
)

// fixture is one API over a fresh database of one dialect.
type fixture struct {
	t       testing.TB
	store   *creatures.Store
	db      *sqldb.DB
	handler http.Handler
	oapi    *openapitest.Validator
	mu      sync.Mutex
	now     time.Time
}

// newFixture returns an API over a new, empty database of dialect d, with a clock fixed at t0.
func newFixture(t testing.TB, d sqldb.Dialect) *fixture {
	t.Helper()
	db := dbtest.Open(t, d)
	store, err := creatures.NewStore(db, "creatures")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, db: db, store: store, now: t0, oapi: openapitest.New(t, creatures.OpenAPI)}
	store.Now = func() time.Time {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.now
	}
	if err := store.Migrate(t.Context(), false); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
	f.handler = creatures.NewServer(log, store)
	return f
}

// withRows fills the fixture with fixtureRows at t0 and moves the clock to t1. The cases name
// the rows by the ids of fixtureRows (1, 2, 3); a database that hands out other ids (a Galera
// cluster gives 1, 4, 7… through one node) has its rows renumbered to them, as a data load with
// explicit ids would number them.
func (f *fixture) withRows() *fixture {
	f.t.Helper()
	for _, c := range fixtureRows {
		in := creatures.Input{Name: c.Name, Species: c.Species, Habitat: c.Habitat, DangerLevel: c.DangerLevel, Description: c.Description}
		got, err := f.store.Create(f.t.Context(), in)
		if err != nil {
			f.t.Fatalf("fixture row %s: %v", c.Name, err)
		}
		if got.ID != c.ID {
			f.renumber(got.ID, c.ID)
		}
	}
	f.setNow(t1)
	return f
}

// renumber gives the row with id from the id to.
func (f *fixture) renumber(from, to int64) {
	f.t.Helper()
	if _, err := f.db.Exec("UPDATE creatures SET id = ? WHERE id = ?", to, from); err != nil {
		f.t.Fatalf("renumber fixture row %d as %d: %v", from, to, err)
	}
}

func (f *fixture) setNow(t time.Time) {
	f.mu.Lock()
	f.now = t
	f.mu.Unlock()
}

// do serves one request and checks the response against the OpenAPI document. headers are
// name, value pairs; a body is sent as application/json unless they set Content-Type.
func (f *fixture) do(method, path, body string, headers ...string) *httptest.ResponseRecorder {
	f.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			req.Header.Del(headers[i])
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if documented(path) && rec.Code != http.StatusMethodNotAllowed {
		f.oapi.Check(f.t, req, rec)
	}
	return rec
}

// documented reports whether the OpenAPI document describes path (unknown paths are tested
// for their 404 problem, which no document lists).
func documented(path string) bool {
	p := strings.SplitN(path, "?", 2)[0]
	return p == "/creatures" || strings.HasPrefix(p, "/creatures/") || p == "/healthz" || p == "/readyz" || p == "/openapi.json"
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %T from %q: %v", v, rec.Body.String(), err)
	}
	return v
}

// problemOf decodes a problem document, checking its media type and status member.
func problemOf(t *testing.T, rec *httptest.ResponseRecorder) problem.Document {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != problem.ContentType {
		t.Fatalf("Content-Type = %q, want %q; body %s", ct, problem.ContentType, rec.Body.String())
	}
	doc := decode[problem.Document](t, rec)
	if doc.Status != rec.Code || doc.Type == "" || doc.Title == "" {
		t.Errorf("problem document %+v does not match status %d", doc, rec.Code)
	}
	return doc
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
