package chessclub

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// onceGuards are the Idempotency-Key guards of the creating POSTs: one for JSON bodies, and
// one each for photo uploads and TRF imports, whose bodies are larger (their SHA-256 is kept,
// never the body).
type onceGuards struct{ json, photo, trf *idempotency.Guard }

func newOnceGuards(h *handlers, store *Store) (onceGuards, error) {
	keys, err := idempotency.NewStore(store.db, idempotency.DefaultTable)
	if err != nil {
		return onceGuards{}, err
	}
	// The store's clock is read at each call: tests set Store.Now after NewServer too.
	keys.Now = func() time.Time { return store.Now() }
	g := idempotency.NewGuard(keys, h.log, api.MaxBody)
	return onceGuards{json: g, photo: g.WithMaxBody(h.photos.MaxUploadBody()), trf: g.WithMaxBody(play.MaxImportBytes)}, nil
}

// idempotent guards a public creating POST with g: a retry with the same Idempotency-Key
// gets the first answer again. Its keys are scoped to the route (onceScope).
func (h *handlers) idempotent(g *idempotency.Guard, fn func(http.ResponseWriter, *http.Request) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		g.Serve(w, r, onceScope(r), h.writeErr(fn))
		return nil
	}
}

// idempotentFor is idempotent for a POST that needs a login: its keys are scoped to the route
// and the caller, so two members' keys never meet.
func (h *handlers) idempotentFor(g *idempotency.Guard, fn func(http.ResponseWriter, *http.Request, api.Caller) error) func(http.ResponseWriter, *http.Request, api.Caller) error {
	return func(w http.ResponseWriter, r *http.Request, m api.Caller) error {
		scope := onceScope(r) + " member " + strconv.FormatInt(m.ID, 10)
		g.Serve(w, r, scope, h.writeErr(func(w http.ResponseWriter, r *http.Request) error { return fn(w, r, m) }))
		return nil
	}
}

// onceScope names the route of r for its Idempotency-Keys: the pattern the mux matched, with
// the original backend's root paths (POST /user, POST /tournaments …) named as their /api
// twins, so that a retry through either path finds the first request.
func onceScope(r *http.Request) string {
	method, path, _ := strings.Cut(r.Pattern, " ")
	if !strings.HasPrefix(path, "/api/") {
		path = "/api" + path
	}
	return method + " " + path
}

// writeErr is fn with its error written as a problem document, inside the guard, so that
// a refusal is kept (and replayed) like any other final response.
func (h *handlers) writeErr(fn func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			problem.Write(w, r, h.log, web.Problem(sqldb.Classify(err)))
		}
	})
}
