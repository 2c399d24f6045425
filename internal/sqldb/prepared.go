package sqldb

import (
	"context"
	"database/sql"
	"errors"
)

// Prepared returns a prepared statement for query, prepared on first use and kept until the
// pool closes. Hot paths use it: SQLite spends about a quarter of a point read parsing the
// SQL when a query is sent as text each time. A failed preparation (a table that does not
// exist yet, say) is returned and not kept, so a later call tries again.
func (db *DB) Prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if v, ok := db.stmts.Load(query); ok {
		return v.(*sql.Stmt), nil
	}
	stmt, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if v, loaded := db.stmts.LoadOrStore(query, stmt); loaded {
		stmt.Close()
		return v.(*sql.Stmt), nil
	}
	return stmt, nil
}

// Close closes the direct SQLite connections (Direct), the prepared statements and then the
// pool.
func (db *DB) Close() error {
	var errs []error
	if db.direct != nil {
		errs = append(errs, db.direct.Close())
	}
	db.stmts.Range(func(k, v any) bool {
		errs = append(errs, v.(*sql.Stmt).Close())
		db.stmts.Delete(k)
		return true
	})
	errs = append(errs, db.DB.Close())
	return errors.Join(errs...)
}
