// Command chessclub serves the Chess Club API and app.
//
//	go run ./cmd/chessclub                        serve on 127.0.0.1:8080 with ./data/chessclub.db
//	go run ./cmd/chessclub admin USERNAME         make a registered member an admin
//	go run ./cmd/chessclub arbiter [-revoke] USERNAME   appoint an arbiter (or take the role back)
//	go run ./cmd/chessclub standings FILE.trf     a tournament's standings with FIDE tie-breaks
//	go run ./cmd/chessclub berger [-double] N     the round-robin schedule for N players
//	go run ./cmd/chessclub pair FILE.trf          the next round's Swiss pairing (FIDE Dutch system)
//	go run ./cmd/chessclub check FILE.trf         check every round of a Swiss tournament against the Dutch system
//	go run ./cmd/chessclub backup FILE            a consistent copy of the SQLite database, also while it serves
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "chessclub:", err)
		os.Exit(exitStatus(err))
	}
}
