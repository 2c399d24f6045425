package chessclub

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"campus.example/apps/internal/problem"
)

// DefaultTokenTTL is how long a login token lasts.
const DefaultTokenTTL = 7 * 24 * time.Hour

// tokenBytes is the entropy of a token: 256 bits, far beyond guessing.
const tokenBytes = 32

// Session is a login: the token the client holds and when it stops working.
type Session struct {
	Token     string    `json:"token"`
	TokenType string    `json:"token_type"`
	ExpiresAt time.Time `json:"expires_at"`
	Member    Member    `json:"member"`
}

// newToken returns a random token in URL-safe base64.
func newToken() string {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what the database keeps instead of the token, so that a leaked copy of the
// database does not let anyone log in. A fast hash suffices: the token is random, not a
// password that could be guessed.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func unauthorized() error {
	return problem.New(problem.Unauthorized, "A valid bearer token is required; log in with POST /api/login.")
}

// CreateSession starts a session for m that lasts ttl. Expired sessions of the same member
// are removed on the way, so the table does not grow without bound.
func (s *Store) CreateSession(ctx context.Context, m Member, ttl time.Duration) (Session, error) {
	token := newToken()
	now := s.now()
	sess := Session{Token: token, TokenType: "Bearer", ExpiresAt: now.Add(ttl), Member: m}
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE member_id = ? AND expires_at <= ?", m.ID, now); err != nil {
			return fmt.Errorf("purge sessions: %w", err)
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
			hashToken(token), m.ID, now, sess.ExpiresAt)
		if err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return nil
	})
	if err != nil {
		return Session{}, err
	}
	return sess, nil
}

// Authenticate returns the member who holds token. It returns an Unauthorized problem when
// the token is unknown, revoked or expired.
func (s *Store) Authenticate(ctx context.Context, token string) (Member, error) {
	var expires time.Time
	var memberID int64
	err := s.db.QueryRowContext(ctx, "SELECT member_id, expires_at FROM sessions WHERE token_hash = ?", hashToken(token)).Scan(&memberID, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, unauthorized()
	}
	if err != nil {
		return Member{}, fmt.Errorf("read session: %w", err)
	}
	if !s.now().Before(expires.UTC()) {
		return Member{}, problem.New(problem.Unauthorized, "The token has expired; log in again.")
	}
	m, err := s.Member(ctx, memberID)
	if problem.KindOf(err) == problem.NotFound {
		return Member{}, unauthorized()
	}
	return m, err
}

// RevokeSession ends the session of token; a token that is already gone is not an error.
func (s *Store) RevokeSession(ctx context.Context, token string) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hashToken(token))
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}
