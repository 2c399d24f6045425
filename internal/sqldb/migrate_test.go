package sqldb_test

import (
	"context"
	"database/sql"
	"testing"
	"testing/fstest"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

func TestMigrate_AppliesOnceInOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0002_add_rows.sql":    {Data: []byte("-- rows\nINSERT INTO things (id, name) VALUES (1, 'one');\nINSERT INTO things (id, name) VALUES (2, 'two;still two');\n")},
		"m/0001_create.sql":      {Data: []byte("CREATE TABLE IF NOT EXISTS things (\n  id INTEGER PRIMARY KEY,\n  name VARCHAR(50) NOT NULL\n);\n")},
		"m/README.txt":           {Data: []byte("not a migration")},
		"m/0003_bad name.sql.gz": {Data: []byte("ignored")},
	}
	ms, err := sqldb.LoadMigrations(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Version != 1 || ms[1].Name != "add_rows" || len(ms[1].Statements) != 2 {
		t.Fatalf("loaded %+v", ms)
	}
	runs := 0
	ms = append(ms, sqldb.Migration{Version: 3, Name: "go_step", Run: func(ctx context.Context, tx *sql.Tx) error {
		runs++
		_, err := tx.ExecContext(ctx, "INSERT INTO things (id, name) VALUES (3, 'three')")
		return err
	}})
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			runs = 0
			for range 3 {
				if err := db.Migrate(t.Context(), "ledger", ms); err != nil {
					t.Fatal(err)
				}
			}
			var n int
			if err := db.QueryRow("SELECT COUNT(*) FROM things").Scan(&n); err != nil || n != 3 {
				t.Errorf("things has %d rows (%v), want 3", n, err)
			}
			if runs != 1 {
				t.Errorf("the Go step ran %d times, want once", runs)
			}
			if err := db.QueryRow("SELECT COUNT(*) FROM ledger").Scan(&n); err != nil || n != 3 {
				t.Errorf("ledger has %d rows (%v), want 3", n, err)
			}
		})
	}
}

func TestMigrate_FailedStepIsNotRecorded(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			bad := []sqldb.Migration{{Version: 1, Name: "broken", Statements: []string{"CREATE TABLE ok_t (id INTEGER)", "NOT SQL AT ALL"}}}
			if err := db.Migrate(t.Context(), "ledger", bad); err == nil {
				t.Fatal("a broken migration succeeded")
			}
			var n int
			if err := db.QueryRow("SELECT COUNT(*) FROM ledger").Scan(&n); err != nil || n != 0 {
				t.Errorf("ledger records %d steps (%v) after a failure", n, err)
			}
		})
	}
}

func TestIsDuplicate(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			if _, err := db.Exec("CREATE TABLE u (k VARCHAR(10) NOT NULL, UNIQUE (k))"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec("INSERT INTO u (k) VALUES ('a')"); err != nil {
				t.Fatal(err)
			}
			_, err := db.Exec("INSERT INTO u (k) VALUES ('a')")
			if !sqldb.IsDuplicate(err) {
				t.Errorf("IsDuplicate(%v) = false", err)
			}
			_, err = db.Exec("INSERT INTO missing_table (k) VALUES ('a')")
			if err == nil || sqldb.IsDuplicate(err) {
				t.Errorf("IsDuplicate(%v) = true for a different error", err)
			}
		})
	}
}

func TestFold_MatchesDatabase(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			for _, s := range []string{"ABC", "Ōkami", "ÆØÅ", "Straße", "ΣΊΣΥΦΟΣ", "İstanbul"[2:]} {
				var got string
				if err := db.QueryRow("SELECT "+d.FoldSQL("?"), s).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != sqldb.Fold(s) {
					t.Errorf("database folds %q to %q, Go to %q", s, got, sqldb.Fold(s))
				}
			}
		})
	}
}
