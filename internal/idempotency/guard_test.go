package idempotency_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/sqldb"
)

// fixture is a guard over a real key table in front of a handler that "creates" a row per
// run and answers as the body asks: {"status": N} sets the status.
type fixture struct {
	t     *testing.T
	store *idempotency.Store
	guard *idempotency.Guard
	runs  atomic.Int64
	clock time.Time
	mu    sync.Mutex
	// gate, when set, holds each run until it is closed.
	gate chan struct{}
	// started receives a value when a run begins.
	started chan struct{}
}

func newFixture(t *testing.T, d sqldb.Dialect) *fixture {
	db := dbtest.Open(t, d)
	for _, stmt := range idempotency.CreateTable(d, idempotency.DefaultTable) {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	store, err := idempotency.NewStore(db, idempotency.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, store: store, clock: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), started: make(chan struct{}, 8)}
	store.Now = func() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.clock }
	f.guard = idempotency.NewGuard(store, slog.New(slog.DiscardHandler), 4<<20)
	return f
}

func (f *fixture) advance(d time.Duration) { f.mu.Lock(); f.clock = f.clock.Add(d); f.mu.Unlock() }

func (f *fixture) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := f.runs.Add(1)
		f.started <- struct{}{}
		if f.gate != nil {
			<-f.gate
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var in struct{ Status int }
		_ = json.Unmarshal(body, &in)
		if in.Status == 0 {
			in.Status = http.StatusCreated
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Location", fmt.Sprintf("/things/%d", n))
		w.Header().Set("ETag", fmt.Sprintf(`"v%d"`, n))
		w.Header().Set("X-Not-Kept", "x")
		w.WriteHeader(in.Status)
		fmt.Fprintf(w, `{"id":%d,"bytes":%d}`, n, len(body))
	})
}

func (f *fixture) do(scope, key, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/things", strings.NewReader(body))
	if key != "" {
		req.Header.Set(idempotency.Header, key)
	}
	rec := httptest.NewRecorder()
	f.guard.Serve(rec, req, scope, f.handler())
	return rec
}

func TestGuard(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			t.Run("Replay", func(t *testing.T) {
				f := newFixture(t, d)
				first := f.do("s", `"abc-1"`, `{"name":"x"}`)
				again := f.do("s", `"abc-1"`, `{"name":"x"}`)
				if first.Code != 201 || again.Code != 201 {
					t.Fatalf("statuses %d, %d; want 201 twice", first.Code, again.Code)
				}
				if again.Body.String() != first.Body.String() {
					t.Errorf("replayed body %s, want %s", again.Body, first.Body)
				}
				for _, h := range []string{"Location", "ETag", "Content-Type"} {
					if again.Header().Get(h) != first.Header().Get(h) {
						t.Errorf("replayed %s %q, want %q", h, again.Header().Get(h), first.Header().Get(h))
					}
				}
				if again.Header().Get("X-Not-Kept") != "" || again.Header().Get(idempotency.ReplayedHeader) != "true" {
					t.Errorf("replay headers %v", again.Header())
				}
				if first.Header().Get(idempotency.ReplayedHeader) != "" {
					t.Error("first response marked as replayed")
				}
				// The unquoted form of the same key names the same request.
				if bare := f.do("s", "abc-1", `{"name":"x"}`); bare.Body.String() != first.Body.String() {
					t.Errorf("unquoted key: %s, want the replay %s", bare.Body, first.Body)
				}
				if n := f.runs.Load(); n != 1 {
					t.Errorf("handler ran %d times, want 1", n)
				}
			})
			t.Run("NoKeyRunsEveryTime", func(t *testing.T) {
				f := newFixture(t, d)
				f.do("s", "", `{}`)
				f.do("s", "", `{}`)
				if n := f.runs.Load(); n != 2 {
					t.Errorf("handler ran %d times, want 2", n)
				}
			})
			t.Run("OtherBodyIs422", func(t *testing.T) {
				f := newFixture(t, d)
				f.do("s", "k", `{"name":"x"}`)
				rec := f.do("s", "k", `{"name":"y"}`)
				if rec.Code != http.StatusUnprocessableEntity || rec.Header().Get("Content-Type") != "application/problem+json" {
					t.Errorf("got %d %s, want 422 problem", rec.Code, rec.Body)
				}
				if n := f.runs.Load(); n != 1 {
					t.Errorf("handler ran %d times, want 1", n)
				}
			})
			t.Run("ScopesAreIndependent", func(t *testing.T) {
				f := newFixture(t, d)
				a := f.do("member 1", "k", `{}`)
				b := f.do("member 2", "k", `{}`)
				c := f.do("member 2", "k", `{"other":1}`)
				if a.Code != 201 || b.Code != 201 || a.Body.String() == b.Body.String() {
					t.Errorf("two scopes: %d %s, %d %s; want two creations", a.Code, a.Body, b.Code, b.Body)
				}
				if c.Code != 422 {
					t.Errorf("second scope, other body: %d, want 422", c.Code)
				}
			})
			t.Run("ConcurrentRetryIs409", func(t *testing.T) {
				f := newFixture(t, d)
				f.gate = make(chan struct{})
				done := make(chan *httptest.ResponseRecorder)
				go func() { done <- f.do("s", "k", `{}`) }()
				<-f.started
				if rec := f.do("s", "k", `{}`); rec.Code != http.StatusConflict {
					t.Errorf("retry while running: %d %s, want 409", rec.Code, rec.Body)
				}
				close(f.gate)
				if rec := <-done; rec.Code != 201 {
					t.Errorf("first request: %d", rec.Code)
				}
				if rec := f.do("s", "k", `{}`); rec.Code != 201 || rec.Header().Get(idempotency.ReplayedHeader) != "true" {
					t.Errorf("retry after: %d, want the replayed 201", rec.Code)
				}
			})
			t.Run("ManyAtOnceRunOnce", func(t *testing.T) {
				f := newFixture(t, d)
				f.started = make(chan struct{}, 32)
				var wg sync.WaitGroup
				codes := make(chan int, 16)
				for range 16 {
					wg.Go(func() { codes <- f.do("s", "same", `{}`).Code })
				}
				wg.Wait()
				close(codes)
				for c := range codes {
					if c != 201 && c != 409 {
						t.Errorf("status %d, want 201 or 409", c)
					}
				}
				if n := f.runs.Load(); n != 1 {
					t.Errorf("handler ran %d times, want 1", n)
				}
			})
			t.Run("Expiry", func(t *testing.T) {
				f := newFixture(t, d)
				f.do("s", "k", `{}`)
				f.advance(idempotency.TTL - time.Second)
				if rec := f.do("s", "k", `{}`); rec.Header().Get(idempotency.ReplayedHeader) != "true" {
					t.Error("key forgotten before its TTL")
				}
				f.advance(time.Second)
				if rec := f.do("s", "k", `{"new":1}`); rec.Code != 201 || rec.Header().Get(idempotency.ReplayedHeader) != "" {
					t.Errorf("after TTL: %d %v, want a new run", rec.Code, rec.Header())
				}
				if n := f.runs.Load(); n != 2 {
					t.Errorf("handler ran %d times, want 2", n)
				}
				f.do("s", "other", `{}`)
				f.advance(idempotency.TTL)
				n, err := f.store.Prune(t.Context())
				if err != nil || n != 2 {
					t.Errorf("prune deleted %d (%v), want 2", n, err)
				}
			})
			t.Run("ClientErrorIsKept", func(t *testing.T) {
				f := newFixture(t, d)
				first := f.do("s", "k", `{"status":422}`)
				again := f.do("s", "k", `{"status":422}`)
				if first.Code != 422 || again.Code != 422 || again.Header().Get(idempotency.ReplayedHeader) != "true" {
					t.Errorf("got %d then %d, want 422 then the replayed 422", first.Code, again.Code)
				}
			})
			for _, status := range []int{500, 503, 429} {
				t.Run(fmt.Sprintf("Status%dReleasesKey", status), func(t *testing.T) {
					f := newFixture(t, d)
					body := fmt.Sprintf(`{"status":%d}`, status)
					f.do("s", "k", body)
					if rec := f.do("s", "k", body); rec.Code != status || rec.Header().Get(idempotency.ReplayedHeader) != "" {
						t.Errorf("retry: %d replayed=%q, want a new run", rec.Code, rec.Header().Get(idempotency.ReplayedHeader))
					}
					if n := f.runs.Load(); n != 2 {
						t.Errorf("handler ran %d times, want 2", n)
					}
				})
			}
			t.Run("PanicReleasesKey", func(t *testing.T) {
				f := newFixture(t, d)
				req := httptest.NewRequest("POST", "/things", strings.NewReader("{}"))
				req.Header.Set(idempotency.Header, "k")
				func() {
					defer func() { _ = recover() }()
					f.guard.Serve(httptest.NewRecorder(), req, "s", http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
				}()
				if rec := f.do("s", "k", `{}`); rec.Code != 201 {
					t.Errorf("after a panic: %d, want a new run", rec.Code)
				}
			})
			t.Run("AbandonedClaimIsTakenOver", func(t *testing.T) {
				f := newFixture(t, d)
				if _, _, err := f.store.Claim(t.Context(), "h", "r"); err != nil {
					t.Fatal(err)
				}
				if st, _, _ := f.store.Claim(t.Context(), "h", "r"); st != idempotency.InProgress {
					t.Errorf("fresh claim: state %v, want InProgress", st)
				}
				f.advance(idempotency.Abandoned)
				if st, _, _ := f.store.Claim(t.Context(), "h", "r"); st != idempotency.Claimed {
					t.Errorf("abandoned claim: state %v, want Claimed", st)
				}
			})
			t.Run("LargeBodyIsHashedNotKept", func(t *testing.T) {
				f := newFixture(t, d)
				big := strings.Repeat("a", 3<<20)
				first := f.do("s", "k", big)
				again := f.do("s", "k", big)
				other := f.do("s", "k", big[:len(big)-1]+"b")
				if first.Code != 201 || !strings.Contains(first.Body.String(), fmt.Sprintf(`"bytes":%d`, len(big))) {
					t.Errorf("first: %d %s; the handler must see the whole body", first.Code, first.Body)
				}
				if again.Header().Get(idempotency.ReplayedHeader) != "true" || other.Code != 422 {
					t.Errorf("same body: replayed=%q; other body: %d (want 422)", again.Header().Get(idempotency.ReplayedHeader), other.Code)
				}
			})
			t.Run("TooLargeBodyPassesThrough", func(t *testing.T) {
				f := newFixture(t, d)
				big := strings.Repeat("a", 5<<20)
				rec := f.do("s", "k", big)
				if !strings.Contains(rec.Body.String(), fmt.Sprintf(`"bytes":%d`, len(big))) {
					t.Errorf("handler saw %s, want the whole body", rec.Body)
				}
			})
		})
	}
}

func TestGuard_MalformedKeys(t *testing.T) {
	f := newFixture(t, sqldb.SQLite)
	for name, key := range map[string]string{
		"empty":           `""`,
		"too long":        strings.Repeat("k", idempotency.MaxKey+1),
		"too long quoted": `"` + strings.Repeat("k", idempotency.MaxKey+1) + `"`,
		"control":         "a\x01b",
		"non-ASCII":       "schlüssel",
		"stray quote":     `"a"b"`,
		"bad escape":      `"a\nb"`,
	} {
		t.Run(name, func(t *testing.T) {
			if rec := f.do("s", key, `{}`); rec.Code != http.StatusBadRequest {
				t.Errorf("key %q: %d, want 400", key, rec.Code)
			}
		})
	}
	t.Run("twice", func(t *testing.T) {
		req := httptest.NewRequest("POST", "/things", bytes.NewReader(nil))
		req.Header.Add(idempotency.Header, "a")
		req.Header.Add(idempotency.Header, "b")
		rec := httptest.NewRecorder()
		f.guard.Serve(rec, req, "s", f.handler())
		if rec.Code != http.StatusBadRequest {
			t.Errorf("two headers: %d, want 400", rec.Code)
		}
	})
	if n := f.runs.Load(); n != 0 {
		t.Errorf("handler ran %d times for malformed keys", n)
	}
	if rec := f.do("s", strings.Repeat("k", idempotency.MaxKey), `{}`); rec.Code != 201 {
		t.Errorf("a 255-character key: %d, want 201", rec.Code)
	}
}
