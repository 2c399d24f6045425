package chessclub

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"campus.example/apps/internal/sqldb"
)

// ThrottleConfig sets how many failed logins are tolerated. A bucket holds Burst attempts
// and refills by one every Refill; a failed login uses one attempt of each bucket it draws
// on, and an empty bucket means 429 with Retry-After. A login draws on two buckets: its
// client address's (all usernames), and either the username's at that address or, when the
// client shows a device token from an earlier login as that member, the device's.
type ThrottleConfig struct {
	// UserBurst and UserRefill size the bucket of one username at one client address (an
	// IPv6 client counts by its /64), and that of one device token.
	UserBurst  int
	UserRefill time.Duration
	// AddrBurst and AddrRefill size the bucket of one client address, whatever the
	// username; no device token lifts it.
	AddrBurst  int
	AddrRefill time.Duration
	// RegisterBurst and RegisterRefill size the bucket of registrations from one client
	// address. Every registration that passes validation uses one, whether it creates a
	// member or finds the username taken, since either costs a password hash and tells
	// whether a username exists.
	RegisterBurst  int
	RegisterRefill time.Duration
}

// DefaultThrottle lets a member mistype their password five times in a row without noticing
// anything, and then try once a minute; one address (a campus NAT may hide many students)
// gets thirty failures, then one every ten seconds. Guessing a password at a minute per try
// and address is hopeless.
//
// Thirty registrations from one address, then one every two minutes, let a class register
// together on the campus network, and keep a script from creating accounts by the thousand
// or probing usernames faster than thirty an hour.
var DefaultThrottle = ThrottleConfig{
	UserBurst: 5, UserRefill: time.Minute,
	AddrBurst: 30, AddrRefill: 10 * time.Second,
	RegisterBurst: 30, RegisterRefill: 2 * time.Minute,
}

// withDefaults returns c with every zero field taken from DefaultThrottle.
func (c ThrottleConfig) withDefaults() ThrottleConfig {
	d := DefaultThrottle
	if c.UserBurst == 0 || c.UserRefill == 0 {
		c.UserBurst, c.UserRefill = d.UserBurst, d.UserRefill
	}
	if c.AddrBurst == 0 || c.AddrRefill == 0 {
		c.AddrBurst, c.AddrRefill = d.AddrBurst, d.AddrRefill
	}
	if c.RegisterBurst == 0 || c.RegisterRefill == 0 {
		c.RegisterBurst, c.RegisterRefill = d.RegisterBurst, d.RegisterRefill
	}
	return c
}

// horizon is how long after its last change a login bucket is full again, whatever it held.
func (c ThrottleConfig) horizon() time.Duration {
	return max(time.Duration(c.UserBurst)*c.UserRefill, time.Duration(c.AddrBurst)*c.AddrRefill)
}

// registerHorizon is horizon for registration buckets.
func (c ThrottleConfig) registerHorizon() time.Duration {
	return time.Duration(c.RegisterBurst) * c.RegisterRefill
}

const (
	// pruneEvery is how often one server deletes the buckets that have refilled completely:
	// a full bucket says nothing, and a missing one starts full.
	pruneEvery = time.Minute
	// pruneBatch bounds the keys that one DELETE names.
	pruneBatch = 500
)

// throttle limits failed logins with token buckets kept in the login_throttle table, so
// that every server on one database (replicas behind a load balancer) shares them and a
// restart forgets nothing. It is safe for concurrent use.
//
// No one can lock a member out. A username's failures count per client address, so a
// stranger who guesses from anywhere uses up only the allowance of the addresses they guess
// from (each of which is then slowed to one guess a minute), never that of the member's own;
// and a client that has logged in as the member before shows its device token (see
// deviceTokens) and draws on that device's own allowance instead, even from an address
// where the username is blocked. What a device token never lifts is the address's limit,
// which stops one address from guessing many usernames. This is OWASP's "device cookie"
// scheme, with the per-username lockout of untrusted clients counted per address.
//
// A login asks twice. admit, before the password is hashed, only reads: an attempt from a
// blocked address or for a blocked username is refused there at the cost of one SELECT. settle,
// after the hash, decides with the outcome in hand, in one transaction that holds the
// buckets' rows: a failure uses an attempt, and is refused instead when the buckets ran dry
// meanwhile; a success uses nothing, and is refused only when failures that were answered
// before it emptied a bucket. So parallel guesses get no more answers than the buckets hold
// (a guess answered 429 reveals nothing, whatever the password), while any number of
// simultaneous correct logins of one member all succeed: nothing is reserved before the hash
// that they could exhaust between them.
type throttle struct {
	cfg   ThrottleConfig
	store *Store
	log   *slog.Logger

	mu        sync.Mutex
	lastPrune time.Time
}

// newThrottle returns a throttle with cfg, whose zero fields take DefaultThrottle's values.
func newThrottle(cfg ThrottleConfig, store *Store, log *slog.Logger) *throttle {
	return &throttle{cfg: cfg.withDefaults(), store: store, log: log}
}

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
// id) or "register" (the client address). The value is hashed: the username field sometimes holds a password typed into the
// wrong box, and neither it nor the address needs to be readable in the database. An
// operator can still find a row, e.g. CONCAT('addr:', SHA2('192.0.2.1', 256)).
func bucketKey(kind, value string) string {
	sum := sha256.Sum256([]byte(value))
	return kind + ":" + hex.EncodeToString(sum[:])
}

// userAtAddrKey is the key of the bucket of user (folded) at addr.
func userAtAddrKey(user, addr string) string { return bucketKey("user@addr", user+"\x00"+addr) }

// now is the store's clock in UTC to the microsecond, the precision both databases keep.
func (t *throttle) now() time.Time { return t.store.Now().UTC().Truncate(time.Microsecond) }

// login is one login attempt as the throttle sees it.
type login struct {
	// user is the folded username.
	user string
	// addr is the client address, or its /64 for IPv6 (throttleSubject).
	addr string
	// device is the id of a valid device token for user that the client showed, or "".
	device string
}

// loginBuckets are the buckets a login draws on.
type loginBuckets struct {
	addr   *bucket
	device *bucket // nil without a device token
	user   *bucket
	// all holds them in key order: the order of the locks, the same in every transaction,
	// which InnoDB needs to avoid deadlocks ("addr:" < "device:" < "user@addr:").
	all []*bucket
}

func (t *throttle) buckets(l login) loginBuckets {
	user, addr := float64(t.cfg.UserBurst), float64(t.cfg.AddrBurst)
	b := loginBuckets{
		addr: &bucket{key: bucketKey("addr", l.addr), burst: addr, refill: t.cfg.AddrRefill},
		user: &bucket{key: userAtAddrKey(l.user, l.addr), burst: user, refill: t.cfg.UserRefill},
	}
	b.all = []*bucket{b.addr, b.user}
	if l.device != "" {
		b.device = &bucket{key: bucketKey("device", l.device), burst: user, refill: t.cfg.UserRefill}
		b.all = []*bucket{b.addr, b.device, b.user}
	}
	return b
}

// choose returns the buckets a failure would use: the address's, and the device's while it
// has attempts left, else the username's at this address (a device whose own allowance is
// spent, by a thief say, counts as no device, so a device token can only help). When no
// such pair has an attempt left it returns how long until one has, which is never zero.
func (b loginBuckets) choose() ([]*bucket, time.Duration) {
	var own *bucket
	switch {
	case b.device != nil && b.device.tokens >= 1:
		own = b.device
	case b.user.tokens >= 1:
		own = b.user
	}
	if own != nil && b.addr.tokens >= 1 {
		return []*bucket{b.addr, own}, 0
	}
	var wait time.Duration
	if own == nil {
		wait = b.user.wait()
		if b.device != nil {
			wait = min(wait, b.device.wait())
		}
	}
	return nil, max(wait, b.addr.wait())
}

// admit reports how long a login must wait before the password is even checked; zero lets
// it through. It only reads, so a blocked address that keeps guessing (each time a new
// username, say) costs the database no rows and no locks. An attempt it lets through is
// decided by settle.
func (t *throttle) admit(ctx context.Context, l login) (time.Duration, error) {
	now := t.now()
	b := t.buckets(l)
	if err := t.read(ctx, t.store.db, b.all, now, ""); err != nil {
		return 0, err
	}
	if _, wait := b.choose(); wait > 0 {
		return wait, nil
	}
	t.maybePrune(ctx, now)
	return 0, nil
}

// settle records the outcome of a login that admit let through, once the password has been
// checked: ok says whether it was right. A failure uses one attempt of the buckets choose
// names; a success uses nothing and forgets the failures of the username at this address
// and of the device. Either is refused instead, with nothing used, when the buckets are
// empty by now (failures answered meanwhile); then it returns how long to wait, and the
// caller must answer 429 whatever the password was.
func (t *throttle) settle(ctx context.Context, l login, ok bool) (time.Duration, error) {
	now := t.now()
	var wait time.Duration
	err := t.transact(ctx, func(tx *sql.Tx) error {
		b := t.buckets(l)
		if ok {
			// Lock what exists; a missing row is a full bucket, and a success creates none.
			if err := t.read(ctx, tx, b.all, now, t.store.db.Dialect.ForUpdate()); err != nil {
				return err
			}
			if _, wait = b.choose(); wait > 0 {
				return nil
			}
			for _, forget := range []*bucket{b.device, b.user} {
				if forget == nil || !forget.found {
					continue
				}
				if _, err := tx.ExecContext(ctx, "DELETE FROM login_throttle WHERE bucket = ?", forget.key); err != nil {
					return fmt.Errorf("forget login failures: %w", err)
				}
			}
			return nil
		}
		if err := t.lock(ctx, tx, b.all, now); err != nil {
			return err
		}
		var use []*bucket
		if use, wait = b.choose(); wait > 0 {
			return nil
		}
		for _, u := range use {
			if _, err := tx.ExecContext(ctx, "UPDATE login_throttle SET tokens = ?, updated_at = ? WHERE bucket = ?",
				u.tokens-1, u.at, u.key); err != nil {
				return fmt.Errorf("update login throttle: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return wait, nil
}

// register reports how long a registration from addr (throttleSubject) must wait, and uses
// one registration of the address's bucket when it need not. A refused registration writes
// nothing, as a refused login.
func (t *throttle) register(ctx context.Context, addr string) (time.Duration, error) {
	now := t.now()
	newBucket := func() *bucket {
		return &bucket{key: bucketKey(registerKind, addr), burst: float64(t.cfg.RegisterBurst), refill: t.cfg.RegisterRefill}
	}
	b := newBucket()
	if err := t.read(ctx, t.store.db, []*bucket{b}, now, ""); err != nil {
		return 0, err
	}
	if wait := b.wait(); wait > 0 {
		return wait, nil
	}
	t.maybePrune(ctx, now)
	var wait time.Duration
	err := t.transact(ctx, func(tx *sql.Tx) error {
		b := newBucket()
		if err := t.lock(ctx, tx, []*bucket{b}, now); err != nil {
			return err
		}
		if wait = b.wait(); wait > 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, "UPDATE login_throttle SET tokens = ?, updated_at = ? WHERE bucket = ?", b.tokens-1, b.at, b.key); err != nil {
			return fmt.Errorf("update registration throttle: %w", err)
		}
		return nil
	})
	return wait, err
}

// registerKind is the kind of the registration buckets, which share login_throttle with the
// login buckets but not their horizon.
const registerKind = "register"

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

// maybePrune deletes the buckets that have refilled completely, at most once per pruneEvery
// on this server. It runs when an attempt is let through, which is also the only time a row
// is written, so rows never outlive the horizon by more than pruneEvery while any are being
// made. A failure is logged, not returned: it costs space, not correctness.
func (t *throttle) maybePrune(ctx context.Context, now time.Time) {
	t.mu.Lock()
	due := now.Sub(t.lastPrune) >= pruneEvery
	if due {
		t.lastPrune = now
	}
	t.mu.Unlock()
	if !due {
		return
	}
	if err := t.prune(ctx, now); err != nil {
		t.log.Error("prune login throttle", "err", err)
	}
}

// prune deletes the rows untouched for their horizon, which are full whatever they held:
// registration buckets after the registration horizon, all others after the login horizon.
// It reads their keys without locking and deletes them by primary key, re-checking the
// time, so it locks only those rows: a ranged DELETE on InnoDB would lock every row it
// scans and stall the logins meanwhile.
func (t *throttle) prune(ctx context.Context, now time.Time) error {
	registers := registerKind + ":%"
	groups := []struct {
		where  string
		cutoff time.Time
	}{
		{"bucket NOT LIKE ?", now.Add(-t.cfg.horizon())},
		{"bucket LIKE ?", now.Add(-t.cfg.registerHorizon())},
	}
	for _, g := range groups {
		if err := t.pruneWhere(ctx, g.where, registers, g.cutoff); err != nil {
			return err
		}
	}
	return nil
}

// pruneWhere deletes the rows matching where (with one argument, arg) that are older than
// cutoff.
func (t *throttle) pruneWhere(ctx context.Context, where string, arg any, cutoff time.Time) error {
	rows, err := t.store.db.QueryContext(ctx, "SELECT bucket FROM login_throttle WHERE updated_at < ? AND "+where+" ORDER BY bucket", cutoff, arg)
	if err != nil {
		return fmt.Errorf("find full buckets: %w", err)
	}
	var keys []any
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			rows.Close()
			return fmt.Errorf("find full buckets: %w", err)
		}
		keys = append(keys, key)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find full buckets: %w", err)
	}
	for len(keys) > 0 {
		n := min(len(keys), pruneBatch)
		args := append([]any{cutoff}, keys[:n]...)
		if _, err := t.store.db.ExecContext(ctx, "DELETE FROM login_throttle WHERE updated_at < ? AND bucket IN ("+placeholders(n)+")", args...); err != nil {
			return fmt.Errorf("delete full buckets: %w", err)
		}
		keys = keys[n:]
	}
	return nil
}

// placeholders returns n comma-separated question marks.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// retryAfterSeconds rounds a wait up to whole seconds, at least one, for Retry-After.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
