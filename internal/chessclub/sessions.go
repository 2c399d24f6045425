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
	// DeviceToken lets this client past the login throttle's username limit at its next
	// logins as this member (see deviceTokens); the client keeps it after logging out.
	DeviceToken string `json:"device_token"`
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
// are removed first, so the table does not grow without bound.
//
// No transaction spans the two steps, and the purge deletes by primary key: on InnoDB a
// ranged DELETE takes gap locks on the member index, and concurrent logins then deadlock
// on each other's INSERTs.
func (s *Store) CreateSession(ctx context.Context, m Member, ttl time.Duration) (Session, error) {
	now := s.now()
	if err := s.purgeSessions(ctx, m.ID, now); err != nil {
		return Session{}, err
	}
	token := newToken()
	sess := Session{Token: token, TokenType: "Bearer", ExpiresAt: now.Add(ttl), Member: m}
	_, err := s.db.ExecContext(ctx, "INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		hashToken(token), m.ID, now, sess.ExpiresAt)
	if err != nil {
		return Session{}, fmt.Errorf("insert session: %w", err)
	}
	return sess, nil
}

// purgeSessions deletes the member's sessions that expired by now.
func (s *Store) purgeSessions(ctx context.Context, member int64, now time.Time) error {
	rows, err := s.db.QueryContext(ctx, "SELECT token_hash FROM sessions WHERE member_id = ? AND expires_at <= ?", member, now)
	if err != nil {
		return fmt.Errorf("find expired sessions: %w", err)
	}
	var expired []string
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			rows.Close()
			return fmt.Errorf("find expired sessions: %w", err)
		}
		expired = append(expired, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find expired sessions: %w", err)
	}
	for _, h := range expired {
		if _, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", h); err != nil {
			return fmt.Errorf("purge session: %w", err)
		}
	}
	return nil
}

// Authenticate returns the member who holds token. It returns an Unauthorized problem when
// the token is unknown, revoked or expired.
func (s *Store) Authenticate(ctx context.Context, token string) (Member, error) {
	var expires time.Time
	// Every authenticated request runs this lookup, so it is one prepared statement and one
	// round trip to the database: the session and its member together.
	stmt, err := s.db.Prepared(ctx, "SELECT "+memberColumns+", s.expires_at FROM sessions s "+
		"JOIN members m ON m.id = s.member_id LEFT JOIN figures f ON f.member_id = m.id WHERE s.token_hash = ?")
	if err != nil {
		return Member{}, fmt.Errorf("look up session: %w", err)
	}
	m, err := scanMember(stmt.QueryRowContext(ctx, hashToken(token)), &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, unauthorized() // no such session, or its member is gone
	}
	if err != nil {
		return Member{}, fmt.Errorf("read session: %w", err)
	}
	if !s.now().Before(expires.UTC()) {
		return Member{}, problem.New(problem.Unauthorized, "The token has expired; log in again.")
	}
	return m, nil
}

// RevokeSession ends the session of token; a token that is already gone is not an error.
func (s *Store) RevokeSession(ctx context.Context, token string) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hashToken(token))
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}
