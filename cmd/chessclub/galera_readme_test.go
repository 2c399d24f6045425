package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
	"campus.example/apps/internal/servicetest"
)

// TestReadme_Galera runs the lines of docs/OPERATIONS.md's "Run on a Galera cluster" as they
// are written against the test binary's 3-node cluster: the cluster's status, a database
// created through the first node, and a catalog replica on the second node with
// wsrep_sync_wait=1. Only the addresses and the database's name differ. A creature created
// through that replica must then be on the third node.
func TestReadme_Galera(t *testing.T) {
	g := dbtest.SharedGalera(t)
	name := "rg_" + dbtest.RandomHex(6)
	t.Cleanup(func() { _, _ = g.Admin(t, 1).Exec("DROP DATABASE IF EXISTS `" + name + "`") })
	bin := proctest.Build(t, creaturesPkg)
	port := freePort(t)
	adapt := strings.NewReplacer(
		"-h db1.example -P 3306", fmt.Sprintf("-h 127.0.0.1 -P %d", g.Nodes[0].Port),
		"@db2.example:3306/", fmt.Sprintf("@127.0.0.1:%d/", g.Nodes[1].Port),
		"go run ./cmd/creatures", bin, "-addr :8081", "-addr 127.0.0.1:"+port,
		"creature_catalog", name)
	blocks := servicetest.DocShell(t, "docs/OPERATIONS.md", "## Run on a Galera cluster", "### The services' settings")
	if len(blocks) != 1 {
		t.Fatalf("%d shell blocks in the Galera section, want 1", len(blocks))
	}
	setup, serve, ok := cutLastLine(adapt.Replace(blocks[0]))
	if !ok || !strings.Contains(serve, bin+" -addr ") || !strings.Contains(serve, "wsrep_sync_wait=1") {
		t.Fatalf("the block's last line is not a catalog server reading with wsrep_sync_wait=1: %q", serve)
	}
	dir := t.TempDir()
	out := servicetest.Bash(t, dir, setup)
	for _, want := range []string{"wsrep_cluster_size\t3", "wsrep_local_state_comment\tSynced"} {
		if !strings.Contains(out, want) {
			t.Errorf("the status lines lack %q:\n%s", want, out)
		}
	}

	ctx, stop := context.WithCancel(t.Context())
	server := exec.CommandContext(ctx, "bash", "-e", "-c", serve)
	server.Dir = dir
	server.Env = os.Environ()
	var logs servicetest.SyncBuffer
	server.Stdout, server.Stderr = &logs, &logs
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stop()
		_ = server.Wait()
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	}()
	base := "http://127.0.0.1:" + port
	servicetest.WaitHealthy(t, base+"/healthz")
	if s := proctest.Status(proctest.Client(), base+"/readyz"); s != http.StatusOK {
		t.Fatalf("/readyz: %d", s)
	}
	res, err := http.Post(base+"/creatures", "application/json", strings.NewReader(`{"name":"Galera","species":"Replicated"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create through the documented replica: %d", res.StatusCode)
	}
	var n int
	if err := syncedConn(t, g, 3).QueryRowContext(t.Context(), "SELECT COUNT(*) FROM `"+name+"`.creatures WHERE name = 'Galera'").Scan(&n); err != nil || n != 1 {
		t.Errorf("node 3 has %d rows of the creature (%v), want 1", n, err)
	}
}
