package chessclub

import (
	"math"
	"sync"
	"time"
)

// ThrottleConfig sets how many failed logins are tolerated. Each username and each client
// address has a bucket of Burst attempts that refills by one every Refill; a failed login
// uses one, a successful one gives it back. An empty bucket means 429 with Retry-After.
type ThrottleConfig struct {
	UserBurst  int
	UserRefill time.Duration
	AddrBurst  int
	AddrRefill time.Duration
}

// DefaultThrottle lets a member mistype their password five times in a row without noticing
// anything, and then try once a minute; one address (a campus NAT may hide many students)
// gets thirty failures, then one every ten seconds. Guessing a password at a minute per try
// is hopeless.
var DefaultThrottle = ThrottleConfig{UserBurst: 5, UserRefill: time.Minute, AddrBurst: 30, AddrRefill: 10 * time.Second}

// maxBuckets bounds the throttle's memory. Above it, full buckets (which say nothing) are
// dropped.
const maxBuckets = 10000

type bucket struct {
	tokens float64
	at     time.Time
}

// throttle is an in-memory login limiter, per process. It is safe for concurrent use.
type throttle struct {
	cfg   ThrottleConfig
	now   func() time.Time
	mu    sync.Mutex
	users map[string]*bucket
	addrs map[string]*bucket
}

func newThrottle(cfg ThrottleConfig, now func() time.Time) *throttle {
	return &throttle{cfg: cfg, now: now, users: map[string]*bucket{}, addrs: map[string]*bucket{}}
}

// level refills b up to burst and returns it, creating a full bucket for a new key.
func level(m map[string]*bucket, key string, burst int, refill time.Duration, now time.Time) *bucket {
	b, ok := m[key]
	if !ok {
		b = &bucket{tokens: float64(burst), at: now}
		m[key] = b
		return b
	}
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens = math.Min(float64(burst), b.tokens+float64(elapsed)/float64(refill))
		b.at = now
	}
	return b
}

// take uses one attempt of user's and of addr's buckets before the password is checked, so
// that parallel guesses cannot slip past the limit while a hash runs. When either is empty it
// uses neither and returns how long to wait.
func (t *throttle) take(user, addr string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.prune(now)
	u := level(t.users, user, t.cfg.UserBurst, t.cfg.UserRefill, now)
	a := level(t.addrs, addr, t.cfg.AddrBurst, t.cfg.AddrRefill, now)
	var wait time.Duration
	if u.tokens < 1 {
		wait = max(wait, time.Duration((1-u.tokens)*float64(t.cfg.UserRefill)))
	}
	if a.tokens < 1 {
		wait = max(wait, time.Duration((1-a.tokens)*float64(t.cfg.AddrRefill)))
	}
	if wait > 0 {
		return wait
	}
	u.tokens--
	a.tokens--
	return 0
}

// succeeded gives back the attempt taken for a login that succeeded: the username's failures
// are forgotten, and the address gets its attempt back.
func (t *throttle) succeeded(user, addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.users, user)
	if a, ok := t.addrs[addr]; ok {
		a.tokens = math.Min(float64(t.cfg.AddrBurst), a.tokens+1)
	}
}

// prune drops full buckets when there are too many; the caller holds t.mu.
func (t *throttle) prune(now time.Time) {
	if len(t.users)+len(t.addrs) < maxBuckets {
		return
	}
	for key, b := range t.users {
		if level(t.users, key, t.cfg.UserBurst, t.cfg.UserRefill, now); b.tokens >= float64(t.cfg.UserBurst) {
			delete(t.users, key)
		}
	}
	for key, b := range t.addrs {
		if level(t.addrs, key, t.cfg.AddrBurst, t.cfg.AddrRefill, now); b.tokens >= float64(t.cfg.AddrBurst) {
			delete(t.addrs, key)
		}
	}
}

// retryAfterSeconds rounds a wait up to whole seconds, at least one, for Retry-After.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
