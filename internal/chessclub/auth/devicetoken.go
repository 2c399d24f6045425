package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"sync"
	"time"
)

// DefaultDeviceTokenTTL is how long a device token lets its holder past the username limit
// of the login throttle. Every successful login issues a new one, so a member who logs in at
// least once a quarter is never without.
const DefaultDeviceTokenTTL = 90 * 24 * time.Hour

const (
	// deviceKeyName is the server_keys row whose secret signs device tokens.
	deviceKeyName = "device-token"
	deviceKeyLen  = 32
	// deviceVersion is the first byte of a token; a new format gets a new value.
	deviceVersion = 1
	deviceNonce   = 16
	// deviceBody is the signed part: version, issue time (Unix seconds), nonce.
	deviceBody = 1 + 8 + deviceNonce
	deviceLen  = deviceBody + sha256.Size
	// deviceSkew is how far in the future an issue time may lie: another replica's clock may
	// run a little ahead.
	deviceSkew = time.Minute
)

// deviceTokens issues and checks device tokens: proof that a client logged in as a member
// before, which lets it past the login throttle's limit for that username (OWASP's "device
// cookie"). A token is the base64url form of a version byte, its issue time, a random nonce
// and an HMAC-SHA256 over those and the folded username, under a key kept in the database,
// so every replica accepts every other's tokens. It names no one; it is worth nothing for
// another username; it expires after ttl. It is not a login: the password is still needed.
// It is safe for concurrent use.
type deviceTokens struct {
	store *Store
	ttl   time.Duration

	mu  sync.Mutex
	key []byte // loaded on first use, then kept
}

func newDeviceTokens(store *Store, ttl time.Duration) *deviceTokens {
	return &deviceTokens{store: store, ttl: ttl}
}

// signingKey returns the key, reading (or making) it on first use. A failure is not kept, so
// the next login tries again.
func (d *deviceTokens) signingKey(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.key == nil {
		key, err := d.store.ServerKey(ctx, deviceKeyName, deviceKeyLen)
		if err != nil {
			return nil, err
		}
		d.key = key
	}
	return d.key, nil
}

// mac signs body for user (folded).
func deviceMAC(key []byte, user string, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("chessclub device token\x00"))
	m.Write([]byte(user))
	m.Write([]byte{0})
	m.Write(body)
	return m.Sum(nil)
}

// issue returns a new device token for user (folded), issued at now.
func (d *deviceTokens) issue(ctx context.Context, user string, now time.Time) (string, error) {
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", err
	}
	tok := make([]byte, deviceBody, deviceLen)
	tok[0] = deviceVersion
	binary.BigEndian.PutUint64(tok[1:9], uint64(now.Unix()))
	_, _ = rand.Read(tok[9:deviceBody])
	tok = append(tok, deviceMAC(key, user, tok)...)
	return base64.RawURLEncoding.EncodeToString(tok), nil
}

// check returns the id of token when it is a device token for user (folded) that has not
// expired by now, and "" for anything else: a malformed, forged, expired or other member's
// token is simply no token, so a client with a stale one still logs in. The id names the
// device's own throttle bucket.
func (d *deviceTokens) check(ctx context.Context, token, user string, now time.Time) (string, error) {
	if token == "" || len(token) != base64.RawURLEncoding.EncodedLen(deviceLen) {
		return "", nil
	}
	tok, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(tok) != deviceLen || tok[0] != deviceVersion {
		return "", nil
	}
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", err
	}
	if !hmac.Equal(tok[deviceBody:], deviceMAC(key, user, tok[:deviceBody])) {
		return "", nil
	}
	issued := time.Unix(int64(binary.BigEndian.Uint64(tok[1:9])), 0)
	if issued.After(now.Add(deviceSkew)) || !now.Before(issued.Add(d.ttl)) {
		return "", nil
	}
	return hex.EncodeToString(tok[9:deviceBody]), nil
}
