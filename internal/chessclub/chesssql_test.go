package chessclub_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// scriptPath is chess.sql at the repository root.
const scriptPath = "../../chess.sql"

// schemaOf describes the tables of database, except the migration ledger, as rows of text:
// table options, columns, indexes and check constraints.
func schemaOf(t *testing.T, admin *sql.DB, database string) []string {
	t.Helper()
	queries := []string{
		`SELECT CONCAT_WS(' | ', 'table', table_name, engine, table_collation)
		   FROM information_schema.tables WHERE table_schema = ?`,
		`SELECT CONCAT_WS(' | ', 'column', table_name, ordinal_position, column_name, column_type, is_nullable,
		        IFNULL(column_default, 'NO DEFAULT'), IFNULL(collation_name, '-'), column_key, extra)
		   FROM information_schema.columns WHERE table_schema = ?`,
		`SELECT CONCAT_WS(' | ', 'index', table_name, index_name, non_unique, seq_in_index, column_name)
		   FROM information_schema.statistics WHERE table_schema = ?`,
		`SELECT CONCAT_WS(' | ', 'check', table_name, constraint_name, check_clause)
		   FROM information_schema.check_constraints WHERE constraint_schema = ?`,
		`SELECT CONCAT_WS(' | ', 'foreign key', table_name, constraint_name, referenced_table_name, update_rule, delete_rule)
		   FROM information_schema.referential_constraints WHERE constraint_schema = ?`,
	}
	var rows []string
	for _, q := range queries {
		rs, err := admin.Query(q+" ORDER BY 1", database)
		if err != nil {
			t.Fatalf("read schema of %s: %v", database, err)
		}
		for rs.Next() {
			var s string
			if err := rs.Scan(&s); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, s)
		}
		if err := rs.Err(); err != nil {
			t.Fatal(err)
		}
		rs.Close()
	}
	return rows
}

// TestChessSQL sources chess.sql twice into MariaDB and checks that the second run changes
// no row. A developer may already have a chessclub database: the test only adds rows it
// removes again, and its assertions hold on any database the script has been run on. What
// depends on the database being this checkout's (the schema equal to the server's migrations,
// a non-root user serving it over TCP, the sample tournaments: in only while the table is
// empty, and a deleted or changed sample stays as it was left) is checked on copies of the
// script aimed at fresh test databases.
func TestChessSQL(t *testing.T) {
	admin := dbtest.Admin(t)
	source := func() { dbtest.SourceScript(t, scriptPath) }
	source()
	marker := "Kept across sourcing " + dbtest.RandomHex(4)
	if _, err := admin.Exec("INSERT INTO chessclub.tournaments (name, start_date, end_date, format, created_at) VALUES (?, '2030-01-01', '2030-01-01', 'swiss', UTC_TIMESTAMP())", marker); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DELETE FROM chessclub.tournaments WHERE name = ?", marker) })
	before := tournamentRows(t, admin, "chessclub", true)
	source()
	clubtest.Diff(t, "tournaments after sourcing again", tournamentRows(t, admin, "chessclub", true), before)
	var accounts int
	if err := admin.QueryRow("SELECT COUNT(*) FROM chessclub.members WHERE joined_at < '2000-01-01'").Scan(&accounts); err != nil || accounts != 0 {
		t.Errorf("the script seems to create accounts: %d (%v)", accounts, err)
	}

	// The samples, on a database of their own: the script made to create and use a fresh
	// test database instead of chessclub, so that a developer's data stays as it is. MariaDB
	// loads it on the last day of 2027 (the samples' dates run into the next year), and loads
	// it again a month later.
	t.Run("samples only into an empty table", func(t *testing.T) {
		fresh := dbtest.MariaDB(t)
		var name string
		if err := fresh.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		loaded := time.Date(2027, 12, 31, 23, 59, 58, 0, time.UTC)
		first, again := scriptLoadedOn(t, name, loaded), scriptLoadedOn(t, name, loaded.AddDate(0, 1, 0))
		rows := func() []string { t.Helper(); return tournamentRows(t, admin, name, true) }
		samples := []string{
			"1 | Club Championship | 2028-01-13 | 2028-03-09 | Student Union, Room 2.14 | swiss | 9 | 90+30 | The club's main event: one round a week, FIDE rated. | NULL | 2027-12-31 23:59:58",
			"2 | Newcomers' Blitz | 2028-01-06 | 2028-01-06 | Library café | round_robin | NULL | 3+2 | Meet the club over quick games; beginners welcome. | NULL | 2027-12-31 23:59:58",
			"3 | Knockout Cup | 2028-02-10 | 2028-02-11 | Student Union, Room 2.14 | knockout | 5 | 15+10 | NULL | NULL | 2027-12-31 23:59:58",
		}
		own := "10 | Spring Open | 2027-04-01 | 2027-04-02 | NULL | swiss | NULL | NULL | NULL | NULL | 2026-02-02 10:00:00"
		steps := []struct {
			name   string
			change []string // statements run before sourcing
			want   []string
		}{
			{"a fresh database gets the samples", nil, samples},
			{"sourcing again changes nothing", nil, samples},
			{"a deleted sample stays deleted", []string{"DELETE FROM tournaments WHERE name = 'Newcomers'' Blitz'"},
				[]string{samples[0], samples[2]}},
			{"a changed sample stays changed", []string{"UPDATE tournaments SET rounds = 7 WHERE id = 1"},
				[]string{strings.Replace(samples[0], "| 9 |", "| 7 |", 1), samples[2]}},
			{"no samples beside the club's own tournaments", []string{
				"DELETE FROM tournaments WHERE id IN (1, 3)",
				"INSERT INTO tournaments (id, name, start_date, end_date, format, created_at) VALUES (10, 'Spring Open', '2027-04-01', '2027-04-02', 'swiss', '2026-02-02 10:00:00')",
			}, []string{own}},
			{"an emptied table stays empty", []string{"DELETE FROM tournaments"}, nil},
		}
		for i, st := range steps {
			for _, stmt := range st.change {
				if _, err := fresh.Exec(stmt); err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
			}
			script := again
			if i == 0 {
				script = first
			}
			dbtest.SourceScript(t, script)
			clubtest.Diff(t, st.name, rows(), st.want)
		}
	})

	// Whatever the day a club loads the script, the app lists its samples as taking entries
	// for events to come, dated from that day as the server dates them on SQLite.
	t.Run("samples dated from the day the script is loaded", func(t *testing.T) {
		for _, now := range sampleClocks() {
			fresh := dbtest.MariaDB(t)
			var name string
			if err := fresh.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
				t.Fatal(err)
			}
			dbtest.SourceScript(t, scriptLoadedOn(t, name, now))
			var list []tournament.Tournament
			clubtest.NewOn(t, fresh).MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
			checkSampleStates(t, now, list)
			clubtest.Diff(t, "samples loaded on "+now.Format(time.DateTime), sampleRows(list), wantSamples(now))
		}
	})

	// The schema and the data-only user are checked on the script aimed at a database of the
	// test's own: the shared chessclub database may hold what another checkout's newer (or
	// older) script made, which says nothing about this one.
	scripted := sourceRetargeted(t)

	t.Run("same schema as the migrations", func(t *testing.T) {
		migrated := dbtest.MariaDB(t)
		if err := chessclub.NewStore(migrated).Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		var name string
		if err := migrated.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		got, want := schemaOf(t, admin, scripted), schemaOf(t, admin, name)
		if len(want) < 40 {
			t.Fatalf("the migrated schema has only %d rows: %v", len(want), want)
		}
		clubtest.Diff(t, "chess.sql schema vs migrations", got, want)
	})

	t.Run("served by a non-root user over TCP", func(t *testing.T) {
		db, user := dbtest.OpenAsNewUser(t, scripted, "SELECT, INSERT, UPDATE, DELETE")
		store := chessclub.NewStore(db)
		if err := store.Migrate(t.Context()); err != nil {
			t.Fatalf("migrate as %s: %v", user, err)
		}
		srv, err := chessclub.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store, chessclub.Config{Photos: photos.Config{Dir: t.TempDir()}, Auth: auth.Config{Password: clubtest.Password}})
		if err != nil {
			t.Fatal(err)
		}
		e := &clubtest.Env{T: t, Dialect: sqldb.MySQL, Store: store, Handler: srv, Tokens: map[string]string{}, IDs: map[string]int64{}}
		e.Config.Photos.Dir = t.TempDir()
		username := "script_" + dbtest.RandomHex(4)
		e.Register(username, "Script Tester")
		id := e.Tournament(username, "Served "+username, "2030-02-02")
		var list []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		var listed []string
		for _, tr := range list {
			listed = append(listed, strconv.FormatInt(tr.ID, 10))
		}
		slices.Sort(listed)
		stored := tournamentRows(t, admin, scripted, false)
		slices.Sort(stored)
		clubtest.Diff(t, "the API lists the script's database", listed, stored)
		if !slices.Contains(listed, strconv.FormatInt(id, 10)) {
			t.Errorf("tournament %d missing from the list", id)
		}
		// A failed login works through the throttle's table as this user.
		res := e.Do(clubtest.Req{Method: "POST", Path: "/api/login", RemoteAddr: "192.0.2.77:1",
			Body: map[string]any{"username": username, "password": "wrong"}})
		clubtest.Diff(t, "failed login as "+user, res.Status, http.StatusUnauthorized)
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 16, 16, true))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: username, Body: body, ContentType: ct}, http.StatusCreated)
		e.MustDo(clubtest.Req{Method: "DELETE", Path: "/api/tournaments/" + fmt.Sprint(id), As: username}, http.StatusNoContent)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"database":"ok"`) {
			t.Errorf("readyz: %d %s", rec.Code, rec.Body)
		}
	})
}

// sourceRetargeted sources the committed script's text aimed at a fresh database and returns
// that database's name.
func sourceRetargeted(t *testing.T) string {
	t.Helper()
	var name string
	if err := dbtest.MariaDB(t).QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	dbtest.SourceScript(t, retargetedScript(t, name))
	return name
}

// retargetedScript writes the committed script's own text aimed at database instead of
// chessclub (TestScriptIsCurrent keeps the two equal) and returns the file's path.
func retargetedScript(t *testing.T, database string) string {
	t.Helper()
	var script strings.Builder
	if err := chessclub.WriteScript(&script, database); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "chess.sql")
	if err := os.WriteFile(path, []byte(script.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// scriptLoadedOn is retargetedScript as MariaDB loads it at the time at: the copy starts by
// setting the session's clock, which UTC_DATE() and UTC_TIMESTAMP() read.
func scriptLoadedOn(t *testing.T, database string, at time.Time) string {
	t.Helper()
	path := retargetedScript(t, database)
	script, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	clock := fmt.Sprintf("SET timestamp = %d;\n", at.Unix())
	if err := os.WriteFile(path, append([]byte(clock), script...), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// tournamentRows returns the tournaments of database as rows of text in id order, every
// column when withAll is true and only the id otherwise.
func tournamentRows(t *testing.T, admin *sql.DB, database string, withAll bool) []string {
	t.Helper()
	cols := "id"
	if withAll {
		cols = `CONCAT_WS(' | ', id, name, start_date, end_date, IFNULL(location, 'NULL'), format, IFNULL(rounds, 'NULL'),
		        IFNULL(time_control, 'NULL'), IFNULL(description, 'NULL'), IFNULL(created_by, 'NULL'), created_at)`
	}
	rs, err := admin.Query("SELECT " + cols + " FROM `" + database + "`.tournaments ORDER BY id")
	if err != nil {
		t.Fatalf("read tournaments of %s: %v", database, err)
	}
	defer rs.Close()
	var rows []string
	for rs.Next() {
		var s string
		if err := rs.Scan(&s); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, s)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestScriptIsCurrent keeps chess.sql equal to what `chessclub sql` prints.
func TestScriptIsCurrent(t *testing.T) {
	committed, err := os.ReadFile(scriptPath)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := chessclub.WriteScript(&b, chessclub.DefaultDatabase); err != nil {
		t.Fatal(err)
	}
	if b.String() != string(committed) {
		t.Error("chess.sql is stale; regenerate it with: go run ./cmd/chessclub sql > chess.sql")
	}
	if err := chessclub.WriteScript(&b, "club; DROP DATABASE x"); err == nil {
		t.Error("WriteScript accepted an invalid database name")
	}
}
