package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"campus.example/apps/internal/problem"
)

// PasswordParams are the argon2id cost parameters of new password hashes. Existing hashes
// keep the parameters they were made with, which their encoded form records.
type PasswordParams struct {
	// Memory is in KiB.
	Memory  uint32
	Time    uint32
	Threads uint8
}

// DefaultPasswordParams are OWASP's recommended argon2id settings (19 MiB, 2 passes, 1 lane):
// about 40 ms per hash on one core of the club's server.
var DefaultPasswordParams = PasswordParams{Memory: 19 * 1024, Time: 2, Threads: 1}

// Limits on hashes read back from the database, so a corrupted row cannot ask for gigabytes.
const (
	maxHashMemory = 256 * 1024
	maxHashTime   = 16
	saltLen       = 16
	keyLen        = 32
	// hashWait is how long a request waits for a hashing slot before it is told to retry.
	hashWait = 5 * time.Second
)

// Hasher hashes and verifies passwords with argon2id. At most a fixed number of hashes run
// at once, whatever the number of requests: each takes Memory KiB and a core for tens of
// milliseconds, so unbounded logins could exhaust the server's memory and CPU. It is safe
// for concurrent use.
type Hasher struct {
	params PasswordParams
	slots  chan struct{}
	// dummy is a hash of a random password, verified when a username is unknown so that an
	// unknown user and a wrong password cost the same time (no user enumeration by timing).
	dummy string
	// waited, when not nil, learns how long each hash waited for its slot (a metric).
	// It is set before the Hasher is shared.
	waited func(time.Duration)
}

// NewHasher returns a Hasher that makes hashes with p and runs at most concurrency hashes at
// a time (at least 1).
func NewHasher(p PasswordParams, concurrency int) (*Hasher, error) {
	if p.Memory < 8*uint32(p.Threads) || p.Time < 1 || p.Threads < 1 {
		return nil, fmt.Errorf("argon2id parameters out of range: %+v", p)
	}
	h := &Hasher{params: p, slots: make(chan struct{}, max(1, concurrency))}
	pw := make([]byte, 16)
	_, _ = rand.Read(pw)
	dummy, err := h.Hash(context.Background(), base64.RawStdEncoding.EncodeToString(pw))
	if err != nil {
		return nil, err
	}
	h.dummy = dummy
	return h, nil
}

// acquire takes a hashing slot. When none frees up within hashWait it returns a
// TooManyRequests problem, so a flood of logins queues briefly and then sheds load.
func (h *Hasher) acquire(ctx context.Context) error {
	start := time.Now()
	t := time.NewTimer(hashWait)
	defer t.Stop()
	var err error
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		err = ctx.Err()
	case <-t.C:
		err = errHashBusy
	}
	if h.waited != nil {
		h.waited(time.Since(start))
	}
	return err
}

// errHashBusy is the answer to a request that waited hashWait for a hashing slot: the server
// is busy, whatever the password. docs/API-ERRORS.md tells it apart from the login throttle's
// 429 by its detail.
var errHashBusy = &problem.Error{Kind: problem.TooManyRequests, Detail: "The server is busy hashing passwords; try again shortly.", RetryAfter: 1}

func (h *Hasher) release() { <-h.slots }

// Hash returns the PHC-format argon2id hash of password, with a new random salt.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	salt := make([]byte, saltLen)
	_, _ = rand.Read(salt)
	p := h.params
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify reports whether password matches encoded. With encoded empty (an unknown user) it
// checks against a dummy hash and reports false, taking the same time as a real check.
func (h *Hasher) Verify(ctx context.Context, encoded, password string) (bool, error) {
	known := encoded != ""
	if !known {
		encoded = h.dummy
	}
	p, salt, want, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1 && known, nil
}

func decodeHash(encoded string) (PasswordParams, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return PasswordParams{}, nil, nil, fmt.Errorf("password hash: not an argon2id PHC string")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return PasswordParams{}, nil, nil, fmt.Errorf("password hash: unsupported argon2 version")
	}
	var p PasswordParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return PasswordParams{}, nil, nil, fmt.Errorf("password hash: bad parameters")
	}
	if p.Memory > maxHashMemory || p.Time > maxHashTime || p.Time < 1 || p.Threads < 1 || p.Memory < 8*uint32(p.Threads) {
		return PasswordParams{}, nil, nil, fmt.Errorf("password hash: parameters out of range")
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	key, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(key) < 16 {
		return PasswordParams{}, nil, nil, fmt.Errorf("password hash: bad salt or key")
	}
	return p, salt, key, nil
}

// IsHashBusy reports whether err is the refusal of a request that found no hashing slot in
// time (a 429 that is not the throttle's).
func IsHashBusy(err error) bool { return errors.Is(err, errHashBusy) }
