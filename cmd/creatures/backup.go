package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"campus.example/apps/internal/flagenv"
	"campus.example/apps/internal/sqldb"
)

// runBackup copies the SQLite database to a new file while servers may be writing to it
// (sqldb.Backup). For MariaDB/MySQL it refuses and prints the mariadb-dump line instead.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("creatures backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbURL := fs.String("db", "sqlite:data/creatures.db", "database: sqlite:PATH (mysql:// URLs are refused: use mariadb-dump)")
	twins := flagenv.Twins{"db": "CREATURES_DB"}
	flagenv.Describe(fs, twins)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: creatures backup [-db URL] FILE\n\nWrites a consistent copy of the SQLite database to the new file FILE, also while the\nserver runs. FILE must not exist. To restore, stop the server and put FILE in the\ndatabase's place (removing its -wal and -shm files).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("backup needs exactly one FILE")
	}
	if err := flagenv.Apply(fs, twins, getenv); err != nil {
		return err
	}
	src, err := sqldb.ParseURL(*dbURL, getenv("CREATURES_DB_PASSWORD"))
	if err != nil {
		return err
	}
	file := fs.Arg(0)
	if err := sqldb.Backup(ctx, src, file); err != nil {
		if errors.Is(err, sqldb.ErrBackupMySQL) {
			return fmt.Errorf("the database is MariaDB/MySQL, which has its own consistent backup; run:\n  %s", sqldb.DumpCommand(src, file))
		}
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", src, file)
	return nil
}
