package chessclub

import (
	"log/slog"
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/sqldb"
)

// handlers holds the parts of the API that the route table joins. Handlers return errors;
// wrap writes them.
type handlers struct {
	log   *slog.Logger
	store *Store
	// auth registers, logs in and tells who calls (package auth).
	auth *auth.Service
	// members serves the member list and records (package members).
	members *members.Service
	// photos receives and serves member photos (package photos).
	photos *photos.Service
	// play serves the tournaments (package play).
	play *play.Service
	// trail serves the audit trail to admins (package audit).
	trail *audit.Store
	// once guards the creating POSTs with Idempotency-Key.
	once onceGuards
	// metrics counts logins, uploads and throttled requests (metrics.go).
	metrics *clubMetrics
}

// wrap runs fn for requests whose query string parses and names only the parameters given
// (none when none are), and writes the error it returns. The query is checked first, before
// the token or the body, since it is the cheapest thing to refuse. Every request that may
// change something tells the member list's cache so (members.Service.Changing).
func (h *handlers) wrap(fn func(http.ResponseWriter, *http.Request) error, params ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mayChange(r) {
			defer h.members.Changing()()
		}
		_, err := query.Check(r, params...)
		if err == nil {
			err = fn(w, r)
		}
		if err != nil {
			problem.Write(w, r, h.log, sqldb.Classify(err))
		}
	})
}

// mayChange reports whether a request's method may change what the server holds.
func mayChange(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// authed is wrap for handlers that need a logged-in caller, whom they receive. Requests
// without a valid, unexpired, unrevoked bearer token get 401.
func (h *handlers) authed(fn func(http.ResponseWriter, *http.Request, members.Member) error, params ...string) http.Handler {
	return h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		caller, err := h.auth.Authenticate(r)
		if err != nil {
			return err
		}
		return fn(w, r, caller)
	}, params...)
}

// player is authed for the handlers that know the caller as an api.Caller (packages play
// and photos).
func (h *handlers) player(fn func(http.ResponseWriter, *http.Request, api.Caller) error, params ...string) http.Handler {
	return h.authed(func(w http.ResponseWriter, r *http.Request, m members.Member) error {
		return fn(w, r, m.Caller())
	}, params...)
}

func (h *handlers) methodNotAllowed(allow string) http.Handler {
	return h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Allow", allow)
		return problem.New(problem.MethodNotAllowed, "%s is not allowed here; use %s.", r.Method, allow)
	})
}
