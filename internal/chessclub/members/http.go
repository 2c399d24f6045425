package members

import (
	"errors"
	"mime"
	"net/http"
	"time"

	"campus.example/apps/internal/chess/ratinglist"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// Service answers the members' endpoints: the list, one member, and the change of a
// member's declared rating and birth year. It is safe for concurrent use.
type Service struct {
	store *Store
	// cache keeps the list for a moment; Changing tells it of every request that may
	// change a member.
	cache listCache
}

// NewService returns the members' handlers over store.
func NewService(store *Store) *Service { return &Service{store: store} }

// Store is the store the service reads and changes.
func (s *Service) Store() *Store { return s.store }

// Changes is next for the requests that may change members (their records, photos, ratings,
// roles): the list is not served from before such a request while it runs, nor after it has
// ended.
func (s *Service) Changes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer s.cache.changing()()
		next.ServeHTTP(w, r)
	})
}

// List answers GET /api/members: every member, as caller may see them (Member.VisibleTo).
func (s *Service) List(w http.ResponseWriter, r *http.Request, caller Member) error {
	all, err := s.cache.get(r.Context(), time.Now(), s.store.Members)
	if err != nil {
		return err
	}
	body := appendMembers(make([]byte, 0, 256*len(all)+2), all, caller)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(body, '\n'))
	return nil
}

// Get answers GET /api/members/{id}.
func (s *Service) Get(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	m, err := s.store.Member(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, m.VisibleTo(caller))
	return nil
}

// Patch changes the caller's (or, for an admin, anyone's) declared rating and birth
// year: a JSON merge patch.
func (s *Service) Patch(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	obj, err := jsonhttp.ReadObject(w, r, api.MaxBody, "application/merge-patch+json", "application/json")
	if err != nil {
		return err
	}
	in, err := DecodeRatingInput(obj)
	if err != nil {
		return err
	}
	m, err := s.store.UpdateRatingInfo(r.Context(), id, caller, in)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, m.VisibleTo(caller))
	return nil
}

// Appoint answers PUT /api/members/{id}/role: an admin gives the member the arbiter role, or
// takes it back, with {"role": "arbiter"} or {"role": "member"}.
func (s *Service) Appoint(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	if !caller.IsAdmin() {
		return problem.New(problem.Forbidden, "Only an admin may appoint arbiters.")
	}
	obj, err := jsonhttp.ReadObject(w, r, api.MaxBody)
	if err != nil {
		return err
	}
	f := jsonhttp.NewFields(obj)
	role := f.String("role")
	if _, failed := f.Errors["role"]; !failed && (role == nil || (*role != RoleMember && *role != RoleArbiter)) {
		f.Fail("role", "must be %q or %q", RoleArbiter, RoleMember)
	}
	f.RejectUnknown()
	if err := f.Err(); err != nil {
		return err
	}
	m, err := s.store.Appoint(r.Context(), id, *role, audit.Actor{ID: caller.ID, Username: caller.Username})
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, m.VisibleTo(caller))
	return nil
}

// ImportFIDEList answers POST /api/admin/fide-ratings: an admin sends FIDE's rating list in
// its TXT form as the body (text/plain or application/octet-stream, at most
// MaxFIDEListBytes), and the members in it by FIDE id get its ratings and titles
// (Store.ApplyFIDEList); the answer says what changed. ?list=standard, rapid or blitz names
// the type of a single list, whose header does not; the combined list needs none.
func (s *Service) ImportFIDEList(w http.ResponseWriter, r *http.Request, caller Member) error {
	if !caller.IsAdmin() {
		return problem.New(problem.Forbidden, "Only an admin may import FIDE's rating list.")
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (mt != "text/plain" && mt != "application/octet-stream") {
		return problem.New(problem.UnsupportedMediaType, "Send the rating list as text/plain (or application/octet-stream).")
	}
	single := r.URL.Query().Get("list")
	switch single {
	case "", ratinglist.Standard, ratinglist.Rapid, ratinglist.Blitz:
	default:
		return problem.New(problem.Malformed, "list must be standard, rapid or blitz, not %q.", single)
	}
	res, err := s.store.ApplyFIDEList(r.Context(), http.MaxBytesReader(w, r.Body, MaxFIDEListBytes), single, audit.Actor{ID: caller.ID, Username: caller.Username})
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return problem.New(problem.TooLarge, "The list exceeds the limit of %d bytes; import a larger one with chessclub fide-ratings.", MaxFIDEListBytes)
	case err != nil:
		return err
	}
	api.WriteJSON(w, http.StatusOK, res)
	return nil
}
