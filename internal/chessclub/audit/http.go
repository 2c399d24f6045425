package audit

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/problem"
)

// PageParams are the query parameters of a read of a tournament's or a member's trail: the
// paging. Params are those of GET /api/audit: the paging and the filters.
var (
	PageParams = []string{"after", "limit"}
	Params     = []string{"after", "limit", "tournament_id", "member_id"}
)

// Trail answers GET /api/audit: the whole trail, to admins, filtered by tournament_id and
// member_id, a page at a time.
func (s *Store) Trail(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	if !caller.Admin {
		return problem.New(problem.Forbidden, "Only an admin may read the whole audit trail.")
	}
	f, err := ParseFilter(r.URL.Query())
	if err != nil {
		return err
	}
	return s.Serve(w, r, f, Viewer{ID: caller.ID, Admin: caller.Admin})
}

// MemberTrail answers GET /api/members/{id}/audit: every change to the member's record and
// every entry about them (registration, profile, FIDE fields, role, photo, a FIDE list
// applied, their entries, invitations and byes), oldest first, a page at a time, for the
// member, arbiters (who check a player's FIDE details) and admins; an arbiter reads the
// member's private values masked.
func (s *Store) MemberTrail(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	if caller.ID != id && !caller.Authority() {
		return problem.New(problem.Forbidden, "Only the member, arbiters and admins may read the trail of a member's record.")
	}
	f, err := ParseFilter(r.URL.Query())
	if err != nil {
		return err
	}
	f.Tournament, f.Member = 0, id
	return s.Serve(w, r, f, Viewer{ID: caller.ID, Admin: caller.Admin})
}

// Serve answers a read of the trail that f chooses, as viewer may read it (private values of
// other members masked, Viewer.mask): a JSON array, oldest first, and a Link header to the
// next page when more entries follow.
func (s *Store) Serve(w http.ResponseWriter, r *http.Request, f Filter, viewer Viewer) error {
	entries, more, err := s.Read(r.Context(), f)
	if err != nil {
		return err
	}
	viewer.mask(entries)
	if more {
		next := *r.URL
		q := next.Query()
		q.Set("after", strconv.FormatInt(entries[len(entries)-1].ID, 10))
		q.Set("limit", strconv.Itoa(len(entries)))
		next.RawQuery = q.Encode()
		w.Header().Set("Link", fmt.Sprintf("<%s>; rel=\"next\"", next.RequestURI()))
	}
	api.WriteJSON(w, http.StatusOK, entries)
	return nil
}

// ParseFilter reads the filter of a query: after (an entry id), limit (1 to MaxLimit,
// DefaultLimit when absent), tournament_id and member_id. A value that is not a positive
// integer in range is a Malformed problem naming its parameter.
func ParseFilter(q url.Values) (Filter, error) {
	f := Filter{Limit: DefaultLimit}
	for _, p := range []struct {
		name string
		to   *int64
		max  int64
	}{{"after", &f.After, 1 << 62}, {"tournament_id", &f.Tournament, 1 << 62}, {"member_id", &f.Member, 1 << 62}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > p.max {
				return Filter{}, &problem.Error{Kind: problem.Malformed, Detail: fmt.Sprintf("The query parameter %s must be an id.", p.name),
					Fields: map[string]string{p.name: "must be a non-negative integer"}}
			}
			*p.to = n
		}
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLimit {
			return Filter{}, &problem.Error{Kind: problem.Malformed, Detail: fmt.Sprintf("The query parameter limit must be 1 to %d.", MaxLimit),
				Fields: map[string]string{"limit": fmt.Sprintf("must be 1 to %d", MaxLimit)}}
		}
		f.Limit = n
	}
	return f, nil
}
