package creatures_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/idempotency"
)

// TestAPI_IdempotencyKey retries POST /creatures with one Idempotency-Key: one creature is
// made, every retry gets its 201 again, another body is 422, and the key expires after a day.
func TestAPI_IdempotencyKey(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d).withRows()
			const body = `{"name":"Nessie","species":"Plesiosaur"}`
			first := f.do("POST", "/creatures", body, "Idempotency-Key", `"retry-1"`)
			if first.Code != http.StatusCreated {
				t.Fatalf("first: %d %s", first.Code, first.Body)
			}
			again := f.do("POST", "/creatures", body, "Idempotency-Key", `"retry-1"`)
			if again.Code != http.StatusCreated || again.Body.String() != first.Body.String() ||
				again.Header().Get("Location") != first.Header().Get("Location") || again.Header().Get("ETag") != first.Header().Get("ETag") ||
				again.Header().Get(idempotency.ReplayedHeader) != "true" {
				t.Errorf("retry: %d %v %s; want the first 201 again", again.Code, again.Header(), again.Body)
			}
			if got := len(decode[[]creatures.Creature](t, f.do("GET", "/creatures", ""))); got != len(fixtureRows)+1 {
				t.Errorf("%d creatures after a retried create, want %d", got, len(fixtureRows)+1)
			}
			if rec := f.do("POST", "/creatures", `{"name":"Other","species":"X"}`, "Idempotency-Key", `"retry-1"`); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("same key, other body: %d, want 422", rec.Code)
			} else {
				problemOf(t, rec)
			}
			// Without a key, or with another, the same body is a new create: 409 for the name.
			if rec := f.do("POST", "/creatures", body); rec.Code != http.StatusConflict {
				t.Errorf("no key: %d, want 409 (name taken)", rec.Code)
			}
			// A refused create is kept too: its retry gets the same 409 without trying again.
			dup := f.do("POST", "/creatures", body, "Idempotency-Key", "retry-2")
			dupAgain := f.do("POST", "/creatures", body, "Idempotency-Key", "retry-2")
			if dup.Code != http.StatusConflict || dupAgain.Code != http.StatusConflict || dupAgain.Header().Get(idempotency.ReplayedHeader) != "true" {
				t.Errorf("kept 409: %d then %d (replayed %q)", dup.Code, dupAgain.Code, dupAgain.Header().Get(idempotency.ReplayedHeader))
			}
			if rec := f.do("POST", "/creatures", body, "Idempotency-Key", strings.Repeat("k", 256)); rec.Code != http.StatusBadRequest {
				t.Errorf("256-character key: %d, want 400", rec.Code)
			}
			// A day later the key is free again: the retry runs, and finds the name taken.
			f.setNow(t1.Add(idempotency.TTL))
			if rec := f.do("POST", "/creatures", body, "Idempotency-Key", `"retry-1"`); rec.Code != http.StatusConflict {
				t.Errorf("after expiry: %d, want a new run (409, name taken)", rec.Code)
			}
		})
	}
}

// TestAPI_IdempotencyKeyConcurrent sends one create with one key 12 times at once: exactly one
// creature is made, and every answer is its 201 or a 409 for a retry that came too early.
func TestAPI_IdempotencyKeyConcurrent(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d)
			var wg sync.WaitGroup
			codes := make(chan int, 12)
			for range 12 {
				wg.Go(func() {
					codes <- f.do("POST", "/creatures", `{"name":"Once","species":"X"}`, "Idempotency-Key", "same").Code
				})
			}
			wg.Wait()
			close(codes)
			for c := range codes {
				if c != http.StatusCreated && c != http.StatusConflict {
					t.Errorf("status %d, want 201 or 409", c)
				}
			}
			if got := len(decode[[]creatures.Creature](t, f.do("GET", "/creatures", ""))); got != 1 {
				t.Errorf("%d creatures, want 1", got)
			}
		})
	}
}
