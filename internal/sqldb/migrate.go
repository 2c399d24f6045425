package sqldb

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migration is one step of a schema's history. Its statements must be idempotent (CREATE ...
// IF NOT EXISTS and the like): MySQL commits DDL implicitly, so a step interrupted half-way
// is simply run again, and a database made by a hand-loaded SQL script is adopted as is.
type Migration struct {
	Version    int
	Name       string
	Statements []string
	// Run, when set, runs after the statements in the same transaction, for steps that are
	// easier to say in Go (such as seeding rows).
	Run func(ctx context.Context, tx *sql.Tx) error
}

var migrationFile = regexp.MustCompile(`^(\d+)_([a-z0-9_]+)\.sql$`)

// LoadMigrations reads the files NNNN_name.sql in dir of fsys, in version order. Statements
// in a file are separated by lines that end with a semicolon.
func LoadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, e := range entries {
		m := migrationFile.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		v, _ := strconv.Atoi(m[1])
		body, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: m[2], Statements: SplitStatements(string(body))})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// SplitStatements splits a script at lines that end with ";", dropping "--" comment lines.
func SplitStatements(script string) []string {
	var stmts []string
	var cur strings.Builder
	for line := range strings.SplitSeq(script, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.HasSuffix(trimmed, ";") {
			stmts = append(stmts, strings.TrimSuffix(strings.TrimSpace(cur.String()), ";"))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		stmts = append(stmts, s)
	}
	return stmts
}

// Migrate applies the migrations that the table named ledger does not yet record. Replicas
// that start together take turns: on MySQL through a lease row in the ledger (clusterLock), on
// SQLite through the write lock of the transaction. Running Migrate again is a no-op.
func (db *DB) Migrate(ctx context.Context, ledger string, ms []Migration) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if db.Dialect == MySQL {
		// The named lock makes the replicas on one server wait for each other without polling;
		// it is local to that server, so on a Galera cluster the lease below is what keeps
		// replicas on different nodes apart.
		var got sql.NullInt64
		if err := conn.QueryRowContext(ctx, "SELECT GET_LOCK(?, 60)", "migrate:"+ledger).Scan(&got); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
		if !got.Valid || got.Int64 != 1 {
			return fmt.Errorf("migrate: another process held the migration lock for 60 s")
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT RELEASE_LOCK(?)", "migrate:"+ledger)
	}
	// A ledger that exists is only read: a database made by a set-up script that records its
	// steps needs no DDL, so the server can run with data privileges alone.
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ledger).Scan(&n); err != nil {
		if _, err := conn.ExecContext(ctx, LedgerDDL(ledger)); err != nil {
			return fmt.Errorf("migrate: create %s: %w", ledger, err)
		}
	}
	if db.Dialect == MySQL {
		unlock, err := clusterLock(ctx, db, conn, ledger)
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		defer unlock()
	}
	for _, m := range ms {
		if err := applyOne(ctx, conn, ledger, m); err != nil {
			return fmt.Errorf("migrate: %04d_%s: %w", m.Version, m.Name, err)
		}
	}
	return nil
}

// LedgerDDL returns the statement that creates the table recording applied migrations, the
// same on both dialects. Set-up scripts use it to record the steps they have done.
func LedgerDDL(ledger string) string {
	return "CREATE TABLE IF NOT EXISTS " + ledger + " (version INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, applied_at DATETIME NOT NULL)"
}

// LedgerInsert returns MySQL statements that record ms in the ledger as applied, leaving
// versions already recorded as they are.
func LedgerInsert(ledger string, ms []Migration) string {
	var b strings.Builder
	b.WriteString("INSERT IGNORE INTO " + ledger + " (version, name, applied_at) VALUES")
	for i, m := range ms {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  (%d, '%s', UTC_TIMESTAMP())", m.Version, m.Name)
	}
	b.WriteString(";\n")
	return b.String()
}

func applyOne(ctx context.Context, conn *sql.Conn, ledger string, m Migration) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+ledger+" WHERE version = ?", m.Version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	for _, stmt := range m.Statements {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	if m.Run != nil {
		if err := m.Run(ctx, tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO "+ledger+" (version, name, applied_at) VALUES (?, ?, ?)",
		m.Version, m.Name, time.Now().UTC().Truncate(time.Second)); err != nil {
		return err
	}
	return tx.Commit()
}
