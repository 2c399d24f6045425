package chessclub_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestIdempotencyKey retries each creating POST with one Idempotency-Key.
func TestIdempotencyKey(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		replayed := func(r clubtest.Resp) bool { return r.Header.Get(idempotency.ReplayedHeader) == "true" }

		t.Run("register", func(t *testing.T) {
			body := map[string]any{"username": "dora", "password": "password-dora", "full_name": "Dora Dvoretsky"}
			first := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: body, Header: key(`"reg-1"`)}, http.StatusCreated)
			again := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: body, Header: key(`"reg-1"`)}, http.StatusCreated)
			if string(again.Body) != string(first.Body) || again.Header.Get("Location") != first.Header.Get("Location") || !replayed(again) {
				t.Errorf("retry: %s %v; want the first 201 %s again", again.Body, again.Header, first.Body)
			}
			// Without the key the same body is a second attempt, refused for the taken name.
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: body}, http.StatusConflict)
			other := map[string]any{"username": "eve", "password": "password-eve", "full_name": "Eve"}
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: other, Header: key(`"reg-1"`)}, http.StatusUnprocessableEntity)
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: other, Header: key(strings.Repeat("x", 256))}, http.StatusBadRequest)
		})

		t.Run("tournaments", func(t *testing.T) {
			body := map[string]any{"name": "Retry Open", "start_date": "2026-05-01"}
			a1 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: body, Header: key("t-1")}, http.StatusCreated)
			a2 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: body, Header: key("t-1")}, http.StatusCreated)
			// Another member's same key names another request: a second tournament.
			b1 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "bob", Body: body, Header: key("t-1")}, http.StatusCreated)
			if string(a2.Body) != string(a1.Body) || a2.Header.Get("ETag") != a1.Header.Get("ETag") || !replayed(a2) {
				t.Errorf("alice's retry: %s, want %s again", a2.Body, a1.Body)
			}
			if replayed(b1) || b1.Header.Get("Location") == a1.Header.Get("Location") {
				t.Errorf("bob's request with alice's key was replayed: %s", b1.Body)
			}
			var list []tournament.Tournament
			e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
			if len(list) != 2 {
				t.Errorf("%d tournaments, want 2 (one each for alice and bob)", len(list))
			}
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: map[string]any{"name": "Other", "start_date": "2026-05-01"}, Header: key("t-1")}, http.StatusUnprocessableEntity)
			// A refusal is kept: the retry of an invalid create gets the same 422.
			bad := map[string]any{"name": "", "start_date": "2026-05-01"}
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: bad, Header: key("t-2")}, http.StatusUnprocessableEntity)
			if r := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: bad, Header: key("t-2")}, http.StatusUnprocessableEntity); !replayed(r) {
				t.Error("the retried 422 was not the kept one")
			}
			// Without a login there is no key to look up: 401, kept nowhere.
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", Body: body, Header: key("t-1")}, http.StatusUnauthorized)
		})

		t.Run("figures", func(t *testing.T) {
			body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, false))
			var first, again photos.Figure
			r1 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: body, ContentType: ct, Header: key("photo-1")}, http.StatusCreated)
			r2 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: body, ContentType: ct, Header: key("photo-1")}, http.StatusCreated)
			r1.Decode(t, &first)
			r2.Decode(t, &again)
			if first.ID != again.ID || !replayed(r2) {
				t.Errorf("retried upload stored photo %s, then %s; want the first again", first.ID, again.ID)
			}
			// The first photo is still bob's and still served: the retry replaced nothing.
			e.MustDo(clubtest.Req{Method: "GET", Path: first.URL}, http.StatusOK)
			other, ct2 := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 9, 9, false))
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: other, ContentType: ct2, Header: key("photo-1")}, http.StatusUnprocessableEntity)
		})

		t.Run("concurrent", func(t *testing.T) {
			var wg sync.WaitGroup
			codes := make(chan int, 10)
			body := `{"name":"Race Cup","start_date":"2026-06-01"}`
			for range 10 {
				wg.Go(func() {
					codes <- e.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "carol", Body: body, ContentType: "application/json", Header: key("race")}).Status
				})
			}
			wg.Wait()
			close(codes)
			for c := range codes {
				if c != http.StatusCreated && c != http.StatusConflict {
					t.Errorf("status %d, want 201 or 409", c)
				}
			}
			var list []tournament.Tournament
			e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
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
			r1 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: body, Header: key("daily")}, http.StatusCreated)
			e.Clock.Add(idempotency.TTL)
			r2 := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: body, Header: key("daily")}, http.StatusCreated)
			if replayed(r2) || r2.Header.Get("Location") == r1.Header.Get("Location") {
				t.Error("a key older than its TTL was replayed")
			}
		})
	})
}

// TestIdempotencyKeyImport retries a TRF import with one Idempotency-Key, in turn and all
// at once, on each database: the retry gets the first answer, the key with another file
// gets the 422 of the other creating POSTs, and one key makes one tournament however many
// requests carry it at once.
func TestIdempotencyKeyImport(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		// Slots for every simultaneous request, so that the key alone decides.
		e := clubtest.New(t, d, func(c *chessclub.Config) { c.Play.MaxImports = 16 }).WithMembers()
		key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
		file := func(name string) string {
			return "012 " + name + "\nXXR 1\n001    1      Anna Alpha\n001    2      Bert Beta\n"
		}
		imported := func(name string) int {
			var list []tournament.Tournament
			e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
			n := 0
			for _, tr := range list {
				if tr.Name == name {
					n++
				}
			}
			return n
		}
		req := func(as, body, k string) clubtest.Req {
			return clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: as, Body: body, ContentType: "text/plain", Header: key(k)}
		}

		first := e.MustDo(req("alice", file("Retry Open"), "imp-1"), http.StatusCreated)
		again := e.MustDo(req("alice", file("Retry Open"), "imp-1"), http.StatusCreated)
		if string(again.Body) != string(first.Body) || again.Header.Get("Location") != first.Header.Get("Location") ||
			again.Header.Get("ETag") != first.Header.Get("ETag") || again.Header.Get(idempotency.ReplayedHeader) != "true" {
			t.Errorf("retry: %s %v; want the first 201 %s again", again.Body, again.Header, first.Body)
		}
		e.MustDo(req("alice", file("Other Open"), "imp-1"), http.StatusUnprocessableEntity)
		if n := imported("Retry Open") + imported("Other Open"); n != 1 {
			t.Errorf("%d tournaments from one key, want 1", n)
		}
		// A refusal is kept like any answer: the retry of a bad file gets the same 422.
		e.MustDo(req("alice", "hello", "imp-2"), http.StatusUnprocessableEntity)
		if r := e.MustDo(req("alice", "hello", "imp-2"), http.StatusUnprocessableEntity); r.Header.Get(idempotency.ReplayedHeader) != "true" {
			t.Error("the retried 422 was not the kept one")
		}

		var wg sync.WaitGroup
		codes := make(chan int, 8)
		for range 8 {
			wg.Go(func() { codes <- e.Do(req("bob", file("Race Open"), "race")).Status })
		}
		wg.Wait()
		close(codes)
		for c := range codes {
			if c != http.StatusCreated && c != http.StatusConflict {
				t.Errorf("status %d, want 201 or 409", c)
			}
		}
		if n := imported("Race Open"); n != 1 {
			t.Errorf("%d tournaments from 8 simultaneous imports with one key, want 1", n)
		}
	})
}

// TestIdempotencyMigration keeps the migration files equal to the package's DDL.
func TestIdempotencyMigration(t *testing.T) {
	for _, d := range []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL} {
		ms, err := chessclub.Migrations(d)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range ms {
			if m.Name == "idempotency_keys" {
				got = m.Statements
			}
		}
		clubtest.Diff(t, d.String(), got, idempotency.CreateTable(d, idempotency.DefaultTable))
	}
}
