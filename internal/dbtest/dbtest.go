// Package dbtest gives tests real databases: a SQLite file in a temporary directory, or a
// fresh database on the local MariaDB server that is dropped when the test ends.
//
// When MariaDB cannot be reached the MariaDB variants skip, except under CI=true, where a
// missing database is a failure: CI must never pass by testing less.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"campus.example/apps/internal/sqldb"
)

// AdminDSNEnv names the variable that overrides how tests reach MariaDB as an administrator
// (a go-sql-driver DSN without a database). The default is root over the Unix socket, which
// Debian's MariaDB lets the system's root user use without a password.
const AdminDSNEnv = "TEST_MARIADB_ADMIN_DSN"

const defaultAdminDSN = "root@unix(/run/mysqld/mysqld.sock)/"

// Dialects lists the dialects every store and API test runs on: only MySQL when the tests
// target a Galera cluster (GaleraTarget), since the SQLite cases have run in the main run.
var Dialects = dialects()

func dialects() []sqldb.Dialect {
	if GaleraTarget() {
		return []sqldb.Dialect{sqldb.MySQL}
	}
	return []sqldb.Dialect{sqldb.SQLite, sqldb.MySQL}
}

// Open returns a fresh, empty database of dialect d (see SQLite and MariaDB).
func Open(t testing.TB, d sqldb.Dialect) *sqldb.DB {
	t.Helper()
	if d == sqldb.MySQL {
		return MariaDB(t)
	}
	return SQLite(t)
}

// SQLite returns a database in a new file under t.TempDir(), closed when the test ends.
func SQLite(t testing.TB) *sqldb.DB {
	t.Helper()
	src := sqldb.Source{Dialect: sqldb.SQLite, Path: filepath.Join(t.TempDir(), "test.db")}
	return mustOpen(t, src)
}

// MariaDB returns a new, empty database on the local server, dropped when the test ends. When
// the tests target a Galera cluster (GaleraTarget), the database is made on the test binary's
// cluster, and each call connects through the next node in turn.
func MariaDB(t testing.TB) *sqldb.DB {
	t.Helper()
	if GaleraTarget() {
		g := SharedGalera(t)
		name := "test_" + RandomHex(6)
		g.CreateDatabase(t, name)
		return g.Open(t, g.nextNode(), name)
	}
	admin := Admin(t)
	name := "test_" + RandomHex(6)
	if _, err := admin.Exec("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS `" + name + "`"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	cfg := AdminConfig(t).Clone()
	cfg.DBName = name
	return mustOpen(t, sqldb.MySQLSource(cfg))
}

func mustOpen(t testing.TB, src sqldb.Source) *sqldb.DB {
	t.Helper()
	db, err := sqldb.Open(context.Background(), src)
	if err != nil {
		t.Fatalf("open %s: %v", src, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

var (
	adminOnce sync.Once
	adminDB   *sql.DB
	adminCfg  *mysql.Config
	adminErr  error
)

// AdminConfig returns the administrator's connection settings, skipping or failing the test
// (see the package comment) when MariaDB is unreachable.
func AdminConfig(t testing.TB) *mysql.Config {
	t.Helper()
	Admin(t)
	return adminCfg
}

// Admin returns a connection pool with administrator rights on the local MariaDB, shared by
// the whole test binary.
func Admin(t testing.TB) *sql.DB {
	t.Helper()
	skipOnGaleraTarget(t, "an administrator's connection")
	adminOnce.Do(func() {
		dsn := os.Getenv(AdminDSNEnv)
		if dsn == "" {
			dsn = defaultAdminDSN
		}
		adminCfg, adminErr = mysql.ParseDSN(dsn)
		if adminErr != nil {
			return
		}
		adminDB, adminErr = sql.Open("mysql", dsn)
		if adminErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		adminErr = adminDB.PingContext(ctx)
	})
	if adminErr != nil {
		if InCI() {
			t.Fatalf("MariaDB is required under CI=true but unreachable (%s): %v", AdminDSNEnv, adminErr)
		}
		t.Skipf("MariaDB unreachable, skipping (run `make test` to start it): %v", adminErr)
	}
	return adminDB
}

// TargetEnv names the variable that points the MariaDB tests at another kind of server:
// "galera" runs them on a 3-node Galera cluster that the test binary starts (SharedGalera).
// scripts/test.sh runs the store and API suites once more so.
const TargetEnv = "TEST_MARIADB_TARGET"

// GaleraTarget reports whether the MariaDB tests run on a Galera cluster (TargetEnv).
func GaleraTarget() bool { return os.Getenv(TargetEnv) == "galera" }

// skipOnGaleraTarget skips a test that needs the single local server itself (its Unix socket,
// port 3306, its grant tables) when the tests target a Galera cluster: such a test has run on
// that server in the main run, and what it checks does not depend on replication.
func skipOnGaleraTarget(t testing.TB, what string) {
	t.Helper()
	if GaleraTarget() {
		t.Skipf("%s needs the single local MariaDB server; it runs there in the main test run", what)
	}
}

// InCI reports whether the tests run under CI=true, where missing components are failures.
func InCI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v == "true" || v == "1"
}

// RandomHex returns n random bytes in hex, for unique names.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Exec runs a statement on db, failing the test when it fails: the set-up of a row that a
// test needs as it is.
func Exec(t testing.TB, db *sqldb.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}
