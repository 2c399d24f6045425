package chessclub_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestMigrateWithSamples: a new database gets chess.sql's three sample tournaments once; a
// deleted sample stays deleted, and a database with members gets none.
func TestMigrateWithSamples(t *testing.T) {
	if !strings.Contains(chessclub.ScriptSamples, chessclub.ScriptSamplesGuard) {
		t.Fatal("script_samples.sql no longer holds the guard that MigrateWithSamples replaces")
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		db := dbtest.Open(t, d)
		e := clubtest.NewOn(t, db)
		if err := e.Store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		var list []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		var names []string
		for _, tr := range list {
			names = append(names, tr.Name)
		}
		clubtest.Diff(t, "samples", names, []string{"Freshers' Blitz", "Autumn Club Championship", "Knockout Cup"})

		e.WithMembers()
		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/api/tournaments/" + fmt.Sprint(list[0].ID), As: "carol"}, http.StatusNoContent)
		if err := e.Store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		if len(list) != 2 {
			t.Errorf("after deleting a sample and migrating again: %d tournaments, want 2", len(list))
		}

		// An existing club (members, no tournaments) upgraded to this release gets no samples.
		old := clubtest.New(t, d).WithMembers()
		if err := old.Store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		old.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		if len(list) != 0 {
			t.Errorf("a database with members got %d samples", len(list))
		}
	})
}
