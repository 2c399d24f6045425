// Command creatures serves the Creature Catalog API.
//
//	go run ./cmd/creatures                 serve on 127.0.0.1:8081 with ./data/creatures.db
//	go run ./cmd/creatures sql [flags]     print the MariaDB/MySQL set-up script
//	go run ./cmd/creatures backup FILE     a consistent copy of the SQLite database, also while it serves
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
		fmt.Fprintln(os.Stderr, "creatures:", err)
		os.Exit(1)
	}
}
