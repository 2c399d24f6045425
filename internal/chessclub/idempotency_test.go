package chessclub

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/sqldb"
)

// TestIdempotencyKey retries each creating POST with one Idempotency-Key.
func TestIdempotencyKey(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		replayed := func(r resp) bool { return r.header.Get(idempotency.ReplayedHeader) == "true" }

		t.Run("register", func(t *testing.T) {
			body := map[string]any{"username": "dora", "password": "password-dora", "full_name": "Dora Dvoretsky"}
			first := e.mustDo(req{method: "POST", path: "/api/user", body: body, header: key(`"reg-1"`)}, http.StatusCreated)
			again := e.mustDo(req{method: "POST", path: "/api/user", body: body, header: key(`"reg-1"`)}, http.StatusCreated)
			if string(again.body) != string(first.body) || again.header.Get("Location") != first.header.Get("Location") || !replayed(again) {
				t.Errorf("retry: %s %v; want the first 201 %s again", again.body, again.header, first.body)
			}
			// Without the key the same body is a second attempt, refused for the taken name.
			e.mustDo(req{method: "POST", path: "/api/user", body: body}, http.StatusConflict)
			other := map[string]any{"username": "eve", "password": "password-eve", "full_name": "Eve"}
			e.mustDo(req{method: "POST", path: "/api/user", body: other, header: key(`"reg-1"`)}, http.StatusUnprocessableEntity)
			e.mustDo(req{method: "POST", path: "/api/user", body: other, header: key(strings.Repeat("x", 256))}, http.StatusBadRequest)
		})

		t.Run("tournaments", func(t *testing.T) {
			body := map[string]any{"name": "Retry Open", "start_date": "2026-05-01"}
			a1 := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: body, header: key("t-1")}, http.StatusCreated)
			a2 := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: body, header: key("t-1")}, http.StatusCreated)
			// Another member's same key names another request: a second tournament.
			b1 := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "bob", body: body, header: key("t-1")}, http.StatusCreated)
			if string(a2.body) != string(a1.body) || a2.header.Get("ETag") != a1.header.Get("ETag") || !replayed(a2) {
				t.Errorf("alice's retry: %s, want %s again", a2.body, a1.body)
			}
			if replayed(b1) || b1.header.Get("Location") == a1.header.Get("Location") {
				t.Errorf("bob's request with alice's key was replayed: %s", b1.body)
			}
			var list []play.Tournament
			e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
			if len(list) != 2 {
				t.Errorf("%d tournaments, want 2 (one each for alice and bob)", len(list))
			}
			e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: map[string]any{"name": "Other", "start_date": "2026-05-01"}, header: key("t-1")}, http.StatusUnprocessableEntity)
			// A refusal is kept: the retry of an invalid create gets the same 422.
			bad := map[string]any{"name": "", "start_date": "2026-05-01"}
			e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: bad, header: key("t-2")}, http.StatusUnprocessableEntity)
			if r := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: bad, header: key("t-2")}, http.StatusUnprocessableEntity); !replayed(r) {
				t.Error("the retried 422 was not the kept one")
			}
			// Without a login there is no key to look up: 401, kept nowhere.
			e.mustDo(req{method: "POST", path: "/api/tournaments", body: body, header: key("t-1")}, http.StatusUnauthorized)
		})

		t.Run("figures", func(t *testing.T) {
			body, ct := multipartBody(t, "photo", testJPEG(t, 8, 8, false))
			var first, again Figure
			r1 := e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: body, contentType: ct, header: key("photo-1")}, http.StatusCreated)
			r2 := e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: body, contentType: ct, header: key("photo-1")}, http.StatusCreated)
			r1.decode(t, &first)
			r2.decode(t, &again)
			if first.ID != again.ID || !replayed(r2) {
				t.Errorf("retried upload stored photo %s, then %s; want the first again", first.ID, again.ID)
			}
			// The first photo is still bob's and still served: the retry replaced nothing.
			e.mustDo(req{method: "GET", path: first.URL}, http.StatusOK)
			other, ct2 := multipartBody(t, "photo", testJPEG(t, 9, 9, false))
			e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: other, contentType: ct2, header: key("photo-1")}, http.StatusUnprocessableEntity)
		})

		t.Run("concurrent", func(t *testing.T) {
			var wg sync.WaitGroup
			codes := make(chan int, 10)
			body := `{"name":"Race Cup","start_date":"2026-06-01"}`
			for range 10 {
				wg.Go(func() {
					codes <- e.do(req{method: "POST", path: "/api/tournaments", as: "carol", body: body, contentType: "application/json", header: key("race")}).status
				})
			}
			wg.Wait()
			close(codes)
			for c := range codes {
				if c != http.StatusCreated && c != http.StatusConflict {
					t.Errorf("status %d, want 201 or 409", c)
				}
			}
			var list []play.Tournament
			e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
			n := 0
			for _, tr := range list {
				if tr.Name == "Race Cup" {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d Race Cups, want 1", n)
			}
		})

		t.Run("expiry", func(t *testing.T) {
			body := map[string]any{"name": "Daily", "start_date": "2026-05-02"}
			r1 := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: body, header: key("daily")}, http.StatusCreated)
			e.clock.Add(idempotency.TTL)
			r2 := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: body, header: key("daily")}, http.StatusCreated)
			if replayed(r2) || r2.header.Get("Location") == r1.header.Get("Location") {
				t.Error("a key older than its TTL was replayed")
			}
		})
	})
}

// TestIdempotencyMigration keeps the migration files equal to the package's DDL.
func TestIdempotencyMigration(t *testing.T) {
	for _, d := range []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL} {
		ms, err := Migrations(d)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range ms {
			if m.Name == "idempotency_keys" {
				got = m.Statements
			}
		}
		diff(t, d.String(), got, idempotency.CreateTable(d, idempotency.DefaultTable))
	}
}
