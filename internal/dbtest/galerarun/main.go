// Command galerarun starts a 3-node MariaDB Galera cluster on loopback ports for one run of
// the test suites (dbtest.StartGalera), prints the value of dbtest.GaleraNodesEnv that names
// it on one line of standard output once every node is Synced, and tears the cluster down
// when it is told to stop (SIGINT, SIGTERM). Killed outright, its cluster still goes: the
// nodes are ended by a watchdog that outlives it. scripts/test.sh runs it so that the test
// binaries of its cluster pass share one cluster instead of starting one each.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"campus.example/apps/internal/dbtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "galerarun:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) != 0 {
		return fmt.Errorf("takes no arguments")
	}
	g, err := dbtest.StartGalera()
	if err != nil {
		return err
	}
	defer g.Close()
	if _, err := fmt.Fprintln(stdout, g.ClientPorts()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "galerarun: cluster Synced on ports %s; stop with SIGTERM\n", g.ClientPorts())
	<-ctx.Done()
	return nil
}
