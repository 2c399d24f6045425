package creatures

import (
	"log/slog"
	"net/http"

	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/idempotency"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/sqldb"
)

// NewServer returns the Creature Catalog's HTTP API over store. Every route is listed here.
func NewServer(log *slog.Logger, store *Store) http.Handler {
	mux := http.NewServeMux()
	h := handlers{store: store, log: log}
	// Retries of a create with the same Idempotency-Key get its first response (see package
	// idempotency); the key is the client's own, scoped to the route.
	once := idempotency.NewGuard(store.idempotency, log, MaxBody)

	mux.Handle("GET /creatures", h.wrap(h.list, ListParameters...))
	mux.Handle("POST /creatures", h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		once.Serve(w, r, "POST /creatures", h.wrap(h.create))
		return nil
	}))
	mux.Handle("GET /creatures/{id}", h.wrap(h.get))
	mux.Handle("PUT /creatures/{id}", h.wrap(h.replace))
	mux.Handle("PATCH /creatures/{id}", h.wrap(h.patch))
	mux.Handle("DELETE /creatures/{id}", h.wrap(h.delete))
	mux.Handle("GET /openapi.json", query.Only(httpserve.JSONDocument(OpenAPI)))
	mux.Handle("GET /healthz", query.Only(httpserve.Healthz()))
	mux.Handle("GET /readyz", query.Only(httpserve.Readyz(store.Ping)))

	// Method-less patterns catch what the ones above do not, so that every error is a
	// problem document rather than the mux's plain text.
	mux.Handle("/creatures", h.methodNotAllowed("GET, POST"))
	mux.Handle("/creatures/{id}", h.methodNotAllowed("GET, PUT, PATCH, DELETE"))
	mux.Handle("/", h.wrap(func(http.ResponseWriter, *http.Request) error {
		return problem.New(problem.NotFound, "There is nothing at this path.")
	}))
	return httpserve.SecurityHeaders(httpserve.Recover(log, mux))
}

// handlers holds what the API's handlers share. Handlers return errors; wrap writes them.
type handlers struct {
	store *Store
	log   *slog.Logger
}

// wrap runs fn for requests whose query string parses and names only the parameters given
// (none when none are), and writes the error it returns.
func (h handlers) wrap(fn func(http.ResponseWriter, *http.Request) error, params ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := query.Check(r, params...)
		if err == nil {
			err = fn(w, r)
		}
		if err != nil {
			problem.Write(w, r, h.log, sqldb.Classify(err))
		}
	})
}

func (h handlers) methodNotAllowed(allow string) http.Handler {
	return h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Allow", allow)
		return problem.New(problem.MethodNotAllowed, "%s is not allowed here; use %s.", r.Method, allow)
	})
}
