package sqldb_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestTransact_RetriesDeadlock makes two transactions lock two rows in opposite orders, so
// that InnoDB must roll one back (error 1213). Transact runs the victim again, and both
// commit: three runs in all.
func TestTransact_RetriesDeadlock(t *testing.T) {
	db := dbtest.MariaDB(t)
	mustExec(t, db, "CREATE TABLE pair (id INTEGER PRIMARY KEY, v INTEGER NOT NULL) ENGINE=InnoDB")
	mustExec(t, db, "INSERT INTO pair (id, v) VALUES (1, 0), (2, 0)")
	var runs atomic.Int32
	both := sync.WaitGroup{}
	both.Add(2)
	lockBoth := func(first, second int) func(*sql.Tx) error {
		firstRun := true
		return func(tx *sql.Tx) error {
			runs.Add(1)
			if _, err := tx.Exec("UPDATE pair SET v = v + 1 WHERE id = ?", first); err != nil {
				return err
			}
			if firstRun {
				// Both hold their first row before either asks for its second.
				firstRun = false
				both.Done()
				both.Wait()
			}
			_, err := tx.Exec("UPDATE pair SET v = v + 1 WHERE id = ?", second)
			return err
		}
	}
	errs := make(chan error, 2)
	go func() { errs <- db.Transact(t.Context(), lockBoth(1, 2)) }()
	go func() { errs <- db.Transact(t.Context(), lockBoth(2, 1)) }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("Transact: %v", err)
		}
	}
	if got := runs.Load(); got != 3 {
		t.Errorf("%d runs, want 3: two, and the deadlock victim's second", got)
	}
	var sum int
	if err := db.QueryRow("SELECT SUM(v) FROM pair").Scan(&sum); err != nil || sum != 4 {
		t.Errorf("sum of v = %d (%v), want 4: each committed once", sum, err)
	}
}

// TestExecContext_RetriesLockWaitTimeout holds a row lock for 1.5 s while a pool whose lock
// wait timeout is 1 s updates the row outside a transaction: the first attempt times out
// (error 1205), and the statement is run again and succeeds once the lock is free.
func TestExecContext_RetriesLockWaitTimeout(t *testing.T) {
	db := dbtest.MariaDB(t)
	mustExec(t, db, "CREATE TABLE counter (id INTEGER PRIMARY KEY, v INTEGER NOT NULL) ENGINE=InnoDB")
	mustExec(t, db, "INSERT INTO counter (id, v) VALUES (1, 0)")
	impatient := openWithParams(t, db, map[string]string{"innodb_lock_wait_timeout": "1"})

	holder, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback()
	if _, err := holder.Exec("UPDATE counter SET v = v + 10 WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(1500 * time.Millisecond)
		holder.Commit()
	}()
	start := time.Now()
	if _, err := impatient.ExecContext(t.Context(), "UPDATE counter SET v = v + 1 WHERE id = 1"); err != nil {
		t.Fatalf("ExecContext: %v", err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("the update took %v: it never waited for the lock, so nothing was retried", waited)
	}
	var v int
	if err := db.QueryRow("SELECT v FROM counter WHERE id = 1").Scan(&v); err != nil || v != 11 {
		t.Errorf("v = %d (%v), want 11", v, err)
	}

	// Without a retry, the same wait is error 1205, which IsRetryable knows.
	holder2, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer holder2.Rollback()
	if _, err := holder2.Exec("UPDATE counter SET v = v + 10 WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	_, err = impatient.DB.ExecContext(t.Context(), "UPDATE counter SET v = v + 1 WHERE id = 1")
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1205 || !sqldb.IsRetryable(err) {
		t.Errorf("a lock wait timeout gave %v, retryable %v", err, sqldb.IsRetryable(err))
	}
}

// TestRetry_Bounds checks how often Retry runs fn, with the servers' real error values.
func TestRetry_Bounds(t *testing.T) {
	db := dbtest.SQLite(t)
	deadlock := &mysql.MySQLError{Number: 1213, Message: "Deadlock found when trying to get lock"}
	duplicate := &mysql.MySQLError{Number: 1062, Message: "Duplicate entry"}
	for _, tc := range []struct {
		name     string
		errs     []error // returned by successive runs; nil after the list ends
		wantRuns int
		wantErr  error
	}{
		{"success", nil, 1, nil},
		{"two deadlocks", []error{deadlock, deadlock}, 3, nil},
		{"deadlocks up to the last attempt", []error{deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, nil},
		{"deadlocks beyond it", []error{deadlock, deadlock, deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, deadlock},
		{"another error", []error{duplicate}, 1, duplicate},
		{"a wrapped deadlock", []error{errors.Join(errors.New("insert"), deadlock)}, 2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := 0
			err := db.Retry(t.Context(), func() error {
				runs++
				if runs <= len(tc.errs) {
					return tc.errs[runs-1]
				}
				return nil
			})
			if runs != tc.wantRuns || !errors.Is(err, tc.wantErr) {
				t.Errorf("%d runs, error %v; want %d, %v", runs, err, tc.wantRuns, tc.wantErr)
			}
		})
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	runs := 0
	err := db.Retry(ctx, func() error { runs++; return deadlock })
	if runs != 1 || !errors.Is(err, context.Canceled) {
		t.Errorf("with an ended context: %d runs, %v", runs, err)
	}
}

func mustExec(t *testing.T, db *sqldb.DB, query string) {
	t.Helper()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

// openWithParams opens a second pool on db's MariaDB database with extra session variables.
func openWithParams(t *testing.T, db *sqldb.DB, params map[string]string) *sqldb.DB {
	t.Helper()
	cfg := db.Source().MySQL.Clone()
	src := sqldb.MySQLSource(cfg)
	for k, v := range params {
		src.MySQL.Params[k] = v
	}
	other, err := sqldb.Open(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return other
}
