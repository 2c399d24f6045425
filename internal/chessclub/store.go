// Package chessclub is the Chess Club API: members with password logins and bearer tokens,
// tournaments, and member photos, over SQLite or MariaDB.
//
// The Store owns the database and its schema; NewServer wires it, the password hasher, the
// login throttle, the photo directory and the tournaments (package play) into one
// http.Handler whose routes are all listed in routes.go.
package chessclub

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"strings"
	"time"

	"campus.example/apps/internal/coalesce"
	"campus.example/apps/internal/sqldb"
)

// Ledger is the table that records which migrations have run.
const Ledger = "schema_migrations"

//go:embed migrations
var migrationFiles embed.FS

// Migrations returns the schema's history for dialect d, read from the embedded
// migrations/sqlite or migrations/mysql directory.
func Migrations(d sqldb.Dialect) ([]sqldb.Migration, error) {
	return sqldb.LoadMigrations(migrationFiles, "migrations/"+d.String())
}

// Store keeps members, sessions, tournaments, photo records and the login throttle's buckets
// in a SQLite or MySQL database. It is safe for concurrent use; several replicas may share one
// MySQL database. Each exported method runs in its own transaction or single statement.
type Store struct {
	db *sqldb.DB
	// Now is the clock for every timestamp and expiry; tests replace it to fix the time.
	// Set it before the store is used.
	Now func() time.Time
	// sessions coalesces concurrent token checks (Authenticate) into batched lookups.
	sessions *coalesce.Group[string, sessionRow]
}

// NewStore returns a store over db. Call Migrate before using it.
func NewStore(db *sqldb.DB) *Store {
	s := &Store{db: db, Now: time.Now}
	s.sessions = sqldb.KeyReads(db, s.readSessions)
	return s
}

// Migrate creates the tables that are missing. It is idempotent and adopts a MySQL database
// made by chess.sql as it is.
func (s *Store) Migrate(ctx context.Context) error {
	ms, err := Migrations(s.db.Dialect)
	if err != nil {
		return fmt.Errorf("load migrations: %w", err)
	}
	return s.db.Migrate(ctx, Ledger, ms)
}

// sampleVersion records in the ledger that MigrateWithSamples has run its seeding step. It is
// far above the schema's versions, which it does not belong to: chess.sql does not record it.
const sampleVersion = 9001

// MigrateWithSamples is Migrate, then, once per database, the sample tournaments that
// chess.sql loads on MariaDB: the same statement (script_samples.sql), into a database with
// no tournaments and no members yet, that is a new one. A database that has them, or that
// ran this step before, is left as it is, so a deleted sample stays deleted. The samples are
// dated from the store's clock, as chess.sql dates them from the day it is loaded. The server
// uses it on SQLite, where no script is loaded.
func (s *Store) MigrateWithSamples(ctx context.Context) error {
	ms, err := Migrations(s.db.Dialect)
	if err != nil {
		return fmt.Errorf("load migrations: %w", err)
	}
	stmt := strings.Replace(sqldb.SplitStatements(scriptSamples)[0], scriptSamplesGuard,
		"WHERE NOT EXISTS (SELECT 1 FROM tournaments) AND NOT EXISTS (SELECT 1 FROM members)", 1)
	stmt = datedSamples(stmt, s.now())
	ms = append(ms, sqldb.Migration{Version: sampleVersion, Name: "sample_tournaments", Statements: []string{stmt}})
	return s.db.Migrate(ctx, Ledger, ms)
}

// scriptSamplesGuard is the condition of script_samples.sql that keeps chess.sql from
// inserting the samples again; MigrateWithSamples has its own.
const scriptSamplesGuard = "WHERE NOT EXISTS (SELECT 1 FROM schema_migrations) AND NOT EXISTS (SELECT 1 FROM tournaments)"

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// now returns the store's clock in UTC to the second, the precision both databases keep.
func (s *Store) now() time.Time { return s.Now().UTC().Truncate(time.Second) }

type scanner interface{ Scan(dest ...any) error }

func nullString(ns sql.NullString) *string {
	if !ns.Valid {
		return nil
	}
	return &ns.String
}
