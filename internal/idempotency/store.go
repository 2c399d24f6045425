// Package idempotency makes POST requests safe to retry with an Idempotency-Key header, as the
// IETF httpapi draft "The Idempotency-Key HTTP Header Field" describes: the first request
// with a key runs and its response is kept; the same key with the same body within TTL gets
// that response again and changes nothing; the same key with another body is 422; a retry
// while the first request still runs is 409.
//
// Keys live in a database table (see CreateTable), so every replica on one database sees the
// same keys. The table keeps SHA-256 hashes of the key and of the request body, never the
// body itself, so a large upload costs 64 bytes.
package idempotency

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sync/atomic"
	"time"

	"campus.example/apps/internal/sqldb"
)

const (
	// TTL is how long a key is remembered after its first request.
	TTL = 24 * time.Hour
	// Abandoned is how long a key may stay claimed by a request that has not finished before
	// another request may take it over: a server killed in the middle of a request leaves its
	// claim behind, and a retry should not get 409 for a whole day. It is longer than any
	// request may run (the servers' write timeout is 120 s).
	Abandoned = 5 * time.Minute
	// pruneEvery is how often, at most, a server deletes expired keys.
	pruneEvery = time.Minute
)

// DefaultTable is the table's name unless a service chooses another.
const DefaultTable = "idempotency_keys"

var tableName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// CreateTable returns the DDL of the key table named table in dialect d. Rows are keyed by
// the hash of the scope and the key; status is NULL while the first request runs. On SQLite,
// whose index names are per database, the index is named after the table.
func CreateTable(d sqldb.Dialect, table string) []string {
	if d == sqldb.SQLite {
		return []string{
			"CREATE TABLE IF NOT EXISTS `" + table + "` (\n" +
				"  key_hash TEXT NOT NULL PRIMARY KEY,\n" +
				"  request_hash TEXT NOT NULL,\n" +
				"  status INTEGER NULL,\n" +
				"  header TEXT NULL,\n" +
				"  body BLOB NULL,\n" +
				"  created_at DATETIME NOT NULL,\n" +
				"  expires_at DATETIME NOT NULL\n" +
				")",
			"CREATE INDEX IF NOT EXISTS `" + table + "_expires_at` ON `" + table + "` (expires_at)",
		}
	}
	return []string{"CREATE TABLE IF NOT EXISTS `" + table + "` (\n" +
		"  key_hash CHAR(64) NOT NULL PRIMARY KEY,\n" +
		"  request_hash CHAR(64) NOT NULL,\n" +
		"  status SMALLINT NULL,\n" +
		"  header TEXT NULL,\n" +
		"  body MEDIUMBLOB NULL,\n" +
		"  created_at DATETIME NOT NULL,\n" +
		"  expires_at DATETIME NOT NULL,\n" +
		"  KEY expires_at (expires_at)\n" +
		") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"}
}

// Store keeps keys and the responses they name in a table made by CreateTable. It is safe
// for concurrent use, and replicas may share its table.
type Store struct {
	db    *sqldb.DB
	table string
	// Now is the clock; tests replace it to move time on. Set it before the store is used.
	Now       func() time.Time
	lastPrune atomic.Int64 // unix seconds of the last prune
}

// NewStore returns a store over the table named table (letters, digits and underscores).
func NewStore(db *sqldb.DB, table string) (*Store, error) {
	if !tableName.MatchString(table) {
		return nil, fmt.Errorf("idempotency: table name %q: use letters, digits and underscores", table)
	}
	return &Store{db: db, table: table, Now: time.Now}, nil
}

// Response is a stored final response.
type Response struct {
	Status int
	Header map[string]string
	Body   []byte
}

// State says what Claim found.
type State int

const (
	// Claimed means the key was free and is now the caller's: run the request, then call
	// Complete or Release.
	Claimed State = iota
	// Done means the key's first request has finished with the same body; its response is
	// returned.
	Done
	// InProgress means the key's first request is still running.
	InProgress
	// Mismatch means the key was used with another request body.
	Mismatch
)

func (s *Store) now() time.Time { return s.Now().UTC().Truncate(time.Second) }

// Claim takes keyHash for a request whose body hashes to requestHash, unless a live row
// holds it already, in which case it reports that row's state (and its response when Done).
// An expired row, or a claim abandoned for longer than Abandoned, is replaced.
func (s *Store) Claim(ctx context.Context, keyHash, requestHash string) (State, *Response, error) {
	now := s.now()
	s.maybePrune(ctx, now)
	for range 3 {
		if _, err := s.db.ExecContext(ctx, "DELETE FROM `"+s.table+"` WHERE key_hash = ? AND (expires_at <= ? OR (status IS NULL AND created_at <= ?))",
			keyHash, now, now.Add(-Abandoned)); err != nil {
			return 0, nil, fmt.Errorf("idempotency: clear expired key: %w", err)
		}
		_, err := s.db.ExecContext(ctx, "INSERT INTO `"+s.table+"` (key_hash, request_hash, status, created_at, expires_at) VALUES (?, ?, NULL, ?, ?)",
			keyHash, requestHash, now, now.Add(TTL))
		if err == nil {
			return Claimed, nil, nil
		}
		if !sqldb.IsDuplicate(err) {
			return 0, nil, fmt.Errorf("idempotency: claim key: %w", err)
		}
		state, resp, err := s.lookup(ctx, keyHash, requestHash)
		if errors.Is(err, sql.ErrNoRows) {
			continue // deleted between the insert and the read: try again
		}
		return state, resp, err
	}
	return InProgress, nil, nil
}

func (s *Store) lookup(ctx context.Context, keyHash, requestHash string) (State, *Response, error) {
	var (
		reqHash string
		status  sql.NullInt64
		header  sql.NullString
		body    []byte
	)
	err := s.db.QueryRowContext(ctx, "SELECT request_hash, status, header, body FROM `"+s.table+"` WHERE key_hash = ?", keyHash).
		Scan(&reqHash, &status, &header, &body)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, nil, err
		}
		return 0, nil, fmt.Errorf("idempotency: read key: %w", err)
	}
	switch {
	case reqHash != requestHash:
		return Mismatch, nil, nil
	case !status.Valid:
		return InProgress, nil, nil
	}
	resp := &Response{Status: int(status.Int64), Body: body}
	if header.Valid {
		if err := json.Unmarshal([]byte(header.String), &resp.Header); err != nil {
			return 0, nil, fmt.Errorf("idempotency: stored header: %w", err)
		}
	}
	return Done, resp, nil
}

// Complete stores the final response of the request that claimed keyHash.
func (s *Store) Complete(ctx context.Context, keyHash string, resp Response) error {
	header, err := json.Marshal(resp.Header)
	if err != nil {
		return err
	}
	body := resp.Body
	if body == nil {
		body = []byte{}
	}
	_, err = s.db.ExecContext(ctx, "UPDATE `"+s.table+"` SET status = ?, header = ?, body = ? WHERE key_hash = ? AND status IS NULL",
		resp.Status, string(header), body, keyHash)
	if err != nil {
		return fmt.Errorf("idempotency: store response: %w", err)
	}
	return nil
}

// Release frees keyHash, claimed by a request that did not finish with a response worth
// keeping, so that a retry runs again.
func (s *Store) Release(ctx context.Context, keyHash string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM `"+s.table+"` WHERE key_hash = ? AND status IS NULL", keyHash); err != nil {
		return fmt.Errorf("idempotency: release key: %w", err)
	}
	return nil
}

// Prune deletes the keys that have expired and returns how many.
func (s *Store) Prune(ctx context.Context) (int64, error) {
	res, err := s.db.ExecContext(ctx, "DELETE FROM `"+s.table+"` WHERE expires_at <= ?", s.now())
	if err != nil {
		return 0, fmt.Errorf("idempotency: prune: %w", err)
	}
	return res.RowsAffected()
}

// maybePrune prunes at most once every pruneEvery per store; a failure is left to the next
// time, since an expired row in the table does no harm (Claim replaces it).
func (s *Store) maybePrune(ctx context.Context, now time.Time) {
	last := s.lastPrune.Load()
	if now.Unix()-last < int64(pruneEvery/time.Second) || !s.lastPrune.CompareAndSwap(last, now.Unix()) {
		return
	}
	_, _ = s.Prune(ctx)
}
