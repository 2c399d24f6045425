package dbtest

import (
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
)

// PrivateServer is a MariaDB server of a test's own: its own data directory, socket and TCP
// port, so that the test may stop and restart it without disturbing the shared server every
// other test uses. It runs without grant tables: any user name logs in over TCP.
type PrivateServer struct {
	// Port is the TCP port on 127.0.0.1.
	Port    int
	dir     string
	cmd     *exec.Cmd
	exited  chan struct{}
	mariadb string
}

// NewPrivateServer initialises a data directory under t.TempDir() and starts a server on it.
// The server is stopped when the test ends. Like every MariaDB helper it skips, or fails under
// CI=true, when the server's programs are not installed.
func NewPrivateServer(t testing.TB) *PrivateServer {
	t.Helper()
	daemon := lookProgram(t, "mariadbd", "/usr/sbin/mariadbd")
	install := lookProgram(t, "mariadb-install-db", "/usr/bin/mariadb-install-db")
	dir, err := os.MkdirTemp("", "mariadb-private-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	out, err := exec.Command(install, "--no-defaults", "--user=root", "--datadir="+filepath.Join(dir, "data"),
		"--auth-root-authentication-method=normal", "--skip-test-db").CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb-install-db: %v\n%s", err, out)
	}
	s := &PrivateServer{Port: freePort(t), dir: dir, mariadb: daemon}
	t.Cleanup(func() { s.Stop(t) })
	s.Start(t)
	return s
}

// Start starts the server (again) on its data directory and port and waits until it answers.
func (s *PrivateServer) Start(t testing.TB) {
	t.Helper()
	if s.cmd != nil {
		t.Fatal("private MariaDB started twice")
	}
	logFile, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(s.mariadb, "--no-defaults", "--user=root",
		"--datadir="+filepath.Join(s.dir, "data"), "--socket="+filepath.Join(s.dir, "sock"),
		"--port="+strconv.Itoa(s.Port), "--bind-address=127.0.0.1", "--pid-file="+filepath.Join(s.dir, "pid"),
		"--skip-grant-tables", "--innodb-buffer-pool-size=32M", "--character-set-server=utf8mb4",
		"--collation-server=utf8mb4_bin")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("start mariadbd: %v", err)
	}
	s.cmd, s.exited = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); logFile.Close(); close(s.exited) }()
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(127.0.0.1:%d)/", s.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second)
	for db.Ping() != nil {
		select {
		case <-s.exited:
			log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
			t.Fatalf("private mariadbd exited at start:\n%s", log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("private mariadbd did not answer within 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop shuts the server down cleanly (SIGTERM) and waits for it to exit.
func (s *PrivateServer) Stop(t testing.TB) {
	t.Helper()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(60 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		t.Error("private mariadbd did not stop within 60 s of SIGTERM; killed")
	}
	s.cmd = nil
}

// CreateDatabase creates a database on the server and returns a mysql:// URL that reaches it
// over TCP, in the form the services' -db flag takes.
func (s *PrivateServer) CreateDatabase(t testing.TB, name string) string {
	t.Helper()
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(127.0.0.1:%d)/", s.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	return fmt.Sprintf("mysql://root@127.0.0.1:%d/%s", s.Port, name)
}

// Open connects to database name on the server.
func (s *PrivateServer) Open(t testing.TB, name string) *sqldb.DB {
	t.Helper()
	src, err := sqldb.ParseURL(fmt.Sprintf("mysql://root@127.0.0.1:%d/%s", s.Port, name), "")
	if err != nil {
		t.Fatal(err)
	}
	return mustOpen(t, src)
}

// lookProgram finds a MariaDB server program on PATH or at its Debian path; it skips the test,
// or fails it under CI=true, when the program is missing.
func lookProgram(t testing.TB, name, debianPath string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if _, err := os.Stat(debianPath); err == nil {
		return debianPath
	}
	if InCI() {
		t.Fatalf("%s is required under CI=true (install mariadb-server)", name)
	}
	t.Skipf("%s not installed; skipping", name)
	return ""
}

// freePort asks the kernel for a free TCP port on 127.0.0.1.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
