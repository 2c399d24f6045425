package chessclub

import (
	"log/slog"
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/sqldb"
)

// handlers holds the parts of the API that the route table joins. Handlers return errors;
// the wrappers below write them.
type handlers struct {
	log   *slog.Logger
	store *Store
	// auth registers, logs in and tells who calls (package auth).
	auth *auth.Service
	// members serves the member list and records (package members).
	members *members.Service
	// photos receives and serves member photos (package photos).
	photos *photos.Service
	// play serves the tournaments (package play, through package web).
	play *web.Handlers
	// trail serves the audit trail to admins (package audit).
	trail *audit.Store
	// once guards the creating POSTs with Idempotency-Key.
	once onceGuards
	// metrics counts logins, uploads and throttled requests (metrics.go).
	metrics *clubMetrics
}

// public serves fn to anyone: it never reads the Authorization header, so that a bad or
// revoked token gets the same answer as none. The query string must parse and name only the
// parameters given (none when none are); it is checked first, before the body, since it is
// the cheapest thing to refuse. The error fn returns is written as a problem document.
func (h *handlers) public(fn func(http.ResponseWriter, *http.Request) error, params ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := query.Check(r, params...)
		if err == nil {
			err = fn(w, r)
		}
		if err != nil {
			problem.Write(w, r, h.log, web.Problem(sqldb.Classify(err)))
		}
	})
}

// withMember is public for handlers that need a logged-in caller, whom they receive as a
// member. Requests without a valid, unexpired, unrevoked bearer token get 401.
func (h *handlers) withMember(fn func(http.ResponseWriter, *http.Request, members.Member) error, params ...string) http.Handler {
	return h.public(func(w http.ResponseWriter, r *http.Request) error {
		caller, err := h.auth.Authenticate(r)
		if err != nil {
			return err
		}
		return fn(w, r, caller)
	}, params...)
}

// withCaller is withMember for the handlers that know the caller as an api.Caller (packages
// play, photos and audit).
func (h *handlers) withCaller(fn func(http.ResponseWriter, *http.Request, api.Caller) error, params ...string) http.Handler {
	return h.withMember(func(w http.ResponseWriter, r *http.Request, m members.Member) error {
		return fn(w, r, m.Caller())
	}, params...)
}

// methodNotAllowed answers 405 with the methods a path takes (routes.go derives them).
func (h *handlers) methodNotAllowed(allow string) http.Handler {
	return h.public(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Allow", allow)
		return problem.New(problem.MethodNotAllowed, "%s is not allowed here; use %s.", r.Method, allow)
	})
}
