package creatures

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"time"

	"campus.example/apps/internal/sqldb"
)

// tableName accepts the identifiers a deployer may choose for the table: ASCII letters,
// digits and underscores, starting with a letter or underscore. The limit leaves room for the
// suffixes of the migration ledger and the index within MySQL's 64 characters.
var tableName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,47}$`)

// ValidIdentifier reports whether s may name the creatures table or its database. Names are
// checked, not escaped, because they are written into DDL and the SQL script.
func ValidIdentifier(s string) bool { return tableName.MatchString(s) }

// CreateTable returns the DDL for the creatures table in dialect d.
//
// name_key holds the folded name, so that uniqueness and sorting by name ignore case in the
// same way on both databases. On MySQL the table's collation is binary (utf8mb4_bin) for the
// same reason: the default collations would also make "é" equal "e", which SQLite does not.
func CreateTable(d sqldb.Dialect, table string) string {
	if d == sqldb.SQLite {
		return fmt.Sprintf("CREATE TABLE IF NOT EXISTS `%s` (\n"+
			"  id INTEGER PRIMARY KEY AUTOINCREMENT,\n"+
			"  name TEXT NOT NULL,\n"+
			"  name_key TEXT NOT NULL UNIQUE,\n"+
			"  species TEXT NOT NULL,\n"+
			"  habitat TEXT NULL,\n"+
			"  danger_level INTEGER NOT NULL DEFAULT 0 CHECK (danger_level BETWEEN 0 AND 10),\n"+
			"  description TEXT NULL,\n"+
			"  created_at DATETIME NOT NULL,\n"+
			"  updated_at DATETIME NOT NULL\n"+
			")", table)
	}
	return fmt.Sprintf("CREATE TABLE IF NOT EXISTS `%s` (\n"+
		"  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,\n"+
		"  name VARCHAR(%d) NOT NULL,\n"+
		"  name_key VARCHAR(200) NOT NULL,\n"+
		"  species VARCHAR(%d) NOT NULL,\n"+
		"  habitat VARCHAR(%d) NULL,\n"+
		"  danger_level TINYINT NOT NULL DEFAULT 0,\n"+
		"  description VARCHAR(%d) NULL,\n"+
		"  created_at DATETIME NOT NULL,\n"+
		"  updated_at DATETIME NOT NULL,\n"+
		"  UNIQUE KEY `%s_name_key` (name_key),\n"+
		"  CONSTRAINT `%s_danger_level` CHECK (danger_level BETWEEN 0 AND 10)\n"+
		") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
		table, MaxName, MaxSpecies, MaxHabitat, MaxDescription, table, table)
}

// migrations returns the table's history. With seed, a second step fills a table that is
// empty when it first runs with the sample rows; it runs once, so deleting every row later
// does not bring the samples back.
func migrations(d sqldb.Dialect, table string, seed bool, now func() time.Time) []sqldb.Migration {
	ms := []sqldb.Migration{{Version: 1, Name: "create_table", Statements: []string{CreateTable(d, table)}}}
	if seed {
		ms = append(ms, sqldb.Migration{Version: 2, Name: "sample_rows", Run: func(ctx context.Context, tx *sql.Tx) error {
			return seedIfEmpty(ctx, tx, table, now().UTC().Truncate(time.Second))
		}})
	}
	return ms
}

func seedIfEmpty(ctx context.Context, tx *sql.Tx, table string, now time.Time) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM `"+table+"`").Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	ins := "INSERT INTO `" + table + "` (" + strings.Join(insertColumns, ", ") + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
	for _, in := range Samples {
		if _, err := tx.ExecContext(ctx, ins, in.Name, sqldb.Fold(in.Name), in.Species, in.Habitat, in.DangerLevel, in.Description, now, now); err != nil {
			return err
		}
	}
	return nil
}

var insertColumns = []string{"name", "name_key", "species", "habitat", "danger_level", "description", "created_at", "updated_at"}
