package chessclub

import (
	"io/fs"
	"net/http"
	"slices"
	"strings"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/spa"
)

// route is one endpoint of the API: the pattern the mux serves it at, its method and path
// ("GET /api/tournaments/{id}"), and its handler.
type route struct {
	pattern string
	handler http.Handler
}

// apiRoutes lists every endpoint of the API, once. The handlers are built with the wrappers
// of handlers.go, named for what they do: public ones never read the Authorization header,
// so a bad or revoked token gets the same answer as none (openapi.json says so, and
// TestAuthorizationMatrix checks it); withMember and withCaller need a login. The creating
// POSTs honour Idempotency-Key (idempotency.go): a retry gets the first response again instead
// of making a second member, tournament (created or imported) or photo; their keys are scoped
// to the route the table names. A handler that reads a query string declares its parameters
// beside it.
func (h *handlers) apiRoutes() []route {
	return []route{
		{"POST /api/user", h.public(h.idempotent(h.once.json, h.metrics.countRegistration(h.auth.Register)))},
		{"POST /api/login", h.public(h.metrics.countLogin(h.auth.Login))},
		{"POST /api/logout", h.withMember(h.auth.Logout)},
		{"GET /api/me", h.withMember(h.auth.Me)},
		{"GET /api/me/invitations", h.withCaller(h.play.MyInvitations)},
		{"GET /api/members", h.withMember(h.members.List)},
		{"GET /api/members/{id}", h.withMember(h.members.Get)},
		{"PATCH /api/members/{id}", h.withMember(h.members.Patch)},
		{"PUT /api/members/{id}/role", h.withMember(h.members.Appoint)},
		{"GET /api/members/{id}/ratings", h.withCaller(h.play.MemberRatings)},
		{"GET /api/members/{id}/tournaments", h.withCaller(h.play.MemberTournaments)},
		{"GET /api/members/{id}/audit", h.withCaller(h.trail.MemberTrail, audit.PageParams...)},
		{"POST /api/admin/fide-ratings", h.withMember(h.members.ImportFIDEList, "list")},

		{"GET /api/tournaments", h.public(h.play.ListTournaments)},
		{"POST /api/tournaments", h.withCaller(h.idempotentFor(h.once.json, h.play.CreateTournament))},
		// The original client names the tournament to delete in the query (?id=N) or in a
		// JSON body ({"id": N}); newer clients use the path. All three work.
		{"DELETE /api/tournaments", h.withCaller(h.play.DeleteTournament, "id")},
		// An import takes its slot before the guard reads its body (play.ImportSlot).
		{"POST /api/tournaments/import", h.withCaller(h.play.ImportSlot(h.idempotentFor(h.once.trf, h.play.ImportTournament)))},
		{"GET /api/tournaments/{id}", h.public(h.play.GetTournament)},
		{"PATCH /api/tournaments/{id}", h.withCaller(h.play.PatchTournament)},
		{"DELETE /api/tournaments/{id}", h.withCaller(h.play.DeleteTournament, "id")},

		// Tournament play (package play). What a tournament shows is public, like the
		// tournaments themselves; every change needs a caller, and play decides who may.
		{"POST /api/tournaments/{id}/start", h.withCaller(h.play.StartTournament)},
		{"POST /api/tournaments/{id}/finish", h.withCaller(h.play.FinishTournament)},
		{"GET /api/tournaments/{id}/players", h.public(h.play.ListPlayers)},
		{"POST /api/tournaments/{id}/players", h.withCaller(h.play.EnterPlayer)},
		{"GET /api/tournaments/{id}/players/{member_id}", h.public(h.play.GetPlayerCard)},
		{"DELETE /api/tournaments/{id}/players/{member_id}", h.withCaller(h.play.RemovePlayer)},
		{"POST /api/tournaments/{id}/players/{member_id}/link", h.withCaller(h.play.LinkGuest)},
		{"POST /api/tournaments/{id}/players/{member_id}/reinstate", h.withCaller(h.play.ReinstatePlayer)},
		{"PUT /api/tournaments/{id}/players/{member_id}/byes/{round}", h.withCaller(h.play.RequestBye)},
		{"DELETE /api/tournaments/{id}/players/{member_id}/byes/{round}", h.withCaller(h.play.CancelBye)},
		{"GET /api/tournaments/{id}/forbidden-pairs", h.public(h.play.ForbiddenPairs)},
		{"PUT /api/tournaments/{id}/forbidden-pairs/{a}/{b}", h.withCaller(h.play.ForbidPair)},
		{"DELETE /api/tournaments/{id}/forbidden-pairs/{a}/{b}", h.withCaller(h.play.AllowPair)},
		{"GET /api/tournaments/{id}/invitations", h.withCaller(h.play.ListInvitations)},
		{"POST /api/tournaments/{id}/invitations", h.withCaller(h.play.Invite)},
		{"DELETE /api/tournaments/{id}/invitations/{member_id}", h.withCaller(h.play.WithdrawInvitation)},
		{"POST /api/tournaments/{id}/invitations/{member_id}/accept", h.withCaller(h.play.AcceptInvitation)},
		{"POST /api/tournaments/{id}/invitations/{member_id}/decline", h.withCaller(h.play.DeclineInvitation)},
		{"GET /api/tournaments/{id}/rounds", h.public(h.play.ListRounds)},
		{"POST /api/tournaments/{id}/rounds", h.withCaller(h.play.PairRound)},
		{"GET /api/tournaments/{id}/rounds/{n}", h.public(h.play.GetRound)},
		{"DELETE /api/tournaments/{id}/rounds/{n}", h.withCaller(h.play.UnpairRound)},
		{"GET /api/tournaments/{id}/rounds/{n}/check", h.public(h.play.CheckRound)},
		{"POST /api/tournaments/{id}/rounds/{n}/pairing/check", h.withCaller(h.play.CheckPairing)},
		{"PUT /api/tournaments/{id}/rounds/{n}/pairing", h.withCaller(h.play.PutPairing)},
		{"GET /api/tournaments/{id}/rounds/{n}/boards/{b}", h.public(h.play.GetBoard)},
		{"PUT /api/tournaments/{id}/rounds/{n}/boards/{b}", h.withCaller(h.play.SetResult)},
		{"GET /api/tournaments/{id}/standings", h.public(h.play.GetStandings, web.StandingsParams...)},
		{"GET /api/tournaments/{id}/crosstable", h.public(h.play.GetCrosstable)},
		{"GET /api/tournaments/{id}/bracket", h.public(h.play.GetBracket)},
		{"GET /api/tournaments/{id}/schedule", h.public(h.play.GetSchedule)},
		{"GET /api/tournaments/{id}/report.trf", h.public(h.play.GetReport)},
		{"GET /api/tournaments/{id}/fide-report.trf", h.withCaller(h.play.GetFIDEReport)},
		{"GET /api/tournaments/{id}/events", h.public(h.play.Events)},
		{"GET /api/tournaments/{id}/audit", h.withCaller(h.play.Audit, audit.PageParams...)},
		{"GET /api/audit", h.withCaller(h.trail.Trail, audit.Params...)},

		{"POST /api/figures", h.withCaller(h.idempotentFor(h.once.photo, h.metrics.countUpload(h.photos.Upload)), "member_id")},
		{"GET /api/figures/{id}", h.public(h.photos.Get)},
		{"GET /api/figures/{id}/thumbnail", h.public(h.photos.Thumbnail)},

		// The document is at the root too (below), for clients and proxies that reach only
		// the API's paths here.
		{"GET /api/openapi.json", query.Only(httpserve.JSONDocument(OpenAPI))},
	}
}

// rootAliases are the original backend's paths at the root, for clients written for it: the
// same handlers as their /api twins (idempotency keys included), by the twin's pattern.
// /members and /tournaments are also the app's pages: a browser navigating there gets the app
// (apiOrApp). Other methods on these paths fall through to the app's handler (405).
var rootAliases = []struct{ pattern, twin string }{
	{"POST /user", "POST /api/user"},
	{"POST /login", "POST /api/login"},
	{"GET /members", "GET /api/members"},
	{"GET /tournaments", "GET /api/tournaments"},
	{"POST /tournaments", "POST /api/tournaments"},
	{"DELETE /tournaments", "DELETE /api/tournaments"},
	{"DELETE /tournaments/{id}", "DELETE /api/tournaments"},
	{"POST /figures", "POST /api/figures"},
}

// routes returns the service's handler: every route of apiRoutes, each path's 405 answer
// with the methods it takes (derived from the table, methodsNotAllowed), a problem document
// for any other path under /api, the health checks, the OpenAPI document, the original
// backend's root paths, and the client app everywhere else.
func (h *handlers) routes(ui fs.FS, corsOrigins []string) http.Handler {
	mux := http.NewServeMux()
	table := h.apiRoutes()
	byPattern := map[string]http.Handler{}
	for _, rt := range table {
		// A request that may change something makes the members list be read again (the
		// members' own middleware): registrations, profiles, roles, photos, and the
		// ratings that tournaments change.
		handler := rt.handler
		if method, _, _ := strings.Cut(rt.pattern, " "); mayChange(method) {
			handler = h.members.Changes(handler)
		}
		mux.Handle(rt.pattern, handler)
		byPattern[rt.pattern] = handler
	}
	for _, na := range methodsNotAllowed(table) {
		mux.Handle(na.pattern, h.methodNotAllowed(na.allow))
	}
	apiNotFound := h.public(func(http.ResponseWriter, *http.Request) error {
		return problem.New(problem.NotFound, "There is no API endpoint at this path.")
	})
	mux.Handle("/api", apiNotFound)
	mux.Handle("/api/", apiNotFound)
	mux.Handle("GET /openapi.json", query.Only(httpserve.JSONDocument(OpenAPI)))
	mux.Handle("GET /healthz", query.Only(httpserve.Healthz()))
	mux.Handle("GET /readyz", query.Only(httpserve.Readyz(h.store.Ping)))

	// Everything else is the client app; its router handles deep links, and reads the query
	// strings of its pages itself, so they are not checked here.
	app := spa.Handler(ui)
	mux.Handle("/", app)
	for _, a := range rootAliases {
		handler := byPattern[a.twin]
		switch {
		case strings.HasPrefix(a.pattern, "GET "):
			handler = apiOrApp(app, handler)
		case strings.Contains(a.pattern, "{id}"):
			handler = idOrApp(app, handler)
		}
		mux.Handle(a.pattern, handler)
	}
	return httpserve.SecurityHeaders(httpserve.Recover(h.log, cors(corsOrigins, mux)))
}

// notAllowed is a pattern that answers 405, and the methods its path takes.
type notAllowed struct{ pattern, allow string }

// methodsNotAllowed derives from the route table the 405 answers of its paths, so that every
// API error is a problem document rather than the mux's plain text: for each path, the
// methods it takes in the table's order, as Allow lists them. A path no other route's
// pattern could also match gets a pattern without a method, for every method it does not
// take; one that another matches too ("/api/tournaments/import" and "/api/tournaments/{id}")
// gets a pattern for each method of the table it does not take, which the mux ranks above
// the other's (a method-less pattern would clash with it).
func methodsNotAllowed(table []route) []notAllowed {
	var paths []string
	methods := map[string][]string{}
	var all []string
	for _, rt := range table {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if _, seen := methods[path]; !seen {
			paths = append(paths, path)
		}
		methods[path] = append(methods[path], method)
		if !slices.Contains(all, method) {
			all = append(all, method)
		}
	}
	var out []notAllowed
	for _, path := range paths {
		allow := strings.Join(methods[path], ", ")
		shadowed := slices.ContainsFunc(paths, func(other string) bool { return other != path && pathMatches(other, path) })
		if !shadowed {
			out = append(out, notAllowed{path, allow})
			continue
		}
		for _, m := range all {
			if !slices.Contains(methods[path], m) {
				out = append(out, notAllowed{m + " " + path, allow})
			}
		}
	}
	return out
}

// pathMatches reports whether the mux's path pattern would match path, a path of the table
// taken as a literal: segment by segment, a wildcard segment ({id}) matches any.
func pathMatches(pattern, path string) bool {
	ps, ls := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(ps) != len(ls) {
		return false
	}
	for i := range ps {
		if ps[i] != ls[i] && !strings.HasPrefix(ps[i], "{") {
			return false
		}
	}
	return true
}

// mayChange reports whether a request of method may change what the server holds.
func mayChange(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}
