package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"
	"modernc.org/sqlite"

	"campus.example/apps/internal/sqlitedirect"
)

// DB is a connection pool together with its dialect. It is safe for concurrent use.
type DB struct {
	*sql.DB
	Dialect Dialect
	source  Source
	stmts   sync.Map // query → *sql.Stmt, see Prepared
	direct  *sqlitedirect.Pool
	// writes queues the writes of a SQLite pool for the write lock (writes.go); nil on MySQL.
	writes *writeQueue
}

// Direct returns the pool of direct SQLite connections (package sqlitedirect) beside db,
// for the few reads that run most often, or nil on MySQL. Its connections are opened when
// first used, so a program that never calls it pays nothing; Close closes them.
func (db *DB) Direct() *sqlitedirect.Pool { return db.direct }

// Source returns where the pool connects, for logging (it holds no password in String form).
func (db *DB) Source() Source { return db.source }

// Open connects to src and checks the connection. For SQLite it creates the file and its
// directory when they are missing.
func Open(ctx context.Context, src Source) (*DB, error) {
	var (
		sqlDB *sql.DB
		err   error
	)
	switch src.Dialect {
	case SQLite:
		sqlDB, err = openSQLite(src.Path)
	case MySQL:
		sqlDB, err = openMySQL(src.MySQL)
	default:
		return nil, fmt.Errorf("open database: unknown dialect")
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", src, err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("connect to %s: %w", src, err)
	}
	db := &DB{DB: sqlDB, Dialect: src.Dialect, source: src}
	if src.Dialect == SQLite {
		db.direct = sqlitedirect.Open(src.Path, sqlitePoolSize())
		db.writes = newWriteQueue(WriteWait)
	}
	return db, nil
}

var registerFold sync.Once

// openSQLite opens path with write-ahead logging and immediate transactions: without
// _txlock=immediate, concurrent read-then-write transactions fail with "database is locked"
// instead of waiting for the busy timeout.
//
// synchronous(FULL) makes every commit reach the disk (an fsync of the log) before the
// request is acknowledged, so an acknowledged write survives a power cut or a kernel crash,
// not only the process being killed; with NORMAL, the last commits before such a crash could
// be lost. It costs about 0.2 ms per write on the project machine, as MariaDB's default
// innodb_flush_log_at_trx_commit=1 does.
func openSQLite(path string) (*sql.DB, error) {
	registerFold.Do(func() {
		// fold gives SQLite the same Unicode lower-casing as Fold and MySQL's LOWER; SQLite's
		// own lower() only knows ASCII.
		_ = sqlite.RegisterDeterministicScalarFunction("fold", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			if s, ok := args[0].(string); ok {
				return Fold(s), nil
			}
			return args[0], nil
		})
	})
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate&_time_format=sqlite"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	n := sqlitePoolSize()
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	return db, nil
}

// sqlitePoolSize is how many connections an SQLite pool keeps: SQLite's work runs on the
// calling goroutine, so a few per processor keep every processor busy.
func sqlitePoolSize() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

func openMySQL(cfg *mysql.Config) (*sql.DB, error) {
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(conn)
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	db.SetConnMaxLifetime(5 * time.Minute)
	return db, nil
}

// Fold is the case folding the services use for case-insensitive keys and searches. To
// compare without regard to case, store Fold of a value in a key column and compare it with
// Fold of the query: then both sides are folded by the same code on every database.
func Fold(s string) string { return strings.ToLower(s) }

// FoldSQL returns the SQL that case-folds the expression expr. On SQLite it is Fold itself; on
// MySQL it is LOWER(), whose case tables are older than Go's and leave letters such as ẞ,
// Georgian Mtavruli, Cherokee, Deseret, Adlam, Glagolitic, ϴ and Ꟈ as they are. Use it to
// order rows, where a rare letter out of place does little harm, never to match a value
// folded by Fold.
func (d Dialect) FoldSQL(expr string) string {
	if d == SQLite {
		return "fold(" + expr + ")"
	}
	return "LOWER(" + expr + ")"
}

// Ready reports whether db can serve requests now: on SQLite, that its file opens; on MySQL,
// that the server runs a statement. A ping is not enough there: a Galera node that has lost
// its cluster's quorum, or is still joining it, answers pings but refuses every statement
// (1047, see IsUnavailable), and a replica on it must not be sent requests.
func (db *DB) Ready(ctx context.Context) error {
	if db.Dialect != MySQL {
		return db.PingContext(ctx)
	}
	var one int
	return db.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}
