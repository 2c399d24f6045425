package creatures_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

const scriptPath = "../../creatures.sql"

// TestScript_CommittedFileIsCurrent keeps creatures.sql equal to what `creatures sql` prints.
func TestScript_CommittedFileIsCurrent(t *testing.T) {
	committed, err := os.ReadFile(scriptPath)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := creatures.WriteScript(&buf, creatures.DefaultDatabase, creatures.DefaultTable); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, buf.Bytes()) {
		t.Errorf("creatures.sql is stale; regenerate it with: go run ./cmd/creatures sql > creatures.sql")
	}
}

func TestScript_OtherNames(t *testing.T) {
	var buf bytes.Buffer
	if err := creatures.WriteScript(&buf, "zoo", "animals"); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	for _, want := range []string{"CREATE DATABASE IF NOT EXISTS `zoo`", "USE `zoo`;", "CREATE TABLE IF NOT EXISTS `animals`", "INSERT IGNORE INTO `animals`"} {
		if !strings.Contains(s, want) {
			t.Errorf("script lacks %q", want)
		}
	}
	if strings.Contains(s, "creature_catalog") || strings.Contains(s, "`creatures`") {
		t.Error("script still names the default database or table")
	}
	for _, bad := range [][2]string{{"zoo;", "animals"}, {"zoo", "drop table"}, {"", "animals"}} {
		if err := creatures.WriteScript(&buf, bad[0], bad[1]); err == nil {
			t.Errorf("WriteScript accepted %q, %q", bad[0], bad[1])
		}
	}
}

// TestScript_SourceIntoMariaDB loads creatures.sql twice with the client's source command and
// serves the result as a non-root user over TCP who holds data privileges only (no DDL). It
// leaves an existing creature_catalog database as it found it: the rows it adds, it deletes.
func TestScript_SourceIntoMariaDB(t *testing.T) {
	admin := dbtest.Admin(t)
	source := func() { dbtest.SourceScript(t, scriptPath) }
	source()
	mine := "Script test " + dbtest.RandomHex(4)
	if _, err := admin.Exec("INSERT INTO creature_catalog.creatures (name, name_key, species, danger_level, created_at, updated_at) VALUES (?, ?, 'Test', 1, UTC_TIMESTAMP(), UTC_TIMESTAMP())",
		mine, sqldb.Fold(mine)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DELETE FROM creature_catalog.creatures WHERE name_key = ?", sqldb.Fold(mine)) })
	source()

	for _, s := range append(creatures.Samples, creatures.Input{Name: mine}) {
		var n int
		if err := admin.QueryRow("SELECT COUNT(*) FROM creature_catalog.creatures WHERE name_key = ?", sqldb.Fold(s.Name)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("%q is in the table %d times after sourcing twice, want once", s.Name, n)
		}
	}

	db, user := dbtest.OpenAsNewUser(t, "creature_catalog", "SELECT, INSERT, UPDATE, DELETE")
	store, err := creatures.NewStore(db, creatures.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(t.Context(), false); err != nil {
		t.Fatalf("migrate as %s: %v", user, err)
	}
	h := creatures.NewServer(slog.New(slog.NewTextHandler(testWriter{t}, nil)), store)

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/creatures?q=axolotl", nil))
	if got := decode[[]creatures.Creature](t, rec); len(got) != 1 || got[0].Name != "Axolotl" {
		t.Errorf("search for the sample Axolotl: %d %s", rec.Code, rec.Body.String())
	}
	name := "Served " + dbtest.RandomHex(4)
	rec = httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/creatures", strings.NewReader(`{"name":"`+name+`","species":"Test"}`))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create as %s: %d %s", user, rec.Code, rec.Body.String())
	}
	created := decode[creatures.Creature](t, rec)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("DELETE", fmt.Sprintf("/creatures/%d", created.ID), nil))
	if rec.Code != http.StatusNoContent {
		t.Errorf("delete as %s: %d %s", user, rec.Code, rec.Body.String())
	}
}

// TestScript_SamplesOnFirstLoadOnly sources the script, made for a fresh test database, again
// and again: the samples go in once, and what users did to them afterwards stays done.
func TestScript_SamplesOnFirstLoadOnly(t *testing.T) {
	db := dbtest.MariaDB(t)
	var name string
	if err := db.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	var script bytes.Buffer
	if err := creatures.WriteScript(&script, name, creatures.DefaultTable); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "creatures.sql")
	if err := os.WriteFile(path, script.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		t.Helper()
		rows, err := db.Query("SELECT name FROM creatures ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
		return out
	}
	var samples []string
	for _, s := range creatures.Samples {
		samples = append(samples, s.Name)
	}
	steps := []struct {
		name   string
		change string // run before sourcing
		want   []string
	}{
		{"a fresh database gets the samples", "", samples},
		{"sourcing again changes nothing", "", samples},
		{"a deleted sample stays deleted", "DELETE FROM creatures WHERE name = 'Axolotl'", samples[1:]},
		{"a renamed sample stays renamed", "UPDATE creatures SET name = 'Komodo', name_key = 'komodo' WHERE name = 'Komodo Dragon'",
			append([]string{"Komodo"}, samples[2:]...)},
		{"an emptied table stays empty", "DELETE FROM creatures", nil},
	}
	for _, st := range steps {
		if st.change != "" {
			if _, err := db.Exec(st.change); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		dbtest.SourceScript(t, path)
		if diff := cmp.Diff(st.want, names()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", st.name, diff)
		}
	}
}
