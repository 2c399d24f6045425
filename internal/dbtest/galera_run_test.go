package dbtest

import (
	"testing"
)

// TestGalera_Attach reaches a running cluster by the ports GaleraNodesEnv would name, as the
// test binaries of scripts/test.sh's cluster pass do: a row written through the attached
// cluster is read through the cluster's own handle.
func TestGalera_Attach(t *testing.T) {
	own := SharedGalera(t)
	attached, err := attachGalera(own.ClientPorts())
	if err != nil {
		t.Fatal(err)
	}
	defer attached.Close()
	if !attached.attached || len(attached.Nodes) != GaleraNodes {
		t.Fatalf("attached cluster: attached %v, %d nodes", attached.attached, len(attached.Nodes))
	}
	name := "attach_" + RandomHex(4)
	attached.CreateDatabase(t, name)
	db := attached.Open(t, 3, name)
	Exec(t, db, "CREATE TABLE t (id INT PRIMARY KEY)")
	Exec(t, db, "INSERT INTO t VALUES (7)")
	var id int
	if err := own.Open(t, 1, name).QueryRow("SELECT id FROM t").Scan(&id); err != nil || id != 7 {
		t.Fatalf("read through node 1: id %d, %v", id, err)
	}
}

func TestAttachGaleraRefusesBadPorts(t *testing.T) {
	for _, ports := range []string{"", "3306", "1,2", "a,b,c", "1,2,70000", "1,2,3,4"} {
		if _, err := attachGalera(ports); err == nil {
			t.Errorf("attachGalera(%q) = nil error", ports)
		}
	}
}
