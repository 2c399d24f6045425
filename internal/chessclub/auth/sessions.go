package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/coalesce"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// DefaultTokenTTL is how long a login token lasts.
const DefaultTokenTTL = 7 * 24 * time.Hour

// tokenBytes is the entropy of a token: 256 bits, far beyond guessing.
const tokenBytes = 32

// Session is a login: the token the client holds and when it stops working.
type Session struct {
	Token     string         `json:"token"`
	TokenType string         `json:"token_type"`
	ExpiresAt time.Time      `json:"expires_at"`
	Member    members.Member `json:"member"`
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
	return problem.New(problem.Unauthorized, "Log in first: this needs a member's login, and none was sent or it has expired.")
}

// Store keeps the sessions, the throttle's buckets and the server's keys. It is safe for
// concurrent use; several replicas may share one MySQL database.
type Store struct {
	db *sqldb.DB
	// now is the clock, read at each call.
	now func() time.Time
	// sessions coalesces concurrent token checks (Authenticate) into batched lookups.
	sessions *coalesce.Group[string, sessionRow]
}

// NewStore returns a store over db, migrated by the caller; now is its clock.
func NewStore(db *sqldb.DB, now func() time.Time) *Store {
	s := &Store{db: db, now: now}
	s.sessions = sqldb.KeyReads(db, s.readSessions)
	return s
}

// clock returns the store's time in UTC to the second, the precision both databases keep.
func (s *Store) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

// CreateSession starts a session for m that lasts ttl. Expired sessions of the same member
// are removed first, so the table does not grow without bound.
//
// No transaction spans the two steps, and the purge deletes by primary key: on InnoDB a
// ranged DELETE takes gap locks on the member index, and concurrent logins then deadlock
// on each other's INSERTs.
func (s *Store) CreateSession(ctx context.Context, m members.Member, ttl time.Duration) (Session, error) {
	now := s.clock()
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
func (s *Store) Authenticate(ctx context.Context, token string) (members.Member, error) {
	sess, ok, err := s.sessions.Get(ctx, hashToken(token))
	if err != nil {
		return members.Member{}, fmt.Errorf("read session: %w", err)
	}
	if !ok {
		return members.Member{}, unauthorized() // no such session, or its member is gone
	}
	if !s.clock().Before(sess.expires.UTC()) {
		return members.Member{}, problem.New(problem.Unauthorized, "The token has expired; log in again.")
	}
	return sess.member, nil
}

// sessionRow is a session's member and expiry, as a token check reads them.
type sessionRow struct {
	member  members.Member
	expires time.Time
}

// sessionSelect reads sessions with their members: every authenticated request runs it, so
// it is one query and one round trip, the session and its member together.
const sessionSelect = "SELECT " + members.Columns + ", s.expires_at, s.token_hash FROM sessions s " +
	"JOIN members m ON m.id = s.member_id LEFT JOIN figures f ON f.member_id = m.id WHERE s.token_hash"

// readSessions is the token checks' coalesce.Fetch: the sessions of the token hashes, read
// in one query. One hash, the case whenever the server is not busy, takes a prepared
// statement; several go into the query's text, which is safe because a hash is hex that
// hashToken made, never text from a client. Under load this spreads a round trip to MariaDB
// over every request that arrived while the last one ran (see package coalesce); every
// lookup still starts after its request arrived, so a token revoked before a request began
// is refused. sqldb.KeyReads sets the group for the dialect.
func (s *Store) readSessions(ctx context.Context, hashes []string, found func(string, sessionRow)) error {
	var rows *sql.Rows
	if len(hashes) == 1 {
		stmt, err := s.db.Prepared(ctx, sessionSelect+" = ?")
		if err != nil {
			return fmt.Errorf("look up session: %w", err)
		}
		if rows, err = stmt.QueryContext(ctx, hashes[0]); err != nil {
			return err
		}
	} else {
		q := make([]byte, 0, len(sessionSelect)+8+67*len(hashes))
		q = append(q, sessionSelect+" IN ("...)
		for i, h := range hashes {
			if !isHex(h) {
				return fmt.Errorf("look up sessions: %q is not a token hash", h)
			}
			if i > 0 {
				q = append(q, ',')
			}
			q = append(append(append(q, '\''), h...), '\'')
		}
		var err error
		if rows, err = s.db.QueryContext(ctx, string(append(q, ')'))); err != nil {
			return err
		}
	}
	defer rows.Close()
	for rows.Next() {
		var sess sessionRow
		var hash string
		m, err := members.Scan(rows, &sess.expires, &hash)
		if err != nil {
			return err
		}
		sess.member = m
		found(hash, sess)
	}
	return rows.Err()
}

// isHex reports whether s is lower-case hexadecimal, as hashToken writes.
func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return s != ""
}

// RevokeSession ends the session of token; a token that is already gone is not an error.
func (s *Store) RevokeSession(ctx context.Context, token string) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hashToken(token))
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}
