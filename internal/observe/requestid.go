package observe

import (
	"crypto/rand"
	"net/http"
)

// RequestIDHeader names the request id in requests and answers.
const RequestIDHeader = "X-Request-ID"

// MaxRequestIDLen is the longest request id taken from a client or proxy.
const MaxRequestIDLen = 128

// ValidRequestID reports whether id may be taken from a request as it is: 1 to
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

// requestID returns the id of r: its X-Request-ID when that is well-formed (a proxy in
// front may have set it, and then both logs name the request alike), else a new random
// one of 26 base32 characters (128 bits), which no two requests share.
func requestID(r *http.Request) string {
	if id := r.Header.Get(RequestIDHeader); ValidRequestID(id) {
		return id
	}
	return rand.Text()
}
