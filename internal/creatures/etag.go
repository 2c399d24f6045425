package creatures

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// ETag returns the strong entity tag of a creature's representation. It is a hash of the JSON
// the API sends, so any change to any field, updated_at included, changes it, and two replicas
// compute the same tag for the same row.
func ETag(c Creature) string {
	return etagOf(appendCreature(make([]byte, 0, 512), &c))
}

// etagOf hashes an encoded representation.
func etagOf(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf(`"%016x"`, h.Sum64())
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
