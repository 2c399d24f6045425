package chessclub

import (
	"log/slog"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"time"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/sqldb"
)

// MaxBody is the largest JSON request body accepted, 1 MiB.
const MaxBody = jsonhttp.DefaultMaxBody

// handlers holds what the API's handlers share. Handlers return errors; wrap writes them.
type handlers struct {
	log      *slog.Logger
	store    *Store
	hasher   *Hasher
	throttle *throttle
	devices  *deviceTokens
	// proxies are the reverse proxies whose X-Forwarded-For names the client.
	proxies  []netip.Prefix
	tokenTTL time.Duration
	photos   *photos
	// play serves the tournaments (package play).
	play *play.Service
	// once guards the creating POSTs with Idempotency-Key.
	once onceGuards
	// metrics counts logins, uploads and throttled requests (metrics.go).
	metrics *clubMetrics
	// members caches the member list; wrap tells it of every request that may change it.
	members membersCache
}

// wrap runs fn for requests whose query string parses and names only the parameters given
// (none when none are), and writes the error it returns. The query is checked first, before
// the token or the body, since it is the cheapest thing to refuse.
func (h *handlers) wrap(fn func(http.ResponseWriter, *http.Request) error, params ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mayChange(r) {
			defer h.members.changing()()
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

// authed is wrap for handlers that need a logged-in caller, whom they receive. Requests
// without a valid, unexpired, unrevoked bearer token get 401.
func (h *handlers) authed(fn func(http.ResponseWriter, *http.Request, Member) error, params ...string) http.Handler {
	return h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		token, ok := bearerToken(r)
		if !ok {
			return unauthorized()
		}
		caller, err := h.store.Authenticate(r.Context(), token)
		if err != nil {
			return err
		}
		return fn(w, r, caller)
	}, params...)
}

// player is authed for the handlers of package play, which know the caller as a play.Caller.
func (h *handlers) player(fn func(http.ResponseWriter, *http.Request, play.Caller) error, params ...string) http.Handler {
	return h.authed(func(w http.ResponseWriter, r *http.Request, m Member) error {
		return fn(w, r, asCaller(m))
	}, params...)
}

// asCaller is the member as package play sees them.
func asCaller(m Member) play.Caller { return play.Caller{ID: m.ID, Admin: m.IsAdmin()} }

// bearerToken returns the token of an "Authorization: Bearer TOKEN" header.
func bearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || len(token) > 200 {
		return "", false
	}
	return token, true
}

func (h *handlers) methodNotAllowed(allow string) http.Handler {
	return h.wrap(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Allow", allow)
		return problem.New(problem.MethodNotAllowed, "%s is not allowed here; use %s.", r.Method, allow)
	})
}

// writeJSON sends v; API responses hold member data and are not to be stored by caches.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Cache-Control", "no-store")
	jsonhttp.Write(w, status, v)
}

var idPattern = regexp.MustCompile(`^[0-9]{1,18}$`)

// parseID parses a positive decimal id, with a Malformed problem otherwise.
func parseID(raw string) (int64, error) {
	if !idPattern.MatchString(raw) {
		return 0, problem.New(problem.Malformed, "The id %q is not a positive integer.", raw)
	}
	id, _ := strconv.ParseInt(raw, 10, 64)
	if id == 0 {
		return 0, problem.New(problem.Malformed, "The id %q is not a positive integer.", raw)
	}
	return id, nil
}

func pathID(r *http.Request) (int64, error) { return parseID(r.PathValue("id")) }
