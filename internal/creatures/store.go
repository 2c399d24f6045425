package creatures

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"campus.example/apps/internal/coalesce"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Store keeps creatures in one table of a SQLite or MySQL database. It is safe for concurrent
// use; several replicas may share one MySQL table.
type Store struct {
	db    *sqldb.DB
	table string
	// Now is the clock; tests replace it to fix the time.
	Now func() time.Time

	selectCols string
	// idempotency keeps the Idempotency-Key records of POST /creatures.
	idempotency *idempotency.Store
	// listCols are the columns List reads (listColumns).
	listCols string
	// points coalesces concurrent point reads (AppendJSON) into batches.
	points *coalesce.Group[int64, encoded]
	// pointQuery reads one row by id; pointsQuery (SQLite's) several, by a JSON array of ids.
	pointQuery, pointsQuery string
}

// NewStore returns a store over table, which must be a valid identifier (ValidIdentifier).
func NewStore(db *sqldb.DB, table string) (*Store, error) {
	if !ValidIdentifier(table) {
		return nil, fmt.Errorf("table name %q: use letters, digits and underscores, at most 48, not starting with a digit", table)
	}
	keys, err := idempotency.NewStore(db, IdempotencyTable(table))
	if err != nil {
		return nil, err
	}
	s := &Store{
		db:          db,
		table:       "`" + table + "`",
		Now:         time.Now,
		selectCols:  "id, name, species, habitat, danger_level, description, created_at, updated_at",
		idempotency: keys,
		listCols:    listColumns(db.Dialect),
	}
	s.pointQuery = "SELECT " + s.listCols + " FROM " + s.table + " WHERE id = ?"
	s.pointsQuery = "SELECT " + s.listCols + " FROM " + s.table + " WHERE id IN (SELECT value FROM json_each(?))"
	keys.Now = func() time.Time { return s.Now() } // one clock for the store and its keys
	s.points = sqldb.KeyReads(db, s.readJSON)
	return s, nil
}

// Migrate creates the table when it is missing or brings an older one up to date, fills in
// the fold keys of rows that lack them, and, with seed, fills a new table with the sample rows
// once. It is idempotent and safe for replicas that start together.
func (s *Store) Migrate(ctx context.Context, seed bool) error {
	name := strings.Trim(s.table, "`")
	if err := s.db.Migrate(ctx, name+"_migrations", migrations(s.db.Dialect, name, seed, s.Now)); err != nil {
		return err
	}
	return s.db.Transact(ctx, func(tx *sql.Tx) error { return fillFoldKeys(ctx, tx, name) })
}

// Ping checks that the database answers statements (sqldb.DB.Ready), for /readyz.
func (s *Store) Ping(ctx context.Context) error { return s.db.Ready(ctx) }

func (s *Store) now() time.Time { return s.Now().UTC().Truncate(time.Second) }

type scanner interface{ Scan(dest ...any) error }

func scanCreature(row scanner) (Creature, error) {
	var c Creature
	var habitat, desc sql.NullString
	if err := row.Scan(&c.ID, &c.Name, &c.Species, &habitat, &c.DangerLevel, &desc, &c.CreatedAt, &c.UpdatedAt); err != nil {
		return Creature{}, err
	}
	if habitat.Valid {
		c.Habitat = &habitat.String
	}
	if desc.Valid {
		c.Description = &desc.String
	}
	c.CreatedAt, c.UpdatedAt = c.CreatedAt.UTC(), c.UpdatedAt.UTC()
	return c, nil
}

func notFound(id int64) error {
	return problem.New(problem.NotFound, "There is no creature with id %d.", id)
}

func duplicateName(name string) error {
	return &problem.Error{Kind: problem.Conflict, Detail: fmt.Sprintf("A creature named %q already exists.", name),
		Fields: map[string]string{"name": "is already taken"}}
}

// Get returns the creature with id, or a NotFound problem.
func (s *Store) Get(ctx context.Context, id int64) (Creature, error) {
	stmt, err := s.db.Prepared(ctx, "SELECT "+s.selectCols+" FROM "+s.table+" WHERE id = ?")
	if err != nil {
		return Creature{}, fmt.Errorf("get creature: %w", err)
	}
	c, err := scanCreature(stmt.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Creature{}, notFound(id)
	}
	return c, err
}

// AppendJSON appends the JSON object of the creature with id to b, the bytes json.Marshal
// gives for what Get returns, or returns a NotFound problem. It reads the row as the list
// does, without parsing its timestamps (List), and reads it together with the other point
// reads that arrive while one is running (pointReads).
func (s *Store) AppendJSON(ctx context.Context, b []byte, id int64) ([]byte, error) {
	c, ok, err := s.points.Get(ctx, id)
	if err != nil {
		return b, fmt.Errorf("get creature: %w", err)
	}
	if !ok {
		return b, notFound(id)
	}
	if c.err != nil {
		return b, fmt.Errorf("get creature %d: %w", id, c.err)
	}
	return append(b, c.json...), nil
}

// PointReadTimeout sets how long one read of the database for point reads may take before
// its reads fail as unavailable (coalesce.DefaultTimeout unless set). Call it before serving.
func (s *Store) PointReadTimeout(d time.Duration) { s.points.Timeout = d }

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) get(ctx context.Context, q querier, id int64, suffix string) (Creature, error) {
	row := q.QueryRowContext(ctx, "SELECT "+s.selectCols+" FROM "+s.table+" WHERE id = ?"+suffix, id)
	c, err := scanCreature(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Creature{}, notFound(id)
	}
	return c, err
}

// Create stores a new creature. It returns a Conflict problem when the name is taken.
func (s *Store) Create(ctx context.Context, in Input) (Creature, error) {
	now := s.now()
	stmt, err := s.db.Prepared(ctx, "INSERT INTO "+s.table+" ("+strings.Join(insertColumns, ", ")+") VALUES ("+placeholders(len(insertColumns))+")")
	if err != nil {
		return Creature{}, fmt.Errorf("insert creature: %w", err)
	}
	// An insert of a name whose row is being deleted waits for that row's lock, and on InnoDB
	// such waiters can deadlock among themselves; the statement is then run again.
	var res sql.Result
	err = s.db.Retry(ctx, func() error {
		var err error
		res, err = stmt.ExecContext(ctx, in.insertArgs(now)...)
		return err
	})
	if sqldb.IsDuplicate(err) {
		return Creature{}, duplicateName(in.Name)
	}
	if err != nil {
		return Creature{}, fmt.Errorf("insert creature: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return Creature{}, fmt.Errorf("insert creature: %w", err)
	}
	return in.creature(id, now, now), nil
}

func (in Input) creature(id int64, created, updated time.Time) Creature {
	return Creature{ID: id, Name: in.Name, Species: in.Species, Habitat: in.Habitat, DangerLevel: in.DangerLevel,
		Description: in.Description, CreatedAt: created, UpdatedAt: updated}
}

// Precondition is a request's If-Match header: a list of entity tags, "*", or empty for none.
type Precondition string

// Update replaces a creature's settable fields with what change computes from the current
// record, inside one transaction that holds the row. It returns NotFound when the creature
// does not exist, PreconditionFailed when ifMatch does not match its current ETag, Conflict
// when the new name is taken, and change's own error.
func (s *Store) Update(ctx context.Context, id int64, ifMatch Precondition, change func(Creature) (Input, error)) (Creature, error) {
	var out Creature
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		cur, err := s.get(ctx, tx, id, s.db.Dialect.ForUpdate())
		if err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, cur); err != nil {
			return err
		}
		in, err := change(cur)
		if err != nil {
			return err
		}
		now := s.now()
		_, err = tx.ExecContext(ctx, "UPDATE "+s.table+" SET name = ?, name_key = ?, species = ?, species_key = ?, habitat = ?, danger_level = ?, description = ?, description_key = ?, updated_at = ? WHERE id = ?",
			in.Name, sqldb.Fold(in.Name), in.Species, sqldb.Fold(in.Species), in.Habitat, in.DangerLevel, in.Description, foldText(in.Description), now, id)
		if sqldb.IsDuplicate(err) {
			return duplicateName(in.Name)
		}
		if err != nil {
			return fmt.Errorf("update creature: %w", err)
		}
		out = in.creature(id, cur.CreatedAt, now)
		return nil
	})
	return out, err
}

// Delete removes a creature. It returns NotFound when it does not exist and
// PreconditionFailed when ifMatch does not match its current ETag.
func (s *Store) Delete(ctx context.Context, id int64, ifMatch Precondition) error {
	return s.db.Transact(ctx, func(tx *sql.Tx) error {
		if ifMatch != "" {
			cur, err := s.get(ctx, tx, id, s.db.Dialect.ForUpdate())
			if err != nil {
				return err
			}
			if err := checkIfMatch(ifMatch, cur); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, "DELETE FROM "+s.table+" WHERE id = ?", id)
		if err != nil {
			return fmt.Errorf("delete creature: %w", err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return notFound(id)
		}
		return err
	})
}

func checkIfMatch(ifMatch Precondition, cur Creature) error {
	if ifMatch == "" || ETagMatches(string(ifMatch), ETag(cur), false) {
		return nil
	}
	return problem.New(problem.PreconditionFailed, "The creature has changed since you read it; fetch it again (If-Match did not match its ETag).")
}
