package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// EachRow calls fn for each row and closes rows, returning the first error of fn or of the
// rows.
func EachRow(rows *sql.Rows, fn func(*sql.Rows) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// StringPtr is the value of a nullable string column: nil for NULL.
func StringPtr(ns sql.NullString) *string {
	if !ns.Valid {
		return nil
	}
	return &ns.String
}

// TimePtr is the value of a nullable time column, in UTC: nil for NULL.
func TimePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// Querier is what QueryOne reads through: a *sql.DB, *sql.Tx or *sql.Conn.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// OneRow is the result of QueryOne.
type OneRow struct {
	rows *sql.Rows
	err  error
}

// QueryOne runs a query that returns at most one row, as QueryRowContext does, but its Scan
// reports the statement's own error in preference to an error scanning the row. A statement
// that the server ends early after sending a row cut short — on a Galera cluster, a read
// aborted by a write replicated from another node, whose row may hold a COUNT(*) as NULL —
// then fails with the server's error (a deadlock, 1213, which Transact retries and
// IsUnavailable knows), where sql.Row.Scan would report only "converting NULL to int".
func QueryOne(ctx context.Context, q Querier, query string, args ...any) *OneRow {
	rows, err := q.QueryContext(ctx, query, args...)
	return &OneRow{rows: rows, err: err}
}

// Scan copies the row's columns into dest; it returns sql.ErrNoRows when there is no row.
func (r *OneRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		for r.rows.Next() {
		}
		if stmtErr := r.rows.Err(); stmtErr != nil {
			return errors.Join(stmtErr, err)
		}
		if stmtErr := r.rows.Close(); stmtErr != nil {
			return errors.Join(stmtErr, err)
		}
		return err
	}
	return r.rows.Close()
}
