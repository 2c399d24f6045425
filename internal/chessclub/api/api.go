// Package api holds the conventions that every part of the club's API follows, so that
// members, photos, authentication and tournament play answer alike: JSON responses that no
// cache keeps, and ids in paths. It imports nothing of the club and must never do so: every
// package under internal/chessclub may import it.
package api

import (
	"net/http"
	"regexp"
	"strconv"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// MaxBody is the largest JSON request body accepted, 1 MiB.
const MaxBody = jsonhttp.DefaultMaxBody

// WriteJSON sends v with the given status. API responses hold member data, so caches are
// told not to store them.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Cache-Control", "no-store")
	jsonhttp.Write(w, status, v)
}

// IDPattern matches what ParseID accepts before its value is checked: 1 to 18 decimal
// digits, so that every match fits an int64.
var IDPattern = regexp.MustCompile(`^[0-9]{1,18}$`)

// ParseID parses a positive decimal id, with a Malformed problem otherwise.
func ParseID(raw string) (int64, error) {
	if !IDPattern.MatchString(raw) {
		return 0, problem.New(problem.Malformed, "The id %q is not a positive integer.", raw)
	}
	id, _ := strconv.ParseInt(raw, 10, 64)
	if id == 0 {
		return 0, problem.New(problem.Malformed, "The id %q is not a positive integer.", raw)
	}
	return id, nil
}

// PathID parses the {id} of the request's path with ParseID.
func PathID(r *http.Request) (int64, error) { return ParseID(r.PathValue("id")) }

// Caller is the logged-in member who makes a request, as the parts of the API that decide
// what a member may do see them.
type Caller struct {
	// ID is the member's id, and Username their username (for the audit trail).
	ID       int64
	Username string
	// Admin is true for a member with the admin role, who may act on every member's behalf.
	Admin bool
	// Arbiter is true for a member with the arbiter role, whom an admin appointed to direct
	// the club's events: rated tournaments, and entries without asking the players.
	Arbiter bool
}

// Authority reports whether the caller is an arbiter or an admin: one who may direct rated
// tournaments and enter members directly, on the club's authority rather than their own.
func (c Caller) Authority() bool { return c.Admin || c.Arbiter }
