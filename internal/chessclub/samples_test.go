package chessclub

import (
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestMigrateWithSamples: a new database gets chess.sql's three sample tournaments once; a
// deleted sample stays deleted, and a database with members gets none.
func TestMigrateWithSamples(t *testing.T) {
	if !strings.Contains(scriptSamples, scriptSamplesGuard) {
		t.Fatal("script_samples.sql no longer holds the guard that MigrateWithSamples replaces")
	}
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		db := dbtest.Open(t, d)
		e := newEnvOn(t, db)
		if err := e.store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		var list []play.Tournament
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		var names []string
		for _, tr := range list {
			names = append(names, tr.Name)
		}
		diff(t, "samples", names, []string{"Freshers' Blitz", "Autumn Club Championship", "Knockout Cup"})

		e.withMembers()
		e.mustDo(req{method: "DELETE", path: "/api/tournaments/" + itoa(list[0].ID), as: "carol"}, http.StatusNoContent)
		if err := e.store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		if len(list) != 2 {
			t.Errorf("after deleting a sample and migrating again: %d tournaments, want 2", len(list))
		}

		// An existing club (members, no tournaments) upgraded to this release gets no samples.
		old := newEnv(t, d).withMembers()
		if err := old.store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		old.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		if len(list) != 0 {
			t.Errorf("a database with members got %d samples", len(list))
		}
	})
}
