package creatures_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestAPI_ListMatchesGet checks, on each database, that every object of the list is byte for
// byte what GET /creatures/{id} answers for the same creature. The list reads its rows as text
// with the timestamps formatted by the database, the single read parses them into time.Time:
// both must give the same JSON, for texts that need escaping, NULLs, an empty text stored by
// another program, and timestamps stored in another of the database's formats.
func TestAPI_ListMatchesGet(t *testing.T) {
	texts := []string{"Axolotl", "Ōkami 狼 🐉", `quote " and \ backslash`, "<b>&amp;</b>", "line\nbreak\ttab", "sep\u2028arator"}
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			store, err := creatures.NewStore(db, "creatures")
			if err != nil {
				t.Fatal(err)
			}
			when := time.Date(2026, 11, 24, 3, 4, 5, 0, time.UTC)
			store.Now = func() time.Time { return when }
			if err := store.Migrate(t.Context(), false); err != nil {
				t.Fatal(err)
			}
			for i, s := range texts {
				in := creatures.Input{Name: fmt.Sprintf("%s %d", s, i), Species: s, DangerLevel: i % 11}
				if i%2 == 0 {
					in.Habitat, in.Description = &texts[i], &texts[len(texts)-1-i]
				}
				if _, err := store.Create(t.Context(), in); err != nil {
					t.Fatal(err)
				}
			}
			// Written by another program: an empty habitat, and the timestamps in the form
			// SQLite's own datetime() writes (no offset) or a MariaDB literal.
			if _, err := db.ExecContext(t.Context(), "INSERT INTO creatures (name, name_key, species, habitat, danger_level, description, created_at, updated_at) "+
				"VALUES ('Other', 'other', 'Tool', '', 2, NULL, '2025-01-31 23:59:58', '2026-02-01 00:00:01')"); err != nil {
				t.Fatal(err)
			}
			list := checkListMatchesGet(t, creatures.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store), len(texts)+1, d)
			// Both read the row as text; Store.Get reads it the driver's way, into time.Time.
			for _, obj := range list {
				var c creatures.Creature
				if err := json.Unmarshal(obj, &c); err != nil {
					t.Fatal(err)
				}
				got, err := store.Get(t.Context(), c.ID)
				if err != nil {
					t.Fatal(err)
				}
				if want, _ := json.Marshal(got); !bytes.Equal(obj, want) {
					t.Errorf("creature %d\n list %s\n Get %s", c.ID, obj, want)
				}
			}
		})
	}
}

func checkListMatchesGet(t *testing.T, h http.Handler, want int, d sqldb.Dialect) []json.RawMessage {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/creatures", nil))
	var list []json.RawMessage
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("list: %d %v\n%s", rec.Code, err, rec.Body)
	}
	if len(list) != want {
		t.Fatalf("list has %d objects, want %d", len(list), want)
	}
	for _, obj := range list {
		var c creatures.Creature
		if err := json.Unmarshal(obj, &c); err != nil {
			t.Fatal(err)
		}
		one := httptest.NewRecorder()
		h.ServeHTTP(one, httptest.NewRequest("GET", fmt.Sprintf("/creatures/%d", c.ID), nil))
		if got := bytes.TrimSuffix(one.Body.Bytes(), []byte("\n")); !bytes.Equal(got, obj) {
			t.Errorf("%s: creature %d\nlist %s\n get %s", d, c.ID, obj, got)
		}
	}
	if list[len(list)-1] == nil || !bytes.Contains(list[len(list)-1], []byte(`"habitat":"","danger_level":2,"description":null,"created_at":"2025-01-31T23:59:58Z","updated_at":"2026-02-01T00:00:01Z"`)) {
		t.Errorf("the row written by another program lists as %s", list[len(list)-1])
	}
	return list
}
