package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/servicetest"
)

// TestReadme_MariaDB runs the MariaDB set-up lines for the club in docs/OPERATIONS.md as they
// are written — load chess.sql, create the user, start the server over the Unix socket — then
// the README's register, login, tournament and photo example and its club night against that
// server. Only the names differ: a fresh database and user, dropped afterwards.
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
	bin := servicetest.BuildCommand(t, "chessclub")
	dir := t.TempDir()
	servicetest.Bash(t, dir, bin+" sql -database "+db+" > chess.sql")
	adapt := strings.NewReplacer("sudo mariadb", "mariadb", "go run ./cmd/chessclub", bin,
		"/chessclub?", "/"+db+"?", "ON chessclub.*", "ON "+db+".*", "'club'", "'"+user+"'", "club@", user+"@")

	blocks := servicetest.DocShell(t, "docs/OPERATIONS.md", "## On MariaDB or MySQL", "### Chess Club")
	if len(blocks) != 1 {
		t.Fatalf("%d shell blocks in the MariaDB section, want 1", len(blocks))
	}
	setup, serve, ok := cutLastLine(adapt.Replace(blocks[0]))
	if !ok || !strings.Contains(serve, bin+" -db ") {
		t.Fatalf("the block's last line is not the server's: %q", serve)
	}
	servicetest.Bash(t, dir, setup)

	port := freePort(t)
	ctx, stop := context.WithCancel(t.Context())
	server := exec.CommandContext(ctx, "bash", "-e", "-c", serve)
	server.Dir = dir
	server.Env = append(os.Environ(), "CHESSCLUB_ADDR=127.0.0.1:"+port, "CHESSCLUB_FIGURES="+filepath.Join(dir, "figures"))
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

	// me.jpg, the photo the example uploads.
	var photo bytes.Buffer
	if err := jpeg.Encode(&photo, image.NewRGBA(image.Rect(0, 0, 32, 24)), nil); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "me.jpg"), photo.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	example := servicetest.DocShell(t, "README.md", "# Campus apps: Chess Club and Creature Catalog", "## Chess Club")[0]
	out := servicetest.Bash(t, dir, strings.ReplaceAll(example, "localhost:8080", "127.0.0.1:"+port))
	for _, want := range []string{`"username":"magnus"`, `"name":"Friday Blitz"`, `"url":"/api/figures/`} {
		if !strings.Contains(out, want) {
			t.Errorf("the example's output lacks %s:\n%s", want, out)
		}
	}

	// The club night: four players, three rounds paired and played, finished, rated.
	night := servicetest.DocShell(t, "README.md", "# Campus apps: Chess Club and Creature Catalog", "## A club night in five minutes")
	if len(night) != 1 {
		t.Fatalf("%d shell blocks in the club night, want 1", len(night))
	}
	out = servicetest.Bash(t, dir, strings.ReplaceAll(night[0], "localhost:8080", "127.0.0.1:"+port))
	for _, want := range []string{`"full_name":"Dev"`, `"number":3,`, `"state":"finished","current_round":3,"player_count":4`} {
		if !strings.Contains(out, want) {
			t.Errorf("the club night's output lacks %s:\n%s", want, out)
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, `{"rounds":3,"players":[`) || strings.Count(last, `"member_id"`) != 4 {
		t.Errorf("the club night's crosstable is %s; want 3 rounds of 4 players", last)
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
