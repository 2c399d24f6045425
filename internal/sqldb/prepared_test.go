package sqldb_test

import (
	"testing"

	"campus.example/apps/internal/dbtest"
)

func TestPrepared(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			const q = "SELECT name FROM later WHERE id = ?"
			if _, err := db.Prepared(t.Context(), q); err == nil {
				t.Fatal("preparing a query on a missing table succeeded")
			}
			if _, err := db.Exec("CREATE TABLE later (id INTEGER PRIMARY KEY, name VARCHAR(10))"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec("INSERT INTO later (id, name) VALUES (1, 'one'), (2, 'two')"); err != nil {
				t.Fatal(err)
			}
			first, err := db.Prepared(t.Context(), q)
			if err != nil {
				t.Fatalf("the failure was kept: %v", err)
			}
			second, err := db.Prepared(t.Context(), q)
			if err != nil || second != first {
				t.Errorf("a second call prepared again (%p, %p, %v)", first, second, err)
			}
			var name string
			if err := second.QueryRow(2).Scan(&name); err != nil || name != "two" {
				t.Errorf("query through the prepared statement: %q, %v", name, err)
			}
			if err := db.Close(); err != nil {
				t.Fatalf("close: %v", err)
			}
			if err := first.QueryRow(1).Scan(&name); err == nil {
				t.Error("the statement still works after Close")
			}
		})
	}
}
