package creatures_test

import (
	"bytes"
	"database/sql"
	"io"
	"log/slog"
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

// releaseOneTable is the creatures table as the release before the fold keys created it.
func releaseOneTable(d sqldb.Dialect, table string) string {
	if d == sqldb.SQLite {
		return "CREATE TABLE `" + table + "` (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, " +
			"species TEXT NOT NULL, habitat TEXT NULL, danger_level INTEGER NOT NULL DEFAULT 0 CHECK (danger_level BETWEEN 0 AND 10), " +
			"description TEXT NULL, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL)"
	}
	return "CREATE TABLE `" + table + "` (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, name_key VARCHAR(200) NOT NULL, " +
		"species VARCHAR(50) NOT NULL, habitat VARCHAR(100) NULL, danger_level TINYINT NOT NULL DEFAULT 0, description VARCHAR(2000) NULL, " +
		"created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, UNIQUE KEY `" + table + "_name_key` (name_key), " +
		"CONSTRAINT `" + table + "_danger_level` CHECK (danger_level BETWEEN 0 AND 10)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"
}

// oldRows are written as the earlier release wrote them: without fold keys.
var oldRows = []struct{ name, species, description string }{
	{"ẞea serpent", "ẞerpent", "Seen by ẞailors."},
	{"Ꭰragon", "Ꭰrake", "Ꭰwells in caves."},
	{"Plain", "Plain", ""},
}

func insertOldRows(t *testing.T, db *sql.DB, table string) {
	t.Helper()
	for _, r := range oldRows {
		var desc any
		if r.description != "" {
			desc = r.description
		}
		if _, err := db.Exec("INSERT INTO `"+table+"` (name, name_key, species, habitat, danger_level, description, created_at, updated_at) VALUES (?, ?, ?, NULL, 1, ?, ?, ?)",
			r.name, sqldb.Fold(r.name), r.species, desc, t0, t0); err != nil {
			t.Fatal(err)
		}
	}
}

// checkOldRowsFound filters by each old row's species and description in the other case.
func checkOldRowsFound(t *testing.T, store *creatures.Store) {
	t.Helper()
	h := creatures.NewServer(discardLog(), store)
	for _, r := range oldRows {
		for _, q := range []string{"species=" + strings.ToUpper(r.species), "q=" + strings.ToLower(r.name)} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/creatures?"+strings.ReplaceAll(q, " ", "+"), nil))
			got := decode[[]creatures.Creature](t, rec)
			if len(got) != 1 || got[0].Name != r.name {
				t.Errorf("?%s found %+v, want %q", q, got, r.name)
			}
		}
		if r.description != "" {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/creatures?q="+strings.ReplaceAll(strings.ToUpper(r.description), " ", "+"), nil))
			if got := decode[[]creatures.Creature](t, rec); len(got) != 1 || got[0].Name != r.name {
				t.Errorf("q=%s found %+v, want %q", strings.ToUpper(r.description), got, r.name)
			}
		}
	}
}

// TestMigrate_UpgradesAnOlderTable migrates a table made by the earlier release, holding rows
// without fold keys: the server adds the columns, fills them in, and ends with the schema a
// new table gets.
func TestMigrate_UpgradesAnOlderTable(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			for _, stmt := range []string{releaseOneTable(d, "creatures"), sqldb.LedgerDDL("creatures_migrations")} {
				if _, err := db.Exec(stmt); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.Exec("INSERT INTO creatures_migrations (version, name, applied_at) VALUES (1, 'create_table', ?), (2, 'sample_rows', ?)", t0, t0); err != nil {
				t.Fatal(err)
			}
			insertOldRows(t, db.DB, "creatures")
			store, err := creatures.NewStore(db, "creatures")
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if err := store.Migrate(t.Context(), true); err != nil {
					t.Fatal(err)
				}
			}
			checkOldRowsFound(t, store)

			// A server of the earlier release, still running during the upgrade, writes a row
			// without keys: the next start fills them in.
			if _, err := db.Exec("INSERT INTO creatures (name, name_key, species, danger_level, created_at, updated_at) VALUES ('Late Ⰰ', 'late ⰰ', 'Ⰰlagolitic', 0, ?, ?)", t0, t0); err != nil {
				t.Fatal(err)
			}
			if err := store.Migrate(t.Context(), true); err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			creatures.NewServer(discardLog(), store).ServeHTTP(rec, httptest.NewRequest("GET", "/creatures?species=%E2%B0%B0LAGOLITIC", nil))
			if got := decode[[]creatures.Creature](t, rec); len(got) != 1 || got[0].Name != "Late Ⰰ" {
				t.Errorf("the late row: found %+v", got)
			}

			fresh, err := creatures.NewStore(db, "fresh")
			if err != nil {
				t.Fatal(err)
			}
			if err := fresh.Migrate(t.Context(), false); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(describeTable(t, db, "fresh"), describeTable(t, db, "creatures")); diff != "" {
				t.Errorf("upgraded table differs from a new one (-new +upgraded):\n%s", diff)
			}
		})
	}
}

// TestScript_UpgradesAnOlderDatabase loads the earlier release's creatures.sql, adds rows as
// that release wrote them, loads this release's script, and starts a server with data
// privileges only: it fills in the fold keys, and the table equals one this script made new.
func TestScript_UpgradesAnOlderDatabase(t *testing.T) {
	old := dbtest.MariaDB(t)
	oldName := databaseName(t, old)
	release1, err := os.ReadFile("testdata/creatures-release1.sql")
	if err != nil {
		t.Fatal(err)
	}
	sourceString(t, strings.ReplaceAll(string(release1), "`creature_catalog`", "`"+oldName+"`"))
	insertOldRows(t, old.DB, "creatures")
	sourceScriptFor(t, oldName)
	sourceScriptFor(t, oldName) // twice changes nothing

	db, user := dbtest.OpenAsNewUser(t, oldName, "SELECT, INSERT, UPDATE, DELETE")
	store, err := creatures.NewStore(db, creatures.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(t.Context(), false); err != nil {
		t.Fatalf("migrate as %s, with data privileges only: %v", user, err)
	}
	checkOldRowsFound(t, store)
	var missing int
	if err := old.QueryRow("SELECT COUNT(*) FROM creatures WHERE species_key IS NULL").Scan(&missing); err != nil || missing != 0 {
		t.Errorf("%d rows without fold keys (%v)", missing, err)
	}

	fresh := dbtest.MariaDB(t)
	sourceScriptFor(t, databaseName(t, fresh))
	if diff := cmp.Diff(describeTable(t, fresh, "creatures"), describeTable(t, old, "creatures")); diff != "" {
		t.Errorf("upgraded table differs from a new one (-new +upgraded):\n%s", diff)
	}
}

func databaseName(t *testing.T, db *sqldb.DB) string {
	t.Helper()
	var name string
	if err := db.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	return name
}

// sourceScriptFor loads this release's script made for database.
func sourceScriptFor(t *testing.T, database string) {
	t.Helper()
	var script bytes.Buffer
	if err := creatures.WriteScript(&script, database, creatures.DefaultTable); err != nil {
		t.Fatal(err)
	}
	sourceString(t, script.String())
}

func sourceString(t *testing.T, script string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "script.sql")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	dbtest.SourceScript(t, path)
}

// describeTable lists a table's columns and indexes in a form that does not depend on the
// table's name.
func describeTable(t *testing.T, db *sqldb.DB, table string) []string {
	t.Helper()
	queries := []string{
		"SELECT cid, name, type, \"notnull\", IFNULL(dflt_value, 'NULL'), pk FROM pragma_table_info('" + table + "') ORDER BY cid",
		"SELECT il.name, il.\"unique\", ii.seqno, ii.name FROM pragma_index_list('" + table + "') il, pragma_index_info(il.name) ii ORDER BY il.name, ii.seqno",
	}
	if db.Dialect == sqldb.MySQL {
		queries = []string{
			"SELECT ORDINAL_POSITION, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, IFNULL(COLUMN_DEFAULT, 'NULL'), IFNULL(COLLATION_NAME, '-'), COLUMN_KEY " +
				"FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + table + "' ORDER BY ORDINAL_POSITION",
			"SELECT INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME FROM information_schema.STATISTICS " +
				"WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + table + "' ORDER BY INDEX_NAME, SEQ_IN_INDEX",
			"SELECT CONSTRAINT_NAME, CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS " +
				"WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = '" + table + "' ORDER BY CONSTRAINT_NAME",
			"SELECT ENGINE, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + table + "'",
		}
	}
	var out []string
	for _, q := range queries {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			parts := make([]string, len(vals))
			for i, v := range vals {
				parts[i] = strings.ReplaceAll(v.String, table, "TABLE")
			}
			out = append(out, strings.Join(parts, " | "))
		}
		rows.Close()
	}
	if len(out) == 0 {
		t.Fatalf("table %s not found", table)
	}
	return out
}

func discardLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
