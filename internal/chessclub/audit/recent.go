package audit

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"campus.example/apps/internal/sqldb"
)

// Querier is what Recent reads through: a database or a transaction.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Recent returns when the latest n entries of action made by the member actor after since
// were made, newest first: fewer than n when there are fewer. It serves limits of the form
// "n changes of a kind per member and period": the trail holds every change that committed,
// on every replica, and keeps it when what the change made is deleted.
func Recent(ctx context.Context, q Querier, actor int64, action string, since time.Time, n int) ([]time.Time, error) {
	rows, err := q.QueryContext(ctx, "SELECT at FROM audit_log WHERE actor_id = ? AND action = ? AND at > ? ORDER BY at DESC, id DESC LIMIT ?",
		actor, action, since.UTC(), n)
	if err != nil {
		return nil, fmt.Errorf("read audit trail: %w", err)
	}
	var out []time.Time
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var at time.Time
		if err := rows.Scan(&at); err != nil {
			return err
		}
		out = append(out, at.UTC())
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read audit trail: %w", err)
	}
	return out, nil
}
