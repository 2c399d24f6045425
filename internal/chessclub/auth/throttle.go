package auth

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync"
	"time"
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

// throttle limits failed logins and registrations with token buckets kept in the
// login_throttle table, so
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
// blocked address or for a blocked username is refused there at the cost of one SELECT.
// settle, after the hash, decides with the outcome in hand, in one transaction that holds the
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

// loginAttempt is one login as the throttle sees it.
type loginAttempt struct {
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

func (t *throttle) buckets(l loginAttempt) loginBuckets {
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
func (t *throttle) admit(ctx context.Context, l loginAttempt) (time.Duration, error) {
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
func (t *throttle) settle(ctx context.Context, l loginAttempt, ok bool) (time.Duration, error) {
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
