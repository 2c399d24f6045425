package creatures

import (
	"encoding/binary"
	"encoding/hex"
	"hash/fnv"
	"strings"
)

// ETag returns the strong entity tag of a creature's representation. It is a hash of the JSON
// the API sends, so any change to any field, updated_at included, changes it, and two replicas
// compute the same tag for the same row.
func ETag(c Creature) string {
	return etagOf(appendCreature(make([]byte, 0, 512), &c))
}

// etagOf hashes an encoded representation: its FNV-1a hash in 16 hex digits, quoted.
func etagOf(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	var sum [8]byte
	var tag [1 + 2*len(sum) + 1]byte
	tag[0], tag[len(tag)-1] = '"', '"'
	hex.Encode(tag[1:], binary.BigEndian.AppendUint64(sum[:0], h.Sum64()))
	return string(tag[:])
}

// ETagMatches reports whether an If-Match or If-None-Match header value matches etag. "*"
// matches any existing resource. If-None-Match compares weakly (a W/ prefix is ignored);
// If-Match compares strongly (RFC 9110 §13.1).
func ETagMatches(header, etag string, weak bool) bool {
	for candidate := range strings.SplitSeq(header, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" {
			return true
		}
		if weak {
			candidate = strings.TrimPrefix(candidate, "W/")
		}
		if candidate == etag {
			return true
		}
	}
	return false
}
