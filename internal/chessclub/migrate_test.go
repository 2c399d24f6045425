package chessclub_test

import (
	"context"
	"fmt"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestMigrationTournamentPlay upgrades a database made by the migrations before tournament
// play (0001–0005) that holds a member and a tournament, and checks that both keep their data
// and gain the new columns' defaults, and that rounds may now be 50 but not 51.
func TestMigrationTournamentPlay(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		ctx := context.Background()
		db := dbtest.Open(t, d)
		all, err := chessclub.Migrations(d)
		if err != nil {
			t.Fatal(err)
		}
		var before []sqldb.Migration
		for _, m := range all {
			if m.Version < 6 {
				before = append(before, m)
			}
		}
		if err := db.Migrate(ctx, chessclub.Ledger, before); err != nil {
			t.Fatal(err)
		}
		dbtest.Exec(t, db, "INSERT INTO members (id, username, username_key, password_hash, full_name, rating, role, joined_at) VALUES (7, 'Old', 'old', 'x', 'Old Timer', 1234, 'member', '2025-01-01 00:00:00')")
		dbtest.Exec(t, db, "INSERT INTO tournaments (id, name, start_date, end_date, location, format, rounds, created_by, created_at) VALUES (3, 'Old Cup', '2025-02-01', '2025-02-02', 'Hall', 'knockout', 30, 7, '2025-01-02 00:00:00')")
		if err := chessclub.NewStore(db).Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		var (
			name, location, format, state, colour string
			start                                 tournament.Date
			rounds, createdBy, current, byeLimit  int
		)
		if err := db.QueryRow("SELECT name, start_date, location, format, rounds, created_by, state, current_round, bye_limit, initial_colour FROM tournaments WHERE id = 3").
			Scan(&name, &start, &location, &format, &rounds, &createdBy, &state, &current, &byeLimit, &colour); err != nil {
			t.Fatal(err)
		}
		clubtest.Diff(t, "tournament", fmt.Sprint(name, start, location, format, rounds, createdBy, state, current, byeLimit, colour),
			fmt.Sprint("Old Cup", tournament.Date("2025-02-01"), "Hall", "knockout", 30, 7, "open", 0, 1, "white"))
		var (
			fullName, status     string
			rating, games, guest int
		)
		if err := db.QueryRow("SELECT full_name, rating, rating_status, rated_games, guest FROM members WHERE id = 7").Scan(&fullName, &rating, &status, &games, &guest); err != nil {
			t.Fatal(err)
		}
		clubtest.Diff(t, "member", fmt.Sprint(fullName, rating, status, games, guest), fmt.Sprint("Old Timer", 1234, "unrated", 0, 0))
		dbtest.Exec(t, db, "UPDATE tournaments SET rounds = 50 WHERE id = 3")
		if _, err := db.Exec("UPDATE tournaments SET rounds = 51 WHERE id = 3"); err == nil {
			t.Error("rounds = 51 was stored")
		}
	})
}
