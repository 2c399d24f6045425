package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/flagenv"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/observe"
	"campus.example/apps/internal/sqldb"
)

// run starts the service, or runs a subcommand, as main would; tests call it directly and
// learn the bound address through httpserve.WithReady.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "sql" {
		return runSQL(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "backup" {
		return runBackup(ctx, args[1:], getenv, stdout, stderr)
	}
	fs := flag.NewFlagSet("creatures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8081", "address to listen on")
	dbURL := fs.String("db", "sqlite:data/creatures.db", "database: sqlite:PATH or mysql://USER:PASSWORD@HOST:PORT/DATABASE[?socket=PATH]")
	table := fs.String("table", creatures.DefaultTable, "name of the creatures table")
	metricsAddr := fs.String("metrics-addr", "", "address of a listener of its own for GET /metrics (empty: /metrics on -addr)")
	logFormat := fs.String("log-format", observe.FormatText, "log format: text or json")
	accessLog := fs.Bool("access-log", true, "log one line per request")
	twins := flagenv.Twins{"addr": "CREATURES_ADDR", "db": "CREATURES_DB", "table": "CREATURES_TABLE",
		"metrics-addr": "CREATURES_METRICS_ADDR", "log-format": "CREATURES_LOG_FORMAT", "access-log": "CREATURES_ACCESS_LOG"}
	flagenv.Describe(fs, twins)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: creatures [flags]\n       creatures sql [-database NAME] [-table NAME]\n       creatures backup [-db URL] FILE\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(stderr, "\nEnvironment:\n  CREATURES_DB_PASSWORD\n    \tdatabase password; replaces the one in the -db URL\n")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if err := flagenv.Apply(fs, twins, getenv); err != nil {
		return err
	}
	log, err := observe.NewLogger(stderr, *logFormat)
	if err != nil {
		return fmt.Errorf("-log-format (%s): %w", twins["log-format"], err)
	}
	defer observe.Flush(log) // the access lines that wait, last, after the server has stopped

	src, err := sqldb.ParseURL(*dbURL, getenv("CREATURES_DB_PASSWORD"))
	if err != nil {
		return err
	}
	db, err := sqldb.Open(ctx, src)
	if err != nil {
		return err
	}
	defer db.Close()
	store, err := creatures.NewStore(db, *table)
	if err != nil {
		return err
	}
	// Only a new SQLite catalog gets the sample rows; on MySQL they come from creatures.sql.
	if err := store.Migrate(ctx, db.Dialect == sqldb.SQLite); err != nil {
		return err
	}
	log.Info("database ready", "db", src.String(), "table", *table)
	reg := observe.NewRegistry(db.DB, "creatures")
	metrics := observe.MetricsHandler(reg)
	opts := observe.Options{Registry: reg}
	if *metricsAddr == "" {
		opts.Metrics = metrics
	}
	if *accessLog {
		opts.AccessLog = log
	}
	h, err := observe.Handler(creatures.NewServer(log, store), opts)
	if err != nil {
		return err
	}
	return observe.Serve(ctx, *metricsAddr, metrics, log, func(ctx context.Context) error {
		return httpserve.Serve(ctx, *addr, h, log, httpserve.ReadyHook(ctx))
	})
}

func runSQL(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("creatures sql", flag.ContinueOnError)
	fs.SetOutput(stderr)
	database := fs.String("database", creatures.DefaultDatabase, "database to create")
	table := fs.String("table", creatures.DefaultTable, "table to create")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	return creatures.WriteScript(stdout, *database, *table)
}
