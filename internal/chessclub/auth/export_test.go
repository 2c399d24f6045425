package auth

import (
	"context"
	"time"

	"campus.example/apps/internal/chessclub/members"
)

// HashToken is hashToken, for the tests of package auth_test.
var HashToken = hashToken

// ReadSessions is readSessions for the tests of package auth_test: it reports each session
// found by its token hash, member and expiry.
func (s *Store) ReadSessions(ctx context.Context, hashes []string, found func(hash string, m members.Member, expires time.Time)) error {
	return s.readSessions(ctx, hashes, func(h string, r sessionRow) { found(h, r.member, r.expires) })
}

// UserAtAddrKey and BucketKey name the throttle's buckets, for the tests that read them.
var UserAtAddrKey, BucketKey = userAtAddrKey, bucketKey

// PruneEvery is how often a server prunes the full buckets.
const PruneEvery = pruneEvery

// ThrottleHorizons are how long after its last change a bucket is full again, whatever it
// held.
type ThrottleHorizons struct{ Login, Register time.Duration }

// Horizons returns the horizons of cfg, its zero fields at their defaults.
func Horizons(cfg ThrottleConfig) ThrottleHorizons {
	c := cfg.withDefaults()
	return ThrottleHorizons{Login: c.horizon(), Register: c.registerHorizon()}
}

// ErrHashBusy is the refusal of a login that found no hashing slot in time.
var ErrHashBusy = errHashBusy
