package observe

import (
	"crypto/rand"
	"net/http"
	"strconv"
	"sync/atomic"
)

// RequestIDHeader names the request id in requests and answers.
const RequestIDHeader = "X-Request-ID"

// MaxRequestIDLen is the longest request id taken from a client or proxy.
const MaxRequestIDLen = 128

// ValidRequestID reports whether id may be kept from a request as it is: 1 to
// MaxRequestIDLen characters of A–Z, a–z, 0–9 and ". _ : -". The set covers the UUIDs,
// ULIDs and hex or base32 ids that proxies and clients make, and nothing that could break
// a log line, a header or a JSON string, so an accepted id is echoed without escaping.
func ValidRequestID(id string) bool {
	if len(id) == 0 || len(id) > MaxRequestIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '.', c == '_', c == ':', c == '-':
		default:
			return false
		}
	}
	return true
}

// requestIDKey is X-Request-ID in the form net/http keeps header names in: indexing the
// header map with it skips the canonicalisation (and its allocation) of Get and Set.
const requestIDKey = "X-Request-Id"

// clientRequestID returns the X-Request-ID that r came with when it is well-formed (a proxy
// in front may have set it, and then both logs name the request alike), else "". It is the
// client's word, never the request's own id: any client may send another's.
func clientRequestID(r *http.Request) string {
	if v := r.Header[requestIDKey]; len(v) == 1 && ValidRequestID(v[0]) {
		return v[0]
	}
	return ""
}

// A new id is this process's random prefix (80 bits, base32) and a counter: unique without
// a system call per request, and between processes with overwhelming probability.
var (
	idPrefix  = rand.Text()[:16]
	idCounter atomic.Uint64
)

func newRequestID() string {
	var b [16 + 1 + 13]byte
	n := copy(b[:], idPrefix)
	b[n] = '-'
	out := strconv.AppendUint(b[:n+1], idCounter.Add(1), 32)
	return string(out)
}
