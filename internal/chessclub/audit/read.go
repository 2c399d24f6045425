package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"campus.example/apps/internal/sqldb"
)

// Page limits of a read of the trail.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// Filter chooses the entries a read returns: those after the entry with id After, of one
// tournament or about one member when set, oldest first, at most Limit.
type Filter struct {
	Tournament, Member int64
	After              int64
	Limit              int
}

// Store reads the trail. It is safe for concurrent use.
type Store struct{ db *sqldb.DB }

// NewStore returns a store over db, which must hold the Chess Club's migrated schema.
func NewStore(db *sqldb.DB) *Store { return &Store{db: db} }

// Read returns the entries that f chooses, and whether more follow the last of them.
func (s *Store) Read(ctx context.Context, f Filter) ([]Entry, bool, error) {
	q := "SELECT id, at, actor_id, actor_username, tournament_id, member_id, action, subject, before_value, after_value, request_id, client_request_id FROM audit_log WHERE id > ?"
	args := []any{f.After}
	if f.Tournament != 0 {
		q += " AND tournament_id = ?"
		args = append(args, f.Tournament)
	}
	if f.Member != 0 {
		q += " AND member_id = ?"
		args = append(args, f.Member)
	}
	limit := f.Limit
	if limit <= 0 || limit > MaxLimit {
		limit = DefaultLimit
	}
	q += " ORDER BY id LIMIT ?"
	args = append(args, limit+1)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, false, fmt.Errorf("read audit trail: %w", err)
	}
	out := []Entry{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var e Entry
		var actor, tournament, member sql.NullInt64
		var before, after sql.NullString
		if err := rows.Scan(&e.ID, &e.At, &actor, &e.ActorUsername, &tournament, &member, &e.Action, &e.Subject, &before, &after, &e.RequestID, &e.ClientRequestID); err != nil {
			return err
		}
		e.At = e.At.UTC()
		e.ActorID, e.TournamentID, e.MemberID = ptr(actor), ptr(tournament), ptr(member)
		e.Before, e.After = raw(before), raw(after)
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("read audit trail: %w", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, nil
}

func ptr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

func raw(s sql.NullString) json.RawMessage {
	if !s.Valid {
		return json.RawMessage("null")
	}
	return json.RawMessage(s.String)
}
