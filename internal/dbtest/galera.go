package dbtest

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
)

// GaleraProvider is the wsrep provider library of Debian's galera-4 package.
const GaleraProvider = "/usr/lib/galera/libgalera_smm.so"

// GaleraNodes is how many nodes a test cluster has: the smallest cluster that keeps a majority
// when one node is lost.
const GaleraNodes = 3

// Galera is a MariaDB Galera cluster of a test binary's own: GaleraNodes mariadbd processes on
// loopback ports, each with its own data directory under one temporary directory, replicating
// synchronously to each other. It never touches the MariaDB server the other tests use. The
// nodes run without grant tables: root logs in over TCP without a password.
//
// A watchdog process kills the nodes and removes their directory when the test binary exits,
// however it exits, so that a cluster can be shared by every test of a binary (SharedGalera)
// without a TestMain. Galera's methods are safe for concurrent use.
type Galera struct {
	// Nodes are the cluster's nodes; Nodes[0] bootstrapped the cluster.
	Nodes []*GaleraNode
	dir   string
	// watchdog holds the write end of the watchdog's standard input: closing it, or the
	// process exiting, makes the watchdog kill the nodes and remove dir.
	watchdog   io.WriteCloser
	watchdogCh chan struct{}
	mariadbd   string
	// user, uid and gid are the account the nodes run as.
	user     string
	uid, gid int

	mu     sync.Mutex
	admins map[int]*sql.DB
	next   int
	// attached is set on a cluster another process started (attachGalera): its nodes are
	// not this process's to kill, pause or restart.
	attached bool
}

// nextNode returns the number of the node after the one it returned last, so that the
// databases of a test binary are reached through every node in turn.
func (g *Galera) nextNode() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.next = g.next%len(g.Nodes) + 1
	return g.next
}

// GaleraNode is one mariadbd of a Galera cluster.
type GaleraNode struct {
	// N is the node's number, 1 to GaleraNodes.
	N int
	// Port is the node's client port on 127.0.0.1.
	Port int
	// gcomm, ist and sst are the ports of group communication, incremental state transfer and
	// the rsync daemon of a full state transfer.
	gcomm, ist, sst int

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
}

var (
	sharedGaleraOnce sync.Once
	sharedGalera     *Galera
	sharedGaleraErr  error
)

// SharedGalera returns the test binary's cluster, starting it on first use (about 15 s on two
// processors), or the cluster of the whole run that GaleraNodesEnv names. Tests that stop, kill or pause nodes must leave every node running and Synced
// when they end (see WaitSynced), for the tests that come after them. Like every MariaDB helper
// it skips, or fails under CI=true, when Galera is not installed.
func SharedGalera(t testing.TB) *Galera {
	t.Helper()
	needGalera(t)
	sharedGaleraOnce.Do(func() {
		if ports := os.Getenv(GaleraNodesEnv); ports != "" {
			sharedGalera, sharedGaleraErr = attachGalera(ports)
			return
		}
		sharedGalera, sharedGaleraErr = startGalera(os.TempDir())
	})
	if sharedGaleraErr != nil {
		t.Fatalf("start Galera cluster: %v", sharedGaleraErr)
	}
	return sharedGalera
}

// needGalera skips, or fails under CI=true, when the provider or the server is missing.
func needGalera(t testing.TB) {
	t.Helper()
	lookProgram(t, "mariadbd", "/usr/sbin/mariadbd")
	_, errProvider := os.Stat(GaleraProvider)
	_, errRsync := exec.LookPath("rsync")
	if errProvider == nil && errRsync == nil {
		return
	}
	if InCI() {
		t.Fatalf("Galera is required under CI=true: run scripts/ensure-galera.sh (provider: %v, rsync: %v)", errProvider, errRsync)
	}
	t.Skip("Galera (galera-4, rsync) not installed; skipping (scripts/ensure-galera.sh installs it)")
}

// startGalera initialises the first node's data directory, bootstraps the cluster on it and
// lets the other nodes join by state transfer.
func startGalera(tmp string) (*Galera, error) {
	daemon, err := exec.LookPath("mariadbd")
	if err != nil {
		daemon = "/usr/sbin/mariadbd"
	}
	install, err := exec.LookPath("mariadb-install-db")
	if err != nil {
		install = "/usr/bin/mariadb-install-db"
	}
	dir, err := os.MkdirTemp(tmp, "galera-")
	if err != nil {
		return nil, err
	}
	g := &Galera{dir: dir, mariadbd: daemon, admins: map[int]*sql.DB{}, user: "root"}
	// Run as root, mariadbd's rsync daemon for a state transfer would write as nobody: the
	// nodes run as the mysql user instead, which owns the cluster's directory.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("mysql")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("galera nodes run as the mysql user when the tests run as root: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		g.user, g.uid, g.gid = "mysql", uid, gid
	} else if u, err := user.Current(); err == nil {
		g.user, g.uid, g.gid = u.Username, os.Geteuid(), os.Getegid()
	}
	if err := g.startWatchdog(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	ports, err := freePorts(4 * GaleraNodes)
	if err != nil {
		g.Close()
		return nil, err
	}
	for i := range GaleraNodes {
		n := &GaleraNode{N: i + 1, Port: ports[4*i], gcomm: ports[4*i+1], ist: ports[4*i+2], sst: ports[4*i+3]}
		g.Nodes = append(g.Nodes, n)
		if err := os.MkdirAll(g.dataDir(n), 0o750); err != nil {
			g.Close()
			return nil, err
		}
		if err := os.Chown(g.dataDir(n), g.uid, g.gid); err != nil {
			g.Close()
			return nil, err
		}
	}
	// A directory of temporary files of the cluster's own: two clusters initialised at once
	// (two test binaries) in one /tmp collide on mariadbd's temporary table names.
	if err := os.Mkdir(g.tmpDir(), 0o750); err != nil {
		g.Close()
		return nil, err
	}
	if err := os.Chown(g.tmpDir(), g.uid, g.gid); err != nil {
		g.Close()
		return nil, err
	}
	installCmd := exec.Command(install, "--no-defaults", "--user="+g.user, "--datadir="+g.dataDir(g.Nodes[0]),
		"--auth-root-authentication-method=normal", "--skip-test-db")
	installCmd.Env = append(os.Environ(), "TMPDIR="+g.tmpDir())
	out, err := installCmd.CombinedOutput()
	if err != nil {
		g.Close()
		return nil, fmt.Errorf("mariadb-install-db: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, n := range g.Nodes {
		if err := g.start(ctx, n, n.N == 1, ""); err != nil {
			g.Close()
			return nil, err
		}
		// The nodes join one at a time: two state transfers from one donor at once would
		// make the second wait for the first anyway.
		if err := g.waitSynced(ctx, n.N); err != nil {
			g.Close()
			return nil, err
		}
	}
	return g, nil
}

// startWatchdog starts the shell that tears the cluster down when its standard input closes.
func (g *Galera) startWatchdog() error {
	script := `read _ ; for f in "$1"/node*.pid; do [ -f "$f" ] && kill -CONT "$(cat "$f")" 2>/dev/null; [ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null; done; sleep 0.5; rm -rf "$1"`
	cmd := exec.Command("sh", "-c", script, "galera-watchdog", g.dir)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	// Its own process group, so that a signal to the test's group does not end it before the
	// nodes it must end.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	g.watchdog, g.watchdogCh = in, make(chan struct{})
	go func() { _ = cmd.Wait(); close(g.watchdogCh) }()
	return nil
}

// Close kills every node and removes the cluster's directory; SharedGalera's cluster is closed
// when the test binary exits.
func (g *Galera) Close() {
	g.mu.Lock()
	for _, db := range g.admins {
		db.Close()
	}
	g.admins = map[int]*sql.DB{}
	g.mu.Unlock()
	if g.watchdog != nil {
		g.watchdog.Close()
		<-g.watchdogCh
	}
	for _, n := range g.Nodes {
		n.mu.Lock()
		if n.cmd != nil {
			<-n.exited
			n.cmd = nil
		}
		n.mu.Unlock()
	}
}

func (g *Galera) dataDir(n *GaleraNode) string {
	return filepath.Join(g.dir, fmt.Sprintf("node%d", n.N))
}

func (g *Galera) tmpDir() string { return filepath.Join(g.dir, "tmp") }

func (g *Galera) logPath(n *GaleraNode) string {
	return filepath.Join(g.dir, fmt.Sprintf("node%d.log", n.N))
}

// args are mariadbd's options for node n. The settings are the ones docs/OPERATIONS.md names
// for a Galera cluster: row-based binary log, InnoDB, interleaved auto-increment locks.
func (g *Galera) args(n *GaleraNode) []string {
	var members []string
	for _, m := range g.Nodes {
		members = append(members, fmt.Sprintf("127.0.0.1:%d", m.gcomm))
	}
	return []string{"--no-defaults", "--user=" + g.user,
		"--datadir=" + g.dataDir(n), "--socket=" + filepath.Join(g.dir, fmt.Sprintf("node%d.sock", n.N)),
		"--port=" + strconv.Itoa(n.Port), "--bind-address=127.0.0.1", "--tmpdir=" + g.tmpDir(),
		"--pid-file=" + filepath.Join(g.dir, fmt.Sprintf("node%d.pid", n.N)),
		"--skip-grant-tables", "--innodb-buffer-pool-size=32M", "--innodb-log-file-size=16M",
		"--character-set-server=utf8mb4", "--collation-server=utf8mb4_bin",
		"--binlog-format=ROW", "--default-storage-engine=InnoDB", "--innodb-autoinc-lock-mode=2",
		"--wsrep-on=ON", "--wsrep-provider=" + GaleraProvider, "--wsrep-cluster-name=test",
		"--wsrep-cluster-address=gcomm://" + strings.Join(members, ","),
		"--wsrep-node-name=node" + strconv.Itoa(n.N), "--wsrep-node-address=127.0.0.1",
		"--wsrep-node-incoming-address=127.0.0.1:" + strconv.Itoa(n.Port),
		fmt.Sprintf("--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:%d;ist.recv_addr=127.0.0.1:%d;gcache.size=64M", n.gcomm, n.ist),
		fmt.Sprintf("--wsrep-sst-receive-address=127.0.0.1:%d", n.sst),
		"--wsrep-sst-method=rsync", "--wsrep-slave-threads=2",
	}
}

// start starts node n's mariadbd: with bootstrap, as a new cluster of its own; with a
// position (see recoverPosition), from that point of the cluster's history, so that it
// catches up by incremental state transfer.
func (g *Galera) start(ctx context.Context, n *GaleraNode, bootstrap bool, position string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.cmd != nil {
		return fmt.Errorf("galera node %d started twice", n.N)
	}
	logFile, err := os.OpenFile(g.logPath(n), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	args := g.args(n)
	if bootstrap {
		args = append(args, "--wsrep-new-cluster")
	}
	if position != "" {
		args = append(args, "--wsrep-start-position="+position)
	}
	cmd := exec.Command(g.mariadbd, args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return fmt.Errorf("start galera node %d: %w", n.N, err)
	}
	n.cmd, n.exited = cmd, make(chan struct{})
	exited := n.exited
	go func() { _ = cmd.Wait(); logFile.Close(); close(exited) }()
	return nil
}

// recovered matches the line of mariadbd --wsrep-recover that names the last committed
// position, as in "WSREP: Recovered position: 5a76ef62-...:42".
var recovered = regexp.MustCompile(`WSREP: Recovered position: ([0-9a-f-]+:-?\d+)`)

// recoverPosition runs mariadbd --wsrep-recover on node n's data directory, as Debian's
// galera_recovery does before a start, and returns the position it recovered.
func (g *Galera) recoverPosition(n *GaleraNode) (string, error) {
	logPath := filepath.Join(g.dir, fmt.Sprintf("node%d.recover.log", n.N))
	args := append(g.args(n), "--wsrep-recover", "--log-error="+logPath)
	out, err := exec.Command(g.mariadbd, args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("mariadbd --wsrep-recover: %v\n%s", err, out)
	}
	log, _ := os.ReadFile(logPath)
	_ = os.Remove(logPath)
	m := recovered.FindSubmatch(log)
	if m == nil {
		return "", fmt.Errorf("mariadbd --wsrep-recover named no position:\n%s", log)
	}
	return string(m[1]), nil
}

// Admin returns a pool of administrator connections to node i (1-based), shared by the tests
// of the binary. It sets no wsrep_sync_wait: a test that must read another node's write asks
// for it.
func (g *Galera) Admin(t testing.TB, i int) *sql.DB {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	if db, ok := g.admins[i]; ok {
		return db
	}
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(127.0.0.1:%d)/?timeout=5s", g.Nodes[i-1].Port))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxIdleConns(4)
	g.admins[i] = db
	return db
}

// URL returns the mysql:// URL of database name on node i (1-based), in the form the services'
// -db flag takes, with the reads made to wait for the cluster (wsrep_sync_wait=1), as
// docs/OPERATIONS.md asks of a Galera deployment.
func (g *Galera) URL(i int, name string) string {
	return fmt.Sprintf("mysql://root@127.0.0.1:%d/%s?wsrep_sync_wait=1", g.Nodes[i-1].Port, name)
}

// CreateDatabase creates a database through node 1, waits until every running node has it and
// drops it when the test ends.
func (g *Galera) CreateDatabase(t testing.TB, name string) {
	t.Helper()
	if _, err := g.Admin(t, 1).Exec("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"); err != nil {
		t.Fatalf("create database %s on the cluster: %v", name, err)
	}
	// The other nodes apply the statement a moment later; a connection that names the
	// database must find it on whichever node it reaches.
	deadline := time.Now().Add(30 * time.Second)
	for i := 2; i <= len(g.Nodes); i++ {
		for {
			var n int
			err := g.Admin(t, i).QueryRow("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", name).Scan(&n)
			if err == nil && n == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("database %s not on node %d after 30 s (%v)", name, i, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Cleanup(func() {
		for i := 1; i <= len(g.Nodes); i++ {
			if _, err := g.Admin(t, i).Exec("DROP DATABASE IF EXISTS `" + name + "`"); err == nil {
				return
			}
		}
		t.Errorf("drop database %s: no node answered", name)
	})
}

// Open connects to database name through node i (1-based), with the settings of URL.
func (g *Galera) Open(t testing.TB, i int, name string) *sqldb.DB {
	t.Helper()
	src, err := sqldb.ParseURL(g.URL(i, name), "")
	if err != nil {
		t.Fatal(err)
	}
	return mustOpen(t, src)
}

// Kill ends node i (1-based) with SIGKILL, as a crash or a power cut would, and waits until it
// has exited.
func (g *Galera) Kill(t testing.TB, i int) {
	t.Helper()
	g.needOwnNodes(t)
	n := g.Nodes[i-1]
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.cmd == nil {
		t.Fatalf("galera node %d is not running", i)
	}
	_ = n.cmd.Process.Signal(syscall.SIGCONT)
	_ = n.cmd.Process.Kill()
	<-n.exited
	n.cmd = nil
}

// Pause stops node i (1-based) with SIGSTOP: it neither answers nor replicates until Resume.
func (g *Galera) Pause(t testing.TB, i int) { g.signal(t, i, syscall.SIGSTOP) }

// Resume continues node i (1-based) after Pause.
func (g *Galera) Resume(t testing.TB, i int) { g.signal(t, i, syscall.SIGCONT) }

func (g *Galera) signal(t testing.TB, i int, sig syscall.Signal) {
	t.Helper()
	g.needOwnNodes(t)
	n := g.Nodes[i-1]
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.cmd == nil {
		t.Fatalf("galera node %d is not running", i)
	}
	if err := n.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal galera node %d: %v", i, err)
	}
}

// Restart starts node i (1-based) again after Kill: it recovers the node's last committed
// position with --wsrep-recover, starts from it so that the node rejoins by incremental state
// transfer, and waits until the node is Synced.
func (g *Galera) Restart(t testing.TB, i int) {
	t.Helper()
	g.needOwnNodes(t)
	n := g.Nodes[i-1]
	pos, err := g.recoverPosition(n)
	if err != nil {
		t.Fatalf("galera node %d: %v", i, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := g.start(ctx, n, false, pos); err != nil {
		t.Fatal(err)
	}
	if err := g.waitSynced(ctx, i); err != nil {
		t.Fatal(err)
	}
}

// WaitSynced waits until every node runs, answers, is Synced and sees a cluster of all
// nodes: the state a test must leave the shared cluster in.
func (g *Galera) WaitSynced(t testing.TB) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, n := range g.Nodes {
		if err := g.waitSynced(ctx, n.N); err != nil {
			t.Fatal(err)
		}
	}
}

// waitSynced waits until node i answers, reports itself Synced and sees a cluster of size i
// or more (the nodes started before it).
func (g *Galera) waitSynced(ctx context.Context, i int) error {
	n := g.Nodes[i-1]
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(127.0.0.1:%d)/?timeout=2s&readTimeout=2s", n.Port))
	if err != nil {
		return err
	}
	defer db.Close()
	want := i
	if i == 1 {
		want = 1
	}
	for {
		n.mu.Lock()
		exited := n.exited
		n.mu.Unlock()
		state, size := galeraStatus(ctx, db)
		if state == "Synced" && size >= want {
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("galera node %d exited:\n%s", i, g.logs())
		case <-ctx.Done():
			return fmt.Errorf("galera node %d not Synced (state %q, cluster size %d): %w\n%s", i, state, size, ctx.Err(), g.logs())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// galeraStatus returns a node's wsrep_local_state_comment and wsrep_cluster_size, or "" and 0
// when it does not answer.
func galeraStatus(ctx context.Context, db *sql.DB) (state string, size int) {
	rows, err := db.QueryContext(ctx, "SHOW STATUS WHERE Variable_name IN ('wsrep_local_state_comment', 'wsrep_cluster_size')")
	if err != nil {
		return "", 0
	}
	defer rows.Close()
	for rows.Next() {
		var name, value string
		if rows.Scan(&name, &value) != nil {
			return "", 0
		}
		switch name {
		case "wsrep_local_state_comment":
			state = value
		case "wsrep_cluster_size":
			size, _ = strconv.Atoi(value)
		}
	}
	return state, size
}

// Status returns node i's (1-based) wsrep_local_state_comment and wsrep_cluster_size, or ""
// and 0 when it does not answer within a second.
func (g *Galera) Status(i int) (state string, size int) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	g.mu.Lock()
	db := g.admins[i]
	g.mu.Unlock()
	if db == nil {
		return "", 0
	}
	return galeraStatus(ctx, db)
}

// logs returns the end of every node's log, for failure messages.
func (g *Galera) logs() string {
	var b strings.Builder
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "--- node %d ---\n%s\n", n.N, tail(g.logPath(n), 80))
	}
	return b.String()
}

// tail returns the last n lines of the file at path, for failure messages.
func tail(path string, n int) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}

// freePorts asks the kernel for n distinct free TCP ports on 127.0.0.1, holding each until it
// has all of them so that none is handed out twice.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
