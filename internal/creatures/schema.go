package creatures

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"time"

	"campus.example/apps/internal/idempotency"
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
// name_key, species_key and description_key hold the name, species and description case-
// folded by Go (sqldb.Fold), so that uniqueness, sorting by name and the species and q filters
// ignore case in the same way on both databases: MariaDB's LOWER() folds by older Unicode
// tables than Go's, and would disagree with a folded query on letters such as ẞ, Georgian
// Mtavruli or Cherokee. On MySQL the table's collation is binary (utf8mb4_bin) for the same
// reason: the default collations would also make "é" equal "e", which SQLite does not.
// species_key and description_key come last and may be NULL because older tables gain them
// later (see addFoldKeys); the server writes them with every row.
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
			"  updated_at DATETIME NOT NULL,\n"+
			"  species_key TEXT NULL,\n"+
			"  description_key TEXT NULL\n"+
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
		"  species_key VARCHAR(%d) NULL,\n"+
		"  description_key VARCHAR(%d) NULL,\n"+
		"  UNIQUE KEY `%s_name_key` (name_key),\n"+
		"  KEY `%s_species_key` (species_key),\n"+
		"  CONSTRAINT `%s_danger_level` CHECK (danger_level BETWEEN 0 AND 10)\n"+
		") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
		table, MaxName, MaxSpecies, MaxHabitat, MaxDescription, MaxSpecies, MaxDescription, table, table, table)
}

// addFoldKeys returns the statements that give a table made before species_key and
// description_key existed those columns and the species index, the same as CreateTable
// makes. On MySQL it is one statement, so it happens whole or not at all.
func addFoldKeys(d sqldb.Dialect, table string) []string {
	if d == sqldb.SQLite {
		return []string{
			"ALTER TABLE `" + table + "` ADD COLUMN species_key TEXT NULL",
			"ALTER TABLE `" + table + "` ADD COLUMN description_key TEXT NULL",
			"CREATE INDEX IF NOT EXISTS `" + table + "_species_key` ON `" + table + "` (species_key)",
		}
	}
	return []string{fmt.Sprintf("ALTER TABLE `%s` ADD COLUMN species_key VARCHAR(%d) NULL, ADD COLUMN description_key VARCHAR(%d) NULL, ADD KEY `%s_species_key` (species_key)",
		table, MaxSpecies, MaxDescription, table)}
}

// createIndexes returns what CreateTable cannot say on SQLite: the species index.
func createIndexes(d sqldb.Dialect, table string) []string {
	if d == sqldb.SQLite {
		return []string{"CREATE INDEX IF NOT EXISTS `" + table + "_species_key` ON `" + table + "` (species_key)"}
	}
	return nil
}

// migrations returns the table's history. With seed, the second step fills a table that is
// empty when it first runs with the sample rows; it runs once, so deleting every row later
// does not bring the samples back. The other steps change the schema; creatures.sql does
// them itself and records them.
func migrations(d sqldb.Dialect, table string, seed bool, now func() time.Time) []sqldb.Migration {
	ms := []sqldb.Migration{{Version: 1, Name: "create_table", Statements: append([]string{CreateTable(d, table)}, createIndexes(d, table)...)}}
	if seed {
		ms = append(ms, sqldb.Migration{Version: 2, Name: "sample_rows", Run: func(ctx context.Context, tx *sql.Tx) error {
			return seedIfEmpty(ctx, tx, table, now().UTC().Truncate(time.Second))
		}})
	}
	return append(ms, sqldb.Migration{Version: 3, Name: "fold_keys", Run: func(ctx context.Context, tx *sql.Tx) error {
		return ensureFoldKeys(ctx, tx, d, table)
	}}, sqldb.Migration{Version: 4, Name: "idempotency_keys", Statements: idempotency.CreateTable(d, IdempotencyTable(table))})
}

// IdempotencyTable names the table of the Idempotency-Key store beside the creatures table.
func IdempotencyTable(table string) string { return table + "_idempotency" }

// ensureFoldKeys adds the fold key columns to a table that lacks them. Tables made by this
// release's CreateTable have them already; so does one that creatures.sql upgraded.
func ensureFoldKeys(ctx context.Context, tx *sql.Tx, d sqldb.Dialect, table string) error {
	var n int
	query := "SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = 'species_key'"
	if d == sqldb.MySQL {
		query = "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = 'species_key'"
	}
	if err := tx.QueryRowContext(ctx, query, table).Scan(&n); err != nil {
		return fmt.Errorf("look for species_key: %w", err)
	}
	if n > 0 {
		return nil
	}
	for _, stmt := range addFoldKeys(d, table) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// fillBatch is how many rows fillFoldKeys reads at a time.
const fillBatch = 500

// fillFoldKeys writes the fold keys of the rows that have none: rows written before the
// columns existed. The server runs it at every start, not once: during an upgrade a server of
// the earlier release may still write rows without keys. It needs only SELECT and UPDATE, and
// finds nothing to do through the species_key index when every row has its keys.
func fillFoldKeys(ctx context.Context, tx *sql.Tx, table string) error {
	type row struct {
		id          int64
		species     string
		description sql.NullString
	}
	for {
		rows, err := tx.QueryContext(ctx, "SELECT id, species, description FROM `"+table+"` WHERE species_key IS NULL ORDER BY id LIMIT ?", fillBatch)
		if err != nil {
			return fmt.Errorf("read rows without fold keys: %w", err)
		}
		var batch []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.species, &r.description); err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		for _, r := range batch {
			if _, err := tx.ExecContext(ctx, "UPDATE `"+table+"` SET species_key = ?, description_key = ? WHERE id = ?",
				sqldb.Fold(r.species), foldNullable(r.description), r.id); err != nil {
				return fmt.Errorf("write fold keys: %w", err)
			}
		}
	}
}

func seedIfEmpty(ctx context.Context, tx *sql.Tx, table string, now time.Time) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM `"+table+"`").Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	ins := "INSERT INTO `" + table + "` (" + strings.Join(insertColumns, ", ") + ") VALUES (" + placeholders(len(insertColumns)) + ")"
	for _, in := range Samples {
		if _, err := tx.ExecContext(ctx, ins, in.insertArgs(now)...); err != nil {
			return err
		}
	}
	return nil
}

// insertColumns are the columns a new row sets, in the order of Input.insertArgs.
var insertColumns = []string{"name", "name_key", "species", "species_key", "habitat", "danger_level", "description", "description_key", "created_at", "updated_at"}

// insertArgs returns the values of insertColumns for a row created at now.
func (in Input) insertArgs(now time.Time) []any {
	return []any{in.Name, sqldb.Fold(in.Name), in.Species, sqldb.Fold(in.Species), in.Habitat, in.DangerLevel,
		in.Description, foldText(in.Description), now, now}
}

// foldText folds an optional text; nil stays nil.
func foldText(s *string) *string {
	if s == nil {
		return nil
	}
	k := sqldb.Fold(*s)
	return &k
}

func foldNullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return foldText(&s.String)
}

// placeholders returns n comma-separated question marks.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}
