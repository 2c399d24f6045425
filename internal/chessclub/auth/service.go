// Package auth lets members in: passwords hashed with argon2id within a bound on the hashes
// running at once (password.go), registration and login (http.go), bearer-token sessions
// (sessions.go), the throttle of failed logins and registrations kept in the database so
// that every replica shares it (throttle*.go), device tokens that let a member's own client
// past the username limit (devicetoken.go, serverkeys.go), and the client address that the
// throttle counts, read through trusted proxies (clientaddr.go).
//
// It builds on package members, whose records it creates and reads. It must never import
// photos, play or the package root, which wires it.
package auth

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"time"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/sqldb"
)

// Config holds the settings of logins. Zero values take the documented defaults; negative
// durations are refused by New.
type Config struct {
	// TokenTTL is how long a login lasts (DefaultTokenTTL).
	TokenTTL time.Duration
	// Password sets the cost of new password hashes (DefaultPasswordParams). Tests lower it.
	Password PasswordParams
	// HashConcurrency bounds the password hashes that run at once (GOMAXPROCS).
	HashConcurrency int
	// Throttle limits failed logins and registrations; zero fields take DefaultThrottle's.
	Throttle ThrottleConfig
	// DeviceTokenTTL is how long a device token from a login lets its client past the
	// throttle's username limit (DefaultDeviceTokenTTL).
	DeviceTokenTTL time.Duration
	// TrustedProxies are the reverse proxies in front of the server (see
	// ParseTrustedProxies). When a request comes from one of them, the login throttle takes
	// the client's address from X-Forwarded-For; otherwise the header is ignored. Empty
	// trusts no one: right for a server that clients reach directly.
	TrustedProxies []netip.Prefix
}

// WithDefaults returns c with its zero values set to the defaults, or an error when a
// duration is negative.
func (c Config) WithDefaults() (Config, error) {
	if c.TokenTTL < 0 || c.DeviceTokenTTL < 0 {
		return c, fmt.Errorf("auth: Config.TokenTTL (%v) and DeviceTokenTTL (%v) may not be negative", c.TokenTTL, c.DeviceTokenTTL)
	}
	if c.TokenTTL == 0 {
		c.TokenTTL = DefaultTokenTTL
	}
	if c.Password == (PasswordParams{}) {
		c.Password = DefaultPasswordParams
	}
	if c.HashConcurrency <= 0 {
		c.HashConcurrency = runtime.GOMAXPROCS(0)
	}
	c.Throttle = c.Throttle.withDefaults()
	if c.DeviceTokenTTL == 0 {
		c.DeviceTokenTTL = DefaultDeviceTokenTTL
	}
	return c, nil
}

// Service registers members, logs them in and out, and tells who sends a request. It is
// safe for concurrent use.
type Service struct {
	log      *slog.Logger
	store    *Store
	members  *members.Store
	hasher   *Hasher
	throttle *throttle
	devices  *deviceTokens
	// proxies are the reverse proxies whose X-Forwarded-For names the client.
	proxies  []netip.Prefix
	tokenTTL time.Duration
}

// New returns the service over db, which must be migrated, and the members in people; now
// is the clock, read at each call. It computes one password hash (for the dummy check), so
// it takes a moment at the production cost.
func New(db *sqldb.DB, now func() time.Time, log *slog.Logger, people *members.Store, cfg Config) (*Service, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	hasher, err := NewHasher(cfg.Password, cfg.HashConcurrency)
	if err != nil {
		return nil, err
	}
	store := NewStore(db, now)
	return &Service{
		log:      log,
		store:    store,
		members:  people,
		hasher:   hasher,
		throttle: newThrottle(cfg.Throttle, store, log),
		devices:  newDeviceTokens(store, cfg.DeviceTokenTTL),
		proxies:  cfg.TrustedProxies,
		tokenTTL: cfg.TokenTTL,
	}, nil
}

// ObserveHashWaits makes the service tell observe how long each password hash waited for
// its slot (a metric). Call it before the service is shared.
func (s *Service) ObserveHashWaits(observe func(time.Duration)) { s.hasher.waited = observe }

// Authenticate returns the member whose bearer token the request carries. A request
// without a valid, unexpired, unrevoked token gets an Unauthorized problem.
func (s *Service) Authenticate(r *http.Request) (members.Member, error) {
	token, ok := bearerToken(r)
	if !ok {
		return members.Member{}, unauthorized()
	}
	return s.store.Authenticate(r.Context(), token)
}

// sponsor returns the arbiter or admin whose valid bearer token a registration carries: they
// sign a player up. Any other token, valid or not, is no sponsor and no fault — registering is
// public, and a stale token never locks a client out of it.
func (s *Service) sponsor(r *http.Request) (members.Member, bool) {
	token, ok := bearerToken(r)
	if !ok {
		return members.Member{}, false
	}
	m, err := s.store.Authenticate(r.Context(), token)
	if err != nil || !(m.IsAdmin() || m.IsArbiter()) {
		return members.Member{}, false
	}
	return m, true
}

// bearerToken returns the token of an "Authorization: Bearer TOKEN" header.
func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || len(token) > 200 {
		return "", false
	}
	return token, true
}
