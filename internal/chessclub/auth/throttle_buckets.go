package auth

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"

	"campus.example/apps/internal/sqldb"
)

// bucket is one row of login_throttle while a transaction holds it.
type bucket struct {
	key    string
	burst  float64
	refill time.Duration
	tokens float64
	at     time.Time
	// found says whether the row exists.
	found bool
}

// bucketKey is the row key of a bucket: kind "addr" (the value is the client address),
// "user@addr" (the folded username, a NUL byte, the address), "device" (a device token's
// id) or "register" (the client address). The value is hashed: the username field sometimes
// holds a password typed into the wrong box, and neither it nor the address needs to be
// readable in the database. An operator can still find a row, e.g.
// CONCAT('addr:', SHA2('192.0.2.1', 256)).
func bucketKey(kind, value string) string {
	sum := sha256.Sum256([]byte(value))
	return kind + ":" + hex.EncodeToString(sum[:])
}

// userAtAddrKey is the key of the bucket of user (folded) at addr.
func userAtAddrKey(user, addr string) string { return bucketKey("user@addr", user+"\x00"+addr) }

// now is the store's clock in UTC to the microsecond, the precision both databases keep.
func (t *throttle) now() time.Time { return t.store.now().UTC().Truncate(time.Microsecond) }

// lock creates the rows of bs that are missing as full buckets, locks all of them until tx
// ends, and fills in their tokens refilled up to now. Creating first, in one statement that
// leaves existing rows alone, means two servers that see a key for the first time at once
// do not both insert it.
func (t *throttle) lock(ctx context.Context, tx *sql.Tx, bs []*bucket, now time.Time) error {
	values := make([]string, len(bs))
	args := make([]any, 0, 3*len(bs))
	for i, b := range bs {
		values[i] = "(?, ?, ?)"
		args = append(args, b.key, b.burst, now)
	}
	insert := "INSERT INTO login_throttle (bucket, tokens, updated_at) VALUES " + strings.Join(values, ", ")
	if t.store.db.Dialect == sqldb.MySQL {
		insert += " ON DUPLICATE KEY UPDATE bucket = bucket"
	} else {
		insert += " ON CONFLICT (bucket) DO NOTHING"
	}
	if _, err := tx.ExecContext(ctx, insert, args...); err != nil {
		return fmt.Errorf("create login throttle buckets: %w", err)
	}
	if err := t.read(ctx, tx, bs, now, t.store.db.Dialect.ForUpdate()); err != nil {
		return err
	}
	for _, b := range bs {
		if !b.found {
			return fmt.Errorf("read login throttle: bucket %s missing after creating it", b.key)
		}
	}
	return nil
}

// querier is a pool or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// read fills in the tokens of bs as of now: what their rows held, refilled since, or a full
// bucket for a row that does not exist. lock is appended to the SELECT (ForUpdate or "").
func (t *throttle) read(ctx context.Context, q querier, bs []*bucket, now time.Time, lock string) error {
	keys := make([]any, len(bs))
	for i, b := range bs {
		keys[i] = b.key
		b.tokens, b.at, b.found = b.burst, now, false
	}
	rows, err := q.QueryContext(ctx, "SELECT bucket, tokens, updated_at FROM login_throttle WHERE bucket IN ("+
		placeholders(len(bs))+") ORDER BY bucket"+lock, keys...)
	if err != nil {
		return fmt.Errorf("read login throttle: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var tokens float64
		var at time.Time
		if err := rows.Scan(&key, &tokens, &at); err != nil {
			return fmt.Errorf("read login throttle: %w", err)
		}
		for _, b := range bs {
			if b.key == key {
				b.tokens, b.at, b.found = tokens, at.UTC(), true
				b.refillTo(now)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read login throttle: %w", err)
	}
	return nil
}

// wait returns how long until b holds an attempt; zero when it does.
func (b *bucket) wait() time.Duration {
	if b.tokens >= 1 {
		return 0
	}
	// Rounded up, so that a bucket a hair short of an attempt never waits zero.
	return time.Duration(math.Ceil((1 - b.tokens) * float64(b.refill)))
}

// refillTo adds what b earned since b.at, up to its burst. A clock that went back (another
// server's may run a little ahead) earns nothing and leaves b.at as it was.
func (b *bucket) refillTo(now time.Time) {
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens = math.Min(b.burst, b.tokens+float64(elapsed)/float64(b.refill))
		b.at = now
	}
}

// transact runs fn in a transaction. sqldb.Transact runs it again when InnoDB rolled it back
// to break a deadlock, as it does for every store; fn must start from scratch each time.
func (t *throttle) transact(ctx context.Context, fn func(*sql.Tx) error) error {
	return t.store.db.Transact(ctx, fn)
}

// placeholders returns n comma-separated question marks.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// retryAfterSeconds rounds a wait up to whole seconds, at least one, for Retry-After.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
