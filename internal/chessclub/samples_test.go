package chessclub_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// sampleClocks are days a club may be created on, at times near either end of a UTC day:
// month and year ends, a leap day, and today.
func sampleClocks() []time.Time {
	return []time.Time{
		clubtest.T0,
		time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2027, 2, 28, 0, 0, 0, 0, time.UTC),
		time.Date(2028, 2, 29, 12, 0, 0, 0, time.UTC),
		time.Date(2031, 11, 30, 18, 30, 0, 0, time.UTC),
		time.Now().UTC().Truncate(time.Second),
	}
}

// wantSamples are the sample tournaments of a club created at now, in the list's order (by
// start date): each taking entries, dated so many days after that day.
func wantSamples(now time.Time) []string {
	day := func(n int) string { return now.UTC().AddDate(0, 0, n).Format(time.DateOnly) }
	created := now.UTC().Format(time.RFC3339)
	return []string{
		fmt.Sprintf("Newcomers' Blitz | %s | %s | open | %s", day(6), day(6), created),
		fmt.Sprintf("Club Championship | %s | %s | open | %s", day(13), day(69), created),
		fmt.Sprintf("Knockout Cup | %s | %s | open | %s", day(41), day(42), created),
	}
}

// sampleRows describes listed tournaments as the samples' checks compare them: name, dates,
// state and when created.
func sampleRows(list []tournament.Tournament) []string {
	var rows []string
	for _, tr := range list {
		rows = append(rows, fmt.Sprintf("%s | %s | %s | %s | %s", tr.Name, tr.StartDate, tr.EndDate, tr.State, tr.CreatedAt.UTC().Format(time.RFC3339)))
	}
	return rows
}

// checkSampleStates fails for a listed tournament whose state disagrees with its dates on the
// day now: one taking entries (open) must start after that day, so that the app lists it as
// upcoming, and none may be running or finished, for the samples have no players.
func checkSampleStates(t *testing.T, now time.Time, list []tournament.Tournament) {
	t.Helper()
	today := tournament.Date(now.UTC().Format(time.DateOnly))
	if len(list) != 3 {
		t.Errorf("%d samples on %s, want 3", len(list), today)
	}
	for _, tr := range list {
		switch {
		case tr.State != tournament.StateOpen:
			t.Errorf("on %s, sample %q is %s, want open", today, tr.Name, tr.State)
		case tr.StartDate <= today:
			t.Errorf("on %s, sample %q takes entries but starts on %s", today, tr.Name, tr.StartDate)
		case tr.EndDate < tr.StartDate:
			t.Errorf("on %s, sample %q ends on %s, before its start on %s", today, tr.Name, tr.EndDate, tr.StartDate)
		}
	}
}

// TestMigrateWithSamples: a new database gets chess.sql's three sample tournaments once; a
// deleted sample stays deleted, and a database with members gets none.
func TestMigrateWithSamples(t *testing.T) {
	if !strings.Contains(chessclub.ScriptSamples, chessclub.ScriptSamplesGuard) {
		t.Fatal("script_samples.sql no longer holds the guard that MigrateWithSamples replaces")
	}
	if dated := chessclub.DatedSamples(sqldb.SplitStatements(chessclub.ScriptSamples)[0], clubtest.T0); strings.Contains(dated, "UTC_") || strings.Contains(dated, "INTERVAL") {
		t.Fatalf("script_samples.sql dates a sample in a way MigrateWithSamples does not write out for SQLite:\n%s", dated)
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		db := dbtest.Open(t, d)
		e := clubtest.NewOn(t, db)
		if err := e.Store.MigrateWithSamples(t.Context()); err != nil {
			t.Fatal(err)
		}
		var list []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		clubtest.Diff(t, "samples", sampleRows(list), wantSamples(clubtest.T0))

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

// TestMigrateWithSamplesOnAnyDay: whatever day a club is created on, its samples take entries
// for events still to come, never for one whose start has passed, and are dated from that day.
func TestMigrateWithSamplesOnAnyDay(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		for _, now := range sampleClocks() {
			t.Run(now.Format(time.DateTime), func(t *testing.T) {
				e := clubtest.New(t, d)
				e.Clock.Set(now)
				if err := e.Store.MigrateWithSamples(t.Context()); err != nil {
					t.Fatal(err)
				}
				var list []tournament.Tournament
				e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
				checkSampleStates(t, now, list)
				clubtest.Diff(t, "samples", sampleRows(list), wantSamples(now))
			})
		}
	})
}
