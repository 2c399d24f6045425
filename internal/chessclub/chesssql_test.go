package chessclub

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/dbtest"
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
		   FROM information_schema.tables WHERE table_schema = ? AND table_name <> 'schema_migrations'`,
		`SELECT CONCAT_WS(' | ', 'column', table_name, ordinal_position, column_name, column_type, is_nullable,
		        IFNULL(column_default, 'NO DEFAULT'), IFNULL(collation_name, '-'), column_key, extra)
		   FROM information_schema.columns WHERE table_schema = ? AND table_name <> 'schema_migrations'`,
		`SELECT CONCAT_WS(' | ', 'index', table_name, index_name, non_unique, seq_in_index, column_name)
		   FROM information_schema.statistics WHERE table_schema = ? AND table_name <> 'schema_migrations'`,
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

// TestChessSQL sources chess.sql twice into MariaDB, checks that it makes exactly the schema
// of the server's migrations, and serves the result as a non-root user with a password over
// TCP. A developer may already have a chessclub database: the test only adds rows it removes
// again, and its assertions hold on any database the script has been run on.
func TestChessSQL(t *testing.T) {
	admin := dbtest.Admin(t)
	client, err := exec.LookPath("mariadb")
	if err != nil {
		if client, err = exec.LookPath("mysql"); err != nil {
			t.Fatal("MariaDB runs but neither the mariadb nor the mysql client is on PATH")
		}
	}
	abs, err := filepath.Abs(scriptPath)
	if err != nil {
		t.Fatal(err)
	}
	source := func() {
		t.Helper()
		out, err := exec.Command(client, "-u", "root", "-e", "source "+abs).CombinedOutput()
		if err != nil {
			t.Fatalf("source chess.sql: %v\n%s", err, out)
		}
	}
	count := func() int {
		var n int
		if err := admin.QueryRow("SELECT COUNT(*) FROM chessclub.tournaments").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	source()
	marker := "Kept across sourcing " + dbtest.RandomHex(4)
	if _, err := admin.Exec("INSERT INTO chessclub.tournaments (name, start_date, end_date, format, created_at) VALUES (?, '2030-01-01', '2030-01-01', 'swiss', UTC_TIMESTAMP())", marker); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DELETE FROM chessclub.tournaments WHERE name = ?", marker) })
	before := count()
	source()
	if after := count(); after != before {
		t.Errorf("sourcing again changed the tournaments from %d to %d rows", before, after)
	}
	var ids int
	if err := admin.QueryRow("SELECT COUNT(*) FROM chessclub.tournaments WHERE id IN (1, 2, 3) OR name = ?", marker).Scan(&ids); err != nil || ids != 4 {
		t.Errorf("samples 1–3 and the marker: %d rows (%v), want 4", ids, err)
	}
	var accounts int
	if err := admin.QueryRow("SELECT COUNT(*) FROM chessclub.members WHERE joined_at < '2000-01-01'").Scan(&accounts); err != nil || accounts != 0 {
		t.Errorf("the script seems to create accounts: %d (%v)", accounts, err)
	}

	t.Run("same schema as the migrations", func(t *testing.T) {
		migrated := dbtest.MariaDB(t)
		if err := NewStore(migrated).Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		var name string
		if err := migrated.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		got, want := schemaOf(t, admin, "chessclub"), schemaOf(t, admin, name)
		if len(want) < 40 {
			t.Fatalf("the migrated schema has only %d rows: %v", len(want), want)
		}
		diff(t, "chess.sql schema vs migrations", got, want)
	})

	t.Run("served by a non-root user over TCP", func(t *testing.T) {
		user, password := "chess_"+dbtest.RandomHex(4), dbtest.RandomHex(16)
		for _, stmt := range []string{
			fmt.Sprintf("CREATE USER '%s'@'127.0.0.1' IDENTIFIED BY '%s'", user, password),
			fmt.Sprintf("GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, INDEX, REFERENCES ON chessclub.* TO '%s'@'127.0.0.1'", user),
		} {
			if _, err := admin.Exec(stmt); err != nil {
				t.Fatal(err)
			}
		}
		t.Cleanup(func() { admin.Exec(fmt.Sprintf("DROP USER IF EXISTS '%s'@'127.0.0.1'", user)) })
		src, err := sqldb.ParseURL("mysql://"+user+"@127.0.0.1:3306/chessclub", password)
		if err != nil {
			t.Fatal(err)
		}
		db, err := sqldb.Open(t.Context(), src)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		store := NewStore(db)
		if err := store.Migrate(t.Context()); err != nil {
			t.Fatalf("migrate as %s: %v", user, err)
		}
		srv, err := NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store, Config{FiguresDir: t.TempDir(), Password: testPassword})
		if err != nil {
			t.Fatal(err)
		}
		e := &env{t: t, dialect: sqldb.MySQL, store: store, srv: srv, tokens: map[string]string{}, ids: map[string]int64{}}
		e.cfg.FiguresDir = t.TempDir()
		username := "script_" + dbtest.RandomHex(4)
		t.Cleanup(func() {
			admin.Exec("DELETE FROM chessclub.tournaments WHERE created_by = (SELECT id FROM chessclub.members WHERE username_key = ?)", username)
			admin.Exec("DELETE FROM chessclub.members WHERE username_key = ?", username)
		})
		e.register(username, "Script Tester", "")
		id := e.tournament(username, "Served "+username, "2030-02-02")
		var list []Tournament
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		seen := map[int64]bool{}
		for _, tr := range list {
			seen[tr.ID] = true
		}
		for _, want := range []int64{1, 2, 3, id} {
			if !seen[want] {
				t.Errorf("tournament %d missing from the list", want)
			}
		}
		body, ct := multipartBody(t, "photo", testJPEG(t, 16, 16, true))
		e.mustDo(req{method: "POST", path: "/api/figures", as: username, body: body, contentType: ct}, http.StatusCreated)
		e.mustDo(req{method: "DELETE", path: "/api/tournaments/" + itoa(id), as: username}, http.StatusNoContent)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"database":"ok"`) {
			t.Errorf("readyz: %d %s", rec.Code, rec.Body)
		}
	})
}
