package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/servicetest"
)

// TestReadme_MariaDB runs the MariaDB set-up lines for the catalog in docs/OPERATIONS.md as
// they are written — load the script, create the user, start the server over the Unix socket
// — then the README's curl examples against that server. Only the names differ: a fresh
// database and user, dropped afterwards, so the system's MariaDB keeps what it had.
func TestReadme_MariaDB(t *testing.T) {
	admin := dbtest.Admin(t)
	if os.Geteuid() != 0 {
		// Under CI=true a test that cannot run fails rather than skips.
		if dbtest.InCI() {
			t.Fatal("the documented lines run mariadb as the system's root (sudo); CI must run as root")
		}
		t.Skip("the documented lines run mariadb as the system's root (sudo); run as root")
	}
	db, user := "rd_"+dbtest.RandomHex(6), "rd_"+dbtest.RandomHex(6)
	t.Cleanup(func() {
		for _, stmt := range []string{"DROP DATABASE IF EXISTS `" + db + "`", "DROP USER IF EXISTS '" + user + "'@'localhost'"} {
			if _, err := admin.Exec(stmt); err != nil {
				t.Errorf("%s: %v", stmt, err)
			}
		}
	})
	bin := servicetest.BuildCommand(t, "creatures")
	dir := t.TempDir()
	// creatures.sql as the repository's directory would hold it, for the fresh database's name.
	servicetest.Bash(t, dir, bin+" sql --database "+db+" > creatures.sql")
	adapt := strings.NewReplacer("sudo mariadb", "mariadb", "go run ./cmd/creatures", bin,
		"creature_catalog", db, "'catalog'", "'"+user+"'", "catalog@", user+"@")

	blocks := servicetest.DocShell(t, "docs/OPERATIONS.md", "## On MariaDB or MySQL", "### Creature Catalog")
	if len(blocks) != 2 {
		t.Fatalf("%d shell blocks in the MariaDB section, want 2 (load, then user and server)", len(blocks))
	}
	servicetest.Bash(t, dir, adapt.Replace(blocks[0]))
	if _, err := os.Stat(filepath.Join(dir, "zoo.sql")); err != nil {
		t.Errorf("the zoo.sql line wrote nothing: %v", err)
	}
	setup, serve, ok := cutLastLine(adapt.Replace(blocks[1]))
	if !ok || !strings.Contains(serve, bin+" -db ") {
		t.Fatalf("the block's last line is not the server's: %q", serve)
	}
	servicetest.Bash(t, dir, setup)

	port := freePort(t)
	ctx, stop := context.WithCancel(t.Context())
	server := exec.CommandContext(ctx, "bash", "-e", "-c", serve)
	server.Dir = dir
	server.Env = append(os.Environ(), "CREATURES_ADDR=127.0.0.1:"+port)
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
	servicetest.WaitHealthy(t, "http://127.0.0.1:"+port+"/healthz")

	// The curl examples, on this server: the patch goes to the created id.
	examples := servicetest.DocShell(t, "README.md", "# Campus apps: Chess Club and Creature Catalog", "## Creature Catalog")[0]
	out := servicetest.Bash(t, dir, strings.ReplaceAll(examples, "localhost:8081", "127.0.0.1:"+port))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, `"name":"Nessie"`) || !strings.Contains(last, `"habitat":null`) {
		t.Errorf("the PATCH example answered %s; want Nessie with no habitat", last)
	}
	if !strings.Contains(out, `"name":"Box Jellyfish"`) {
		t.Errorf("the list example did not show the samples from the script:\n%s", out)
	}
}

func cutLastLine(block string) (rest, last string, ok bool) {
	block = strings.TrimRight(block, "\n")
	i := strings.LastIndex(block, "\n")
	if i < 0 {
		return "", block, false
	}
	return block[:i+1], block[i+1:], true
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
}
