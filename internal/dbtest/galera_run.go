package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// GaleraNodesEnv names the variable that hands the test binaries of a run one Galera cluster
// started for the whole run (see StartGalera and internal/dbtest/galerarun): the client ports of
// its nodes on 127.0.0.1, comma-separated, as "33061,33062,33063". scripts/test.sh sets it for
// its pass of the store and API suites on a cluster, so that the cluster starts once for all
// of their binaries rather than once per binary. Tests that kill, pause or restart nodes need
// a cluster of their own binary and fail on such a cluster.
const GaleraNodesEnv = "TEST_GALERA_NODES"

// StartGalera starts a cluster of GaleraNodes nodes, as SharedGalera does, for a process that
// hands it to test binaries (GaleraNodesEnv). Close tears it down; so does the exit of the
// process, however it exits.
func StartGalera() (*Galera, error) { return startGalera(os.TempDir()) }

// ClientPorts returns the value of GaleraNodesEnv that names the cluster.
func (g *Galera) ClientPorts() string {
	ports := make([]string, len(g.Nodes))
	for i, n := range g.Nodes {
		ports[i] = strconv.Itoa(n.Port)
	}
	return strings.Join(ports, ",")
}

// attachGalera returns the cluster whose nodes' client ports GaleraNodesEnv lists, once every
// node answers Synced in a cluster of them all.
func attachGalera(ports string) (*Galera, error) {
	g := &Galera{admins: map[int]*sql.DB{}, attached: true}
	for i, p := range strings.Split(ports, ",") {
		port, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || port <= 0 || port > 65535 {
			return nil, fmt.Errorf("%s=%q: %q is not a port", GaleraNodesEnv, ports, p)
		}
		g.Nodes = append(g.Nodes, &GaleraNode{N: i + 1, Port: port})
	}
	if len(g.Nodes) != GaleraNodes {
		return nil, fmt.Errorf("%s=%q: want the ports of %d nodes", GaleraNodesEnv, ports, GaleraNodes)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, n := range g.Nodes {
		if err := g.waitSynced(ctx, n.N); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// needOwnNodes fails a test that would kill, pause or restart a node of a cluster that another
// process started.
func (g *Galera) needOwnNodes(t testing.TB) {
	t.Helper()
	if g.attached {
		t.Fatalf("this test controls Galera nodes: it needs a cluster of its test binary's own (unset %s)", GaleraNodesEnv)
	}
}
