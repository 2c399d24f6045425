package sqldb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
)

// ErrBackupMySQL is returned by Backup for a MySQL source, whose server has its own tool.
var ErrBackupMySQL = errors.New("backup: the database is MariaDB/MySQL; use mariadb-dump (see DumpCommand)")

// Backup writes a consistent copy of the SQLite database src to the new file dest, while
// servers may be writing to it: VACUUM INTO reads the database in one transaction, so the copy
// holds every write committed before it started and none that came later, and it is a
// complete database file (no write-ahead log beside it). It refuses a dest that exists, and a
// src that is not there (opening it would create an empty one). For MySQL it returns
// ErrBackupMySQL.
func Backup(ctx context.Context, src Source, dest string) error {
	if src.Dialect == MySQL {
		return ErrBackupMySQL
	}
	if _, err := os.Stat(src.Path); err != nil {
		return fmt.Errorf("backup: no database at %s: %w", src.Path, err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return fmt.Errorf("backup: %s exists already; choose a new file", dest)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	if dir := filepath.Dir(dest); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	db, err := Open(ctx, src)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// DumpCommand is the mariadb-dump line that backs up the MySQL database src consistently
// while servers write to it (one transaction, InnoDB).
func DumpCommand(src Source, file string) string {
	if src.MySQL == nil {
		return ""
	}
	conn := "-h " + src.MySQL.Addr
	if src.MySQL.Net == "unix" {
		conn = "--socket=" + src.MySQL.Addr
	} else if host, port, err := net.SplitHostPort(src.MySQL.Addr); err == nil {
		conn = "-h " + host + " -P " + port
	}
	return fmt.Sprintf("mariadb-dump --single-transaction --routines --triggers %s -u %s -p %s > %s", conn, src.MySQL.User, src.MySQL.DBName, file)
}
