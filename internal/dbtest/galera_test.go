package dbtest_test

import (
	"testing"

	"campus.example/apps/internal/dbtest"
)

// TestGalera_ReplicatesAndRejoins checks the fixture itself: a row written on one node is read
// on the others, and a node killed with SIGKILL rejoins with the writes it missed.
func TestGalera_ReplicatesAndRejoins(t *testing.T) {
	g := dbtest.SharedGalera(t)
	name := "test_" + dbtest.RandomHex(6)
	g.CreateDatabase(t, name)
	if _, err := g.Admin(t, 1).Exec("CREATE TABLE `" + name + "`.t (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20) NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	insert := func(node int, v string) {
		t.Helper()
		if _, err := g.Admin(t, node).Exec("INSERT INTO `"+name+"`.t (v) VALUES (?)", v); err != nil {
			t.Fatalf("insert through node %d: %v", node, err)
		}
	}
	count := func(node int) int {
		t.Helper()
		db := g.Admin(t, node)
		conn, err := db.Conn(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(t.Context(), "SET SESSION wsrep_sync_wait = 1"); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := conn.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM `"+name+"`.t").Scan(&n); err != nil {
			t.Fatalf("count on node %d: %v", node, err)
		}
		return n
	}
	insert(1, "one")
	for node := 1; node <= dbtest.GaleraNodes; node++ {
		if got := count(node); got != 1 {
			t.Errorf("node %d has %d rows, want 1", node, got)
		}
	}
	g.Kill(t, 3)
	insert(2, "missed by node 3")
	g.Restart(t, 3)
	g.WaitSynced(t)
	if got := count(3); got != 2 {
		t.Errorf("node 3 has %d rows after it rejoined, want 2", got)
	}
}
