package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestThrottleDeadlockRetry checks that a transaction InnoDB rolled back to break a deadlock
// runs again, a few times at most, and that other errors are returned at once.
func TestThrottleDeadlockRetry(t *testing.T) {
	deadlock := fmt.Errorf("lock buckets: %w", &mysql.MySQLError{Number: 1213, Message: "Deadlock found"})
	other := &mysql.MySQLError{Number: 1062, Message: "Duplicate entry"}
	tests := []struct {
		name      string
		errs      []error // returned by successive runs; nil after the list ends
		wantRuns  int
		wantError error
	}{
		{"no error", nil, 1, nil},
		{"one deadlock", []error{deadlock}, 2, nil},
		{"deadlocks up to the limit", []error{deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, nil},
		{"too many deadlocks", []error{deadlock, deadlock, deadlock, deadlock, deadlock}, sqldb.MaxAttempts, deadlock},
		{"another MySQL error", []error{other}, 1, other},
		{"a plain error", []error{sql.ErrConnDone}, 1, sql.ErrConnDone},
	}
	th := newThrottle(DefaultThrottle, NewStore(dbtest.SQLite(t), time.Now), slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runs := 0
			err := th.transact(context.Background(), func(*sql.Tx) error {
				runs++
				if runs <= len(tc.errs) {
					return tc.errs[runs-1]
				}
				return nil
			})
			if runs != tc.wantRuns {
				t.Errorf("%d runs, want %d", runs, tc.wantRuns)
			}
			if !errors.Is(err, tc.wantError) {
				t.Errorf("error %v, want %v", err, tc.wantError)
			}
		})
	}
	if sqldb.IsDeadlock(errors.New(strings.Repeat("Deadlock found ", 2))) {
		t.Error("IsDeadlock matched message text")
	}
}
