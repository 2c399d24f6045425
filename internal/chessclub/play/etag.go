package play

import (
	"fmt"
	"net/http"
	"strings"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// TournamentETag is the strong entity tag of the tournament's representation: its id and version,
// which every change to what GET /api/tournaments/{id} shows increases.
func TournamentETag(t tournament.Tournament) string { return fmt.Sprintf(`"t%d-%d"`, t.ID, t.Version) }

// BoardETag is the entity tag of one board: its version, which every result set on it
// increases.
func BoardETag(version int64) string { return fmt.Sprintf(`"b%d"`, version) }

// etagMatches reports whether an If-Match or If-None-Match header value matches etag. "*"
// matches any existing resource. If-None-Match compares weakly (a W/ prefix is ignored);
// If-Match compares strongly (RFC 9110 section 13.1).
func etagMatches(header, etag string, weak bool) bool {
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

// checkIfMatch returns a PreconditionFailed problem when an If-Match header was sent and
// does not match etag: what the client read has changed since. No header means no
// condition: clients that do not keep ETags still work, at their own risk.
func checkIfMatch(header, etag, what string) error {
	if header == "" || etagMatches(header, etag, false) {
		return nil
	}
	return &problem.Error{Kind: problem.PreconditionFailed, Current: map[string]string{"etag": etag},
		Detail: fmt.Sprintf("The %s has changed since you read it (its ETag is now %s); read it again.", what, etag)}
}

// NotModified answers 304 when the request's If-None-Match matches etag, and reports
// whether it did; otherwise it sets the ETag header for the response to come.
func NotModified(w http.ResponseWriter, r *http.Request, etag string) bool {
	w.Header().Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatches(inm, etag, true) {
		w.Header().Set("Cache-Control", "no-cache")
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}
