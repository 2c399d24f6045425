package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
)

// The Galera night's size: sized so that the whole test, cluster start included, takes well
// under two minutes on two processors.
const (
	galeraPlayers   = 200
	galeraRounds    = 4
	galeraKillRound = 2 // node 3 is killed half-way through this round's results
	galeraFollowers = 100
	galeraWriters   = 3 // catalog writers
	galeraBurst     = 8 // results entered at once
)

// TestGaleraTournamentNight runs both services on a 3-node MariaDB Galera cluster as they are
// deployed on one: a Chess Club server and a Creature Catalog server per node, each reading
// with wsrep_sync_wait=1. 200 members register, and a 200-player Swiss is paired and played
// through the three club servers in turn, its results in bursts, while galeraFollowers live
// streams follow it (spread over the servers, reconnecting with Last-Event-ID) and catalog
// writers create creatures through the three catalog servers. Half-way through a round node 3
// is killed with SIGKILL, and restarted (after --wsrep-recover) a few seconds later.
//
// Then: no answer was a 5xx other than 503 (the stall while the cluster evicts the dead node,
// and the servers of node 3 while it is down); node 3's servers answer /readyz 503 while it is
// down and 200 once it is back; every acknowledged write is present exactly once on every node
// and the nodes' tables have the same checksums; and every follower received every event of
// the night, in order, exactly once.
func TestGaleraTournamentNight(t *testing.T) {
	if testing.Short() {
		t.Skip("a tournament night on a Galera cluster takes about a minute")
	}
	g := dbtest.SharedGalera(t)
	clubDB, crDB := "club_"+dbtest.RandomHex(4), "catalog_"+dbtest.RandomHex(4)
	g.CreateDatabase(t, clubDB)
	g.CreateDatabase(t, crDB)
	clubBin, crBin := proctest.Build(t, chessclubPkg), proctest.Build(t, creaturesPkg)

	// The three servers of each service start at once: their migrations run concurrently
	// through three nodes and must leave one schema.
	clubs, catalogs := make([]string, dbtest.GaleraNodes), make([]string, dbtest.GaleraNodes)
	procs := make([]*proctest.Proc, 2*dbtest.GaleraNodes)
	var starting sync.WaitGroup
	for i := range dbtest.GaleraNodes {
		starting.Go(func() {
			procs[2*i] = proctest.Start(t, clubBin, []string{"-addr", "127.0.0.1:0", "-db", g.URL(i+1, clubDB),
				"-figures", filepath.Join(t.TempDir(), "figures"), "-trusted-proxies", "127.0.0.1", "-max-streams", "1000"})
			clubs[i] = procs[2*i].URL
		})
		starting.Go(func() {
			procs[2*i+1] = proctest.Start(t, crBin, []string{"-addr", "127.0.0.1:0", "-db", g.URL(i+1, crDB)})
			catalogs[i] = procs[2*i+1].URL
		})
	}
	starting.Wait()
	if t.Failed() {
		t.FailNow()
	}
	// The servers' errors, when the test fails: what a 500 was.
	defer func() {
		if !t.Failed() {
			return
		}
		for i, p := range procs {
			for line := range strings.Lines(p.Logs.String()) {
				if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
					t.Logf("server %d: %s", i, strings.TrimSpace(line))
				}
			}
		}
	}()

	n := &galeraNight{t: t, clubs: clubs, client: &http.Client{Timeout: 60 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64}}, events: g.Open(t, 1, clubDB).DB}
	n.setUp(g.URL(1, clubDB))

	// The followers, from the revision the tournament has once its field is entered.
	followCtx, stopFollowing := context.WithCancel(context.Background())
	defer stopFollowing()
	followers := make([]*follower, galeraFollowers)
	var following sync.WaitGroup
	for i := range followers {
		followers[i] = &follower{n: n, server: i % len(clubs), addr: fmt.Sprintf("10.3.%d.%d", i/200, i%200), last: n.startRev}
		following.Go(func() { followers[i].follow(followCtx) })
	}

	// The catalog writers, until the tournament is over.
	stopWriting := make(chan struct{})
	var writing sync.WaitGroup
	var stopOnce sync.Once
	stop := func() { stopOnce.Do(func() { close(stopWriting); writing.Wait() }) }
	defer stop()
	var crMu sync.Mutex
	var crAcked []string
	for w := range galeraWriters {
		writing.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stopWriting:
					return
				default:
				}
				name := fmt.Sprintf("Night %d-%d", w, i)
				if n.createCreature(catalogs, w+i, name) {
					crMu.Lock()
					crAcked = append(crAcked, name)
					crMu.Unlock()
				}
			}
		})
	}

	var down time.Time
	for round := 1; round <= galeraRounds; round++ {
		boards := n.pair(round)
		if round == galeraKillRound {
			n.results(round, boards[:len(boards)/2])
			g.Kill(t, 3)
			down = time.Now()
			t.Logf("node 3 killed in round %d", round)
			n.checkReadyz(clubs[2], catalogs[2], http.StatusServiceUnavailable, "while node 3 is down")
			n.results(round, boards[len(boards)/2:])
			n.checkReadyz(clubs[2], catalogs[2], http.StatusServiceUnavailable, "while node 3 is down")
			if wait := 8*time.Second - time.Since(down); wait > 0 {
				time.Sleep(wait)
			}
			restart := time.Now()
			g.Restart(t, 3)
			t.Logf("node 3 rejoined in %.1f s (down %.1f s)", time.Since(restart).Seconds(), time.Since(down).Seconds())
			proctest.WaitFor(t, func() bool {
				return proctest.Status(n.client, clubs[2]+"/readyz") == http.StatusOK &&
					proctest.Status(n.client, catalogs[2]+"/readyz") == http.StatusOK
			}, "node 3's servers ready again")
			continue
		}
		n.results(round, boards)
		if t.Failed() {
			t.FailNow()
		}
	}
	stop()
	if down.IsZero() {
		t.Fatal("node 3 was never killed")
	}

	// Every follower must reach the last event; then they stop.
	final := n.revision()
	proctest.WaitFor(t, func() bool {
		for _, f := range followers {
			if f.lastSeen() < final {
				return false
			}
		}
		return true
	}, fmt.Sprintf("every follower at event %d", final))
	stopFollowing()
	following.Wait()
	for i, f := range followers {
		if err := f.check(n.startRev, final); err != nil {
			t.Errorf("follower %d (server %d, %d reconnections): %v", i, f.server+1, f.reconnects, err)
		}
	}

	n.statuses.mu.Lock()
	t.Logf("answers: %v; %d creatures acknowledged; %d events; %d follower reconnections; slowest request %.1f s",
		n.statuses.byStatus, len(crAcked), final-n.startRev, reconnections(followers), time.Duration(n.slowest.Load()).Seconds())
	for status, count := range n.statuses.byStatus {
		if status >= 500 && status != http.StatusServiceUnavailable {
			t.Errorf("%d answers %d", count, status)
		}
	}
	n.statuses.mu.Unlock()

	g.WaitSynced(t)
	checkNodesAgree(t, g, clubDB)
	checkNodesAgree(t, g, crDB)
	for node := 1; node <= dbtest.GaleraNodes; node++ {
		db := syncedConn(t, g, node)
		var members int
		if err := db.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM `"+clubDB+"`.members").Scan(&members); err != nil {
			t.Fatal(err)
		}
		if members != galeraPlayers+1 {
			t.Errorf("node %d has %d members, want %d", node, members, galeraPlayers+1)
		}
		var played int
		if err := db.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM `"+clubDB+"`.tournament_boards WHERE result IS NOT NULL").Scan(&played); err != nil {
			t.Fatal(err)
		}
		if played != galeraRounds*galeraPlayers/2 {
			t.Errorf("node %d has %d results, want %d", node, played, galeraRounds*galeraPlayers/2)
		}
		counts := map[string]int{}
		rows, err := db.QueryContext(t.Context(), "SELECT name FROM `"+crDB+"`.creatures WHERE name LIKE 'Night %'")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			counts[name]++
		}
		rows.Close()
		for _, name := range crAcked {
			if counts[name] != 1 {
				t.Errorf("node %d has creature %q %d times, want once", node, name, counts[name])
			}
		}
	}
}

// galeraNight is the tournament night's client: the organiser's token, the tournament, and
// the answers every request got.
type galeraNight struct {
	t        *testing.T
	clubs    []string
	client   *http.Client
	token    string
	id       int64
	startRev int64
	// events reads the club's database through node 1, with wsrep_sync_wait.
	events   *sql.DB
	next     atomic.Int64 // the server the next request goes to
	slowest  atomic.Int64 // the longest request, in nanoseconds
	statuses struct {
		mu       sync.Mutex
		byStatus map[int]int
	}
}

func (n *galeraNight) record(status int) {
	n.statuses.mu.Lock()
	defer n.statuses.mu.Unlock()
	if n.statuses.byStatus == nil {
		n.statuses.byStatus = map[int]int{}
	}
	n.statuses.byStatus[status]++
}

// send makes one request to base and records its status (0 when it failed).
func (n *galeraNight) send(base, method, path string, body any, header ...string) (int, []byte) {
	var rd io.Reader
	if body != nil {
		enc, _ := json.Marshal(body)
		rd = bytes.NewReader(enc)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if n.token != "" {
		req.Header.Set("Authorization", "Bearer "+n.token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	start := time.Now()
	res, err := n.client.Do(req)
	for took := int64(time.Since(start)); ; {
		old := n.slowest.Load()
		if took <= old || n.slowest.CompareAndSwap(old, took) {
			break
		}
	}
	if err != nil {
		n.record(0)
		n.t.Errorf("%s %s%s: %v", method, base, path, err)
		return 0, nil
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	n.record(res.StatusCode)
	return res.StatusCode, out
}

// must sends a request to the club servers in turn, the next one after a 503, until one
// answers; it fails the test unless that answer is want. It may run on any goroutine.
func (n *galeraNight) must(want int, method, path string, body any, header ...string) (int, []byte) {
	deadline := time.Now().Add(60 * time.Second)
	for {
		base := n.clubs[int(n.next.Add(1))%len(n.clubs)]
		status, out := n.send(base, method, path, body, header...)
		if status == want {
			return status, out
		}
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			n.t.Errorf("%s %s%s: %d, want %d: %s", method, base, path, status, want, out)
			return status, out
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (n *galeraNight) path(format string, args ...any) string {
	return fmt.Sprintf("/api/tournaments/%d", n.id) + fmt.Sprintf(format, args...)
}

// setUp registers the organiser (made an arbiter through dbURL) and the players through the
// servers in turn, and enters and starts the tournament.
func (n *galeraNight) setUp(dbURL string) {
	register := func(i int, username string) int64 {
		var m struct{ ID int64 }
		_, out := n.must(http.StatusCreated, "POST", "/api/user", map[string]any{"username": username, "password": "a galera night",
			"full_name": fmt.Sprintf("Player %03d", i), "declared_rating": 2600 - 3*i}, "X-Forwarded-For", fmt.Sprintf("10.1.%d.%d", i/200, i%200))
		_ = json.Unmarshal(out, &m)
		return m.ID
	}
	register(0, "organiser")
	var out, errs bytes.Buffer
	if err := run(context.Background(), []string{"arbiter", "-db", dbURL, "organiser"}, func(string) string { return "" }, &out, &errs); err != nil {
		n.t.Fatalf("chessclub arbiter: %v\n%s", err, errs.String())
	}
	var login struct{ Token string }
	_, body := n.must(http.StatusOK, "POST", "/api/login", map[string]any{"username": "organiser", "password": "a galera night"})
	_ = json.Unmarshal(body, &login)
	n.token = login.Token
	ids := make([]int64, galeraPlayers)
	var wg sync.WaitGroup
	var next atomic.Int64
	for range 4 {
		wg.Go(func() {
			for i := int(next.Add(1)); i <= galeraPlayers; i = int(next.Add(1)) {
				ids[i-1] = register(i, fmt.Sprintf("player%03d", i))
			}
		})
	}
	wg.Wait()
	var tr struct{ ID int64 }
	_, body = n.must(http.StatusCreated, "POST", "/api/tournaments", map[string]any{"name": "Galera night", "start_date": fromToday(0), "rounds": galeraRounds})
	_ = json.Unmarshal(body, &tr)
	n.id = tr.ID
	for _, id := range ids {
		n.must(http.StatusCreated, "POST", n.path("/players"), map[string]any{"member_id": id})
	}
	n.startRev = n.revision()
	n.must(http.StatusOK, "POST", n.path("/start"), nil)
}

// revision returns the tournament's revision, the seq of its last event, read on node 1 after
// it has applied every write of the cluster.
func (n *galeraNight) revision() int64 {
	var rev sql.NullInt64
	if err := n.events.QueryRowContext(n.t.Context(), "SELECT MAX(seq) FROM tournament_events WHERE tournament_id = ?", n.id).Scan(&rev); err != nil {
		n.t.Fatalf("the tournament's revision: %v", err)
	}
	return rev.Int64
}

// pair pairs round number; after a 503 it asks for the round, which the failed request may
// have stored.
func (n *galeraNight) pair(number int) []int {
	var rd struct {
		Boards []struct {
			Board int `json:"board"`
		} `json:"boards"`
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		base := n.clubs[int(n.next.Add(1))%len(n.clubs)]
		status, out := n.send(base, "POST", n.path("/rounds"), nil)
		if status != http.StatusCreated {
			status, out = n.send(base, "GET", n.path("/rounds/%d", number), nil)
		}
		if status == http.StatusOK || status == http.StatusCreated {
			_ = json.Unmarshal(out, &rd)
			break
		}
		if status != http.StatusServiceUnavailable && status != http.StatusNotFound || time.Now().After(deadline) {
			n.t.Fatalf("pair round %d: %d %s", number, status, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(rd.Boards) != galeraPlayers/2 {
		n.t.Fatalf("round %d has %d boards, want %d", number, len(rd.Boards), galeraPlayers/2)
	}
	boards := make([]int, len(rd.Boards))
	for i, b := range rd.Boards {
		boards[i] = b.Board
	}
	return boards
}

// results enters the results of boards, galeraBurst at once, each through the servers in
// turn until one answers other than 503.
func (n *galeraNight) results(round int, boards []int) {
	work := make(chan int)
	var wg sync.WaitGroup
	for range galeraBurst {
		wg.Go(func() {
			for b := range work {
				result := []string{"1-0", "0-1", "1/2-1/2"}[(round*7+b)%3]
				n.must(http.StatusOK, "PUT", n.path("/rounds/%d/boards/%d", round, b), map[string]any{"result": result})
			}
		})
	}
	for _, b := range boards {
		work <- b
	}
	close(work)
	wg.Wait()
}

// createCreature creates a creature named name through the catalog servers, starting at
// server first, until one answers other than 503; a 409 after a 503 is the earlier attempt,
// which was stored. It reports whether the creature is stored.
func (n *galeraNight) createCreature(catalogs []string, first int, name string) bool {
	retried := false
	for i := first; ; i++ {
		status, out := n.send(catalogs[i%len(catalogs)], "POST", "/creatures", map[string]any{"name": name, "species": "Night"})
		switch {
		case status == http.StatusCreated, status == http.StatusConflict && retried:
			return true
		case status == http.StatusServiceUnavailable:
			retried = true
			time.Sleep(100 * time.Millisecond)
		default:
			n.t.Errorf("create %s: %d %s", name, status, out)
			return false
		}
	}
}

// checkReadyz checks that both servers answer /readyz with want.
func (n *galeraNight) checkReadyz(club, catalog string, want int, when string) {
	for _, url := range []string{club, catalog} {
		if got := proctest.Status(n.client, url+"/readyz"); got != want {
			n.t.Errorf("%s/readyz %s: %d, want %d", url, when, got, want)
		}
	}
}

// follower is one live stream's client: it follows the tournament through one server, and
// through the next when its stream ends, reconnecting with the id of the last event it got.
type follower struct {
	n          *galeraNight
	server     int
	addr       string
	mu         sync.Mutex
	last       int64
	got        []int64
	resets     int
	reconnects int
}

func (f *follower) lastSeen() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

// follow reads streams until ctx ends.
func (f *follower) follow(ctx context.Context) {
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for ctx.Err() == nil {
		base := f.n.clubs[f.server]
		req, _ := http.NewRequestWithContext(ctx, "GET", base+f.n.path("/events"), nil)
		req.Header.Set("X-Forwarded-For", f.addr)
		req.Header.Set("Last-Event-ID", strconv.FormatInt(f.lastSeen(), 10))
		res, err := client.Do(req)
		if err == nil && res.StatusCode == http.StatusOK {
			f.read(res.Body)
		}
		if res != nil {
			if res.StatusCode != http.StatusOK {
				f.n.record(res.StatusCode)
			}
			res.Body.Close()
		}
		if ctx.Err() != nil {
			return
		}
		f.mu.Lock()
		f.reconnects++
		f.mu.Unlock()
		f.server = (f.server + 1) % len(f.n.clubs)
		time.Sleep(200 * time.Millisecond)
	}
}

// read records the ids of a stream's events until it ends.
func (f *follower) read(body io.Reader) {
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		line := sc.Text()
		if line == "event: reset" {
			f.mu.Lock()
			f.resets++
			f.mu.Unlock()
		}
		id, ok := strings.CutPrefix(line, "id: ")
		if !ok {
			continue
		}
		seq, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			continue
		}
		f.mu.Lock()
		f.got = append(f.got, seq)
		f.last = max(f.last, seq)
		f.mu.Unlock()
	}
}

// check reports whether the follower got every event after from up to to, in order, once.
func (f *follower) check(from, to int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.resets > 0 {
		return fmt.Errorf("%d reset events: the stream could not replay what it missed", f.resets)
	}
	want := make([]int64, 0, to-from)
	for seq := from + 1; seq <= to; seq++ {
		want = append(want, seq)
	}
	if !slices.Equal(f.got, want) {
		return fmt.Errorf("got %d events (%v…), want %d: %d to %d in order, each once", len(f.got), f.got[:min(5, len(f.got))], len(want), from+1, to)
	}
	return nil
}

func reconnections(fs []*follower) int {
	total := 0
	for _, f := range fs {
		f.mu.Lock()
		total += f.reconnects
		f.mu.Unlock()
	}
	return total
}

// syncedConn returns a connection to node that reads only after the node has applied every
// write the cluster committed before.
func syncedConn(t *testing.T, g *dbtest.Galera, node int) *sql.Conn {
	t.Helper()
	conn, err := g.Admin(t, node).Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.ExecContext(t.Context(), "SET SESSION wsrep_sync_wait = 1"); err != nil {
		t.Fatal(err)
	}
	return conn
}

// checkNodesAgree compares CHECKSUM TABLE of every table of database name across the nodes.
func checkNodesAgree(t *testing.T, g *dbtest.Galera, name string) {
	t.Helper()
	sums := make([]map[string]int64, dbtest.GaleraNodes)
	for node := 1; node <= dbtest.GaleraNodes; node++ {
		conn := syncedConn(t, g, node)
		var tables []string
		rows, err := conn.QueryContext(t.Context(), "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME", name)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var table string
			if err := rows.Scan(&table); err != nil {
				t.Fatal(err)
			}
			tables = append(tables, table)
		}
		rows.Close()
		sums[node-1] = map[string]int64{}
		for _, table := range tables {
			var full string
			var sum sql.NullInt64
			if err := conn.QueryRowContext(t.Context(), "CHECKSUM TABLE `"+name+"`.`"+table+"`").Scan(&full, &sum); err != nil {
				t.Fatal(err)
			}
			sums[node-1][table] = sum.Int64
		}
	}
	if len(sums[0]) < 2 {
		t.Fatalf("database %s has %d tables on node 1", name, len(sums[0]))
	}
	for node := 2; node <= dbtest.GaleraNodes; node++ {
		for table, sum := range sums[0] {
			if got, ok := sums[node-1][table]; !ok || got != sum {
				t.Errorf("%s.%s: checksum %d on node 1, %d on node %d", name, table, sum, got, node)
			}
		}
	}
}
