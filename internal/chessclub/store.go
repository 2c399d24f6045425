// Package chessclub is the Chess Club API: members with password logins and bearer tokens,
// tournaments, and member photos, over SQLite or MariaDB.
//
// The package root wires the parts into one server and holds nothing else: the Store owns
// the database and its schema (migrations, the sample tournaments, chess.sql); NewServer
// joins authentication (package auth), the members (members), their photos (photos) and
// tournament play (play) into one http.Handler, whose routes are all listed in routes.go,
// with the cross-cutting parts: idempotency keys, metrics, CORS and the original backend's
// paths. The subpackages never import the root; the rules of chess are in internal/chess.
package chessclub

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
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
}

// NewStore returns a store over db. Call Migrate before using it.
func NewStore(db *sqldb.DB) *Store {
	return &Store{db: db, Now: time.Now}
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
	stmt = datedSamples(stmt, s.Now())
	ms = append(ms, sqldb.Migration{Version: sampleVersion, Name: "sample_tournaments", Statements: []string{stmt}})
	return s.db.Migrate(ctx, Ledger, ms)
}

// scriptSamplesGuard is the condition of script_samples.sql that keeps chess.sql from
// inserting the samples again; MigrateWithSamples has its own.
const scriptSamplesGuard = "WHERE NOT EXISTS (SELECT 1 FROM schema_migrations) AND NOT EXISTS (SELECT 1 FROM tournaments)"

// Ping checks that the database answers statements (sqldb.DB.Ready), for /readyz.
func (s *Store) Ping(ctx context.Context) error { return s.db.Ready(ctx) }

// SetRole gives the member with username (without regard to case) the role. It returns a
// NotFound problem when there is no such member.
func (s *Store) SetRole(ctx context.Context, username, role string) error {
	return members.NewStore(s.db, s.Now).SetRole(ctx, username, role)
}

// HasAdmin reports whether any member has the admin role: a new club has none until its
// operator makes one on the command line.
func (s *Store) HasAdmin(ctx context.Context) (bool, error) {
	return members.NewStore(s.db, s.Now).HasAdmin(ctx)
}

// Appoint gives the member with username the arbiter role, or takes it back (role
// members.RoleMember): see members.Store.Appoint.
func (s *Store) Appoint(ctx context.Context, username, role string) error {
	people := members.NewStore(s.db, s.Now)
	id, err := people.ID(ctx, username)
	if err != nil {
		return err
	}
	_, err = people.Appoint(ctx, id, role, audit.Actor{})
	return err
}
