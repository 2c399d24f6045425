package sqldb

import (
	"database/sql"
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
