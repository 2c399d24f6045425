package chessclub

import (
	"io/fs"
	"net/http"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
	"campus.example/apps/internal/spa"
)

// routes lists every route of the service.
func (h *handlers) routes(ui fs.FS, corsOrigins []string) http.Handler {
	mux := http.NewServeMux()

	// Public endpoints use wrap, not authed: they never read the Authorization header, so a
	// bad or revoked token gets the same answer as none rather than 401 (openapi.json says
	// so, and TestAuthorizationMatrix checks it). A client with a stale token can still see
	// the tournaments, register and log in again.

	// The creating POSTs honour Idempotency-Key (idempotency.go): a retry gets the first
	// response again instead of making a second member, tournament (created or imported) or
	// photo.
	register := h.wrap(h.onceOpen("POST /api/user", h.metrics.countRegistration(h.auth.Register)))
	login := h.wrap(h.metrics.countLogin(h.auth.Login))
	mux.Handle("POST /api/user", register)
	mux.Handle("POST /api/login", login)
	mux.Handle("POST /api/logout", h.authed(h.auth.Logout))
	mux.Handle("GET /api/me", h.authed(h.auth.Me))
	mux.Handle("GET /api/me/invitations", h.player(h.play.MyInvitations))
	listMembers := h.authed(h.members.List)
	mux.Handle("GET /api/members", listMembers)
	mux.Handle("GET /api/members/{id}", h.authed(h.members.Get))
	mux.Handle("PATCH /api/members/{id}", h.authed(h.members.Patch))
	mux.Handle("PUT /api/members/{id}/role", h.authed(h.members.Appoint))
	mux.Handle("POST /api/admin/fide-ratings", h.authed(h.members.ImportFIDEList, "list"))

	listTournaments := h.wrap(h.play.ListTournaments)
	createTournament := h.player(h.onceMember(h.once.json, "POST /api/tournaments", h.play.CreateTournament))
	deleteTournament := h.player(h.play.DeleteTournament, "id")
	mux.Handle("GET /api/tournaments", listTournaments)
	mux.Handle("POST /api/tournaments", createTournament)
	// An import takes its slot before the guard reads its body (play.ImportSlot).
	mux.Handle("POST /api/tournaments/import", h.player(h.play.ImportSlot(h.onceMember(h.once.trf, "POST /api/tournaments/import", h.play.ImportTournament))))
	// The original client names the tournament to delete in the query (?id=N) or in a JSON
	// body ({"id": N}); newer clients use the path. All three work.
	mux.Handle("DELETE /api/tournaments", deleteTournament)
	mux.Handle("GET /api/tournaments/{id}", h.wrap(h.play.GetTournament))
	mux.Handle("PATCH /api/tournaments/{id}", h.player(h.play.PatchTournament))
	mux.Handle("DELETE /api/tournaments/{id}", deleteTournament)

	// Tournament play (package play). What a tournament shows is public, like the
	// tournaments themselves; every change needs a caller, and play decides who may.
	mux.Handle("POST /api/tournaments/{id}/start", h.player(h.play.StartTournament))
	mux.Handle("POST /api/tournaments/{id}/finish", h.player(h.play.FinishTournament))
	mux.Handle("GET /api/tournaments/{id}/players", h.wrap(h.play.ListPlayers))
	mux.Handle("POST /api/tournaments/{id}/players", h.player(h.play.EnterPlayer))
	mux.Handle("GET /api/tournaments/{id}/players/{member_id}", h.wrap(h.play.GetPlayerCard))
	mux.Handle("DELETE /api/tournaments/{id}/players/{member_id}", h.player(h.play.RemovePlayer))
	mux.Handle("POST /api/tournaments/{id}/players/{member_id}/link", h.player(h.play.LinkGuest))
	mux.Handle("POST /api/tournaments/{id}/players/{member_id}/reinstate", h.player(h.play.ReinstatePlayer))
	mux.Handle("PUT /api/tournaments/{id}/players/{member_id}/byes/{round}", h.player(h.play.RequestBye))
	mux.Handle("DELETE /api/tournaments/{id}/players/{member_id}/byes/{round}", h.player(h.play.CancelBye))
	mux.Handle("GET /api/tournaments/{id}/forbidden-pairs", h.wrap(h.play.ForbiddenPairs))
	mux.Handle("PUT /api/tournaments/{id}/forbidden-pairs/{a}/{b}", h.player(h.play.ForbidPair))
	mux.Handle("DELETE /api/tournaments/{id}/forbidden-pairs/{a}/{b}", h.player(h.play.AllowPair))
	mux.Handle("GET /api/tournaments/{id}/invitations", h.player(h.play.ListInvitations))
	mux.Handle("POST /api/tournaments/{id}/invitations", h.player(h.play.Invite))
	mux.Handle("DELETE /api/tournaments/{id}/invitations/{member_id}", h.player(h.play.WithdrawInvitation))
	mux.Handle("POST /api/tournaments/{id}/invitations/{member_id}/accept", h.player(h.play.AcceptInvitation))
	mux.Handle("POST /api/tournaments/{id}/invitations/{member_id}/decline", h.player(h.play.DeclineInvitation))
	mux.Handle("GET /api/tournaments/{id}/rounds", h.wrap(h.play.ListRounds))
	mux.Handle("POST /api/tournaments/{id}/rounds", h.player(h.play.PairRound))
	mux.Handle("GET /api/tournaments/{id}/rounds/{n}", h.wrap(h.play.GetRound))
	mux.Handle("DELETE /api/tournaments/{id}/rounds/{n}", h.player(h.play.UnpairRound))
	mux.Handle("GET /api/tournaments/{id}/rounds/{n}/check", h.wrap(h.play.CheckRound))
	mux.Handle("POST /api/tournaments/{id}/rounds/{n}/pairing/check", h.player(h.play.CheckPairing))
	mux.Handle("PUT /api/tournaments/{id}/rounds/{n}/pairing", h.player(h.play.PutPairing))
	mux.Handle("GET /api/tournaments/{id}/rounds/{n}/boards/{b}", h.wrap(h.play.GetBoard))
	mux.Handle("PUT /api/tournaments/{id}/rounds/{n}/boards/{b}", h.player(h.play.SetResult))
	mux.Handle("GET /api/tournaments/{id}/standings", h.wrap(h.play.GetStandings, "tiebreaks", "explain"))
	mux.Handle("GET /api/tournaments/{id}/crosstable", h.wrap(h.play.GetCrosstable))
	mux.Handle("GET /api/tournaments/{id}/bracket", h.wrap(h.play.GetBracket))
	mux.Handle("GET /api/tournaments/{id}/schedule", h.wrap(h.play.GetSchedule))
	mux.Handle("GET /api/tournaments/{id}/report.trf", h.wrap(h.play.GetReport))
	mux.Handle("GET /api/tournaments/{id}/fide-report.trf", h.player(h.play.GetFIDEReport))
	mux.Handle("GET /api/tournaments/{id}/events", h.wrap(h.play.Events))
	mux.Handle("GET /api/tournaments/{id}/audit", h.player(h.play.Audit, "after", "limit"))
	mux.Handle("GET /api/audit", h.player(h.trail.Trail, audit.Params...))
	mux.Handle("GET /api/members/{id}/ratings", h.player(h.play.MemberRatings))
	mux.Handle("GET /api/members/{id}/tournaments", h.player(h.play.MemberTournaments))
	mux.Handle("GET /api/members/{id}/audit", h.player(h.trail.MemberTrail, "after", "limit"))

	uploadFigure := h.player(h.onceMember(h.once.photo, "POST /api/figures", h.metrics.countUpload(h.photos.Upload)), "member_id")
	mux.Handle("POST /api/figures", uploadFigure)
	mux.Handle("GET /api/figures/{id}", h.wrap(h.photos.Get))
	mux.Handle("GET /api/figures/{id}/thumbnail", h.wrap(h.photos.Thumbnail))

	// The document is at the root, and under /api for clients and proxies that reach only
	// the API's paths.
	openAPI := query.Only(httpserve.JSONDocument(OpenAPI))
	mux.Handle("GET /openapi.json", openAPI)
	mux.Handle("GET /api/openapi.json", openAPI)
	mux.Handle("GET /healthz", query.Only(httpserve.Healthz()))
	mux.Handle("GET /readyz", query.Only(httpserve.Readyz(h.store.Ping)))

	// Method-less patterns catch what the ones above do not, so that every API error is a
	// problem document rather than the mux's plain text.
	mux.Handle("/api/user", h.methodNotAllowed("POST"))
	mux.Handle("/api/login", h.methodNotAllowed("POST"))
	mux.Handle("/api/logout", h.methodNotAllowed("POST"))
	mux.Handle("/api/me", h.methodNotAllowed("GET"))
	mux.Handle("/api/me/invitations", h.methodNotAllowed("GET"))
	mux.Handle("/api/openapi.json", h.methodNotAllowed("GET"))
	mux.Handle("/api/members", h.methodNotAllowed("GET"))
	mux.Handle("/api/members/{id}", h.methodNotAllowed("GET, PATCH"))
	mux.Handle("/api/members/{id}/role", h.methodNotAllowed("PUT"))
	mux.Handle("/api/tournaments", h.methodNotAllowed("GET, POST, DELETE"))
	mux.Handle("/api/tournaments/{id}", h.methodNotAllowed("GET, PATCH, DELETE"))
	// "import" is not an id: the methods of /api/tournaments/{id} get a 405 here, not a 400
	// for a malformed id. (A method-less pattern would clash with GET /api/tournaments/{id}.)
	for _, m := range []string{"GET", "PATCH", "PUT", "DELETE"} {
		mux.Handle(m+" /api/tournaments/import", h.methodNotAllowed("POST"))
	}
	mux.Handle("/api/tournaments/{id}/start", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/finish", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/players", h.methodNotAllowed("GET, POST"))
	mux.Handle("/api/tournaments/{id}/players/{member_id}", h.methodNotAllowed("GET, DELETE"))
	mux.Handle("/api/tournaments/{id}/players/{member_id}/link", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/players/{member_id}/reinstate", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/players/{member_id}/byes/{round}", h.methodNotAllowed("PUT, DELETE"))
	mux.Handle("/api/tournaments/{id}/forbidden-pairs", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/forbidden-pairs/{a}/{b}", h.methodNotAllowed("PUT, DELETE"))
	mux.Handle("/api/tournaments/{id}/invitations", h.methodNotAllowed("GET, POST"))
	mux.Handle("/api/tournaments/{id}/invitations/{member_id}", h.methodNotAllowed("DELETE"))
	mux.Handle("/api/tournaments/{id}/invitations/{member_id}/accept", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/invitations/{member_id}/decline", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/rounds", h.methodNotAllowed("GET, POST"))
	mux.Handle("/api/tournaments/{id}/rounds/{n}", h.methodNotAllowed("GET, DELETE"))
	mux.Handle("/api/tournaments/{id}/rounds/{n}/check", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/rounds/{n}/pairing/check", h.methodNotAllowed("POST"))
	mux.Handle("/api/tournaments/{id}/rounds/{n}/pairing", h.methodNotAllowed("PUT"))
	mux.Handle("/api/tournaments/{id}/rounds/{n}/boards/{b}", h.methodNotAllowed("GET, PUT"))
	mux.Handle("/api/tournaments/{id}/standings", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/crosstable", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/bracket", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/schedule", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/report.trf", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/fide-report.trf", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/events", h.methodNotAllowed("GET"))
	mux.Handle("/api/tournaments/{id}/audit", h.methodNotAllowed("GET"))
	mux.Handle("/api/audit", h.methodNotAllowed("GET"))
	mux.Handle("/api/members/{id}/ratings", h.methodNotAllowed("GET"))
	mux.Handle("/api/members/{id}/tournaments", h.methodNotAllowed("GET"))
	mux.Handle("/api/members/{id}/audit", h.methodNotAllowed("GET"))
	mux.Handle("/api/figures", h.methodNotAllowed("POST"))
	mux.Handle("/api/figures/{id}", h.methodNotAllowed("GET"))
	mux.Handle("/api/figures/{id}/thumbnail", h.methodNotAllowed("GET"))
	apiNotFound := h.wrap(func(http.ResponseWriter, *http.Request) error {
		return problem.New(problem.NotFound, "There is no API endpoint at this path.")
	})
	mux.Handle("/api", apiNotFound)
	mux.Handle("/api/", apiNotFound)
	// Everything else is the client app; its router handles deep links, and reads the query
	// strings of its pages itself, so they are not checked here.
	app := spa.Handler(ui)
	mux.Handle("/", app)

	// The original backend's paths at the root, for clients written for it: the same
	// handlers as their /api twins (idempotency keys included). /members and /tournaments are
	// also the app's pages: a browser navigating there gets the app (apiOrApp). Other
	// methods on these paths fall through to the app's handler (405).
	mux.Handle("POST /user", register)
	mux.Handle("POST /login", login)
	mux.Handle("GET /members", apiOrApp(app, listMembers))
	mux.Handle("GET /tournaments", apiOrApp(app, listTournaments))
	mux.Handle("POST /tournaments", createTournament)
	mux.Handle("DELETE /tournaments", deleteTournament)
	mux.Handle("DELETE /tournaments/{id}", idOrApp(app, deleteTournament))
	mux.Handle("POST /figures", uploadFigure)

	return httpserve.SecurityHeaders(httpserve.Recover(h.log, cors(corsOrigins, mux)))
}
