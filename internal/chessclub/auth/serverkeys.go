package auth

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/sqldb"
)

// ServerKey returns the secret named name from the server_keys table, making it first from
// size random bytes when there is none. Servers that ask at the same time agree: each inserts
// only when the row is missing and then reads back the one that won. The secret is never
// logged or returned in an error.
func (s *Store) ServerKey(ctx context.Context, name string, size int) ([]byte, error) {
	key, err := s.readServerKey(ctx, name)
	if err != nil || key != nil {
		return key, err
	}
	fresh := make([]byte, size)
	_, _ = rand.Read(fresh)
	insert := "INSERT INTO server_keys (name, secret, created_at) VALUES (?, ?, ?)"
	if s.db.Dialect == sqldb.MySQL {
		insert += " ON DUPLICATE KEY UPDATE name = name"
	} else {
		insert += " ON CONFLICT (name) DO NOTHING"
	}
	if _, err := s.db.ExecContext(ctx, insert, name, fresh, s.clock()); err != nil {
		return nil, fmt.Errorf("store server key %q: %w", name, err)
	}
	key, err = s.readServerKey(ctx, name)
	if err == nil && key == nil {
		err = fmt.Errorf("server key %q missing after storing it", name)
	}
	return key, err
}

// readServerKey returns the secret named name, or nil when there is none.
func (s *Store) readServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := s.db.QueryRowContext(ctx, "SELECT secret FROM server_keys WHERE name = ?", name).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read server key %q: %w", name, err)
	}
	return key, nil
}
