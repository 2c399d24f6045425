package chessclub_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// The callers of the authorization matrix, in the order each row runs them.
var matrixCallers = []string{"none", "bad", "revoked", "member", "player", "organiser", "arbiter", "admin", "invited"}

// matrixCast is who each caller is: a member who takes no part ("mia"); a player of the
// tournaments, white on board 1 of round 1, and the member a member endpoint is about
// ("pat"); the organiser of the tournaments, a member who is neither arbiter nor admin
// ("olga"); an arbiter ("ada"); an admin ("root"); a member invited to a tournament ("ivy").
// "none" sends no token, "bad" one that was never issued, "revoked" one logged out.
var matrixCast = clubtest.Callers{"member": "mia", "player": "pat", "organiser": "olga", "arbiter": "ada", "admin": "root", "invited": "ivy"}

// matrixPrivate are pp1's private values as the answers would write them: her birth date (in
// JSON and in a TRF player record), national id and e-mail address.
var matrixPrivate = []string{"1997-04-23", "1997/04/23", "NID-PRIVATE-7731", "pp1.private@example.org"}

// notInMatrix are the operations the matrix leaves to tests of their own, and why.
var notInMatrix = map[string]string{
	"GET /api/tournaments/{id}/events": "a live stream, public like the tournament; play/sse_test.go follows it without a token",
}

// TestAuthorizationMatrix sends every request of the API as each kind of caller, on each
// database, and checks that the matrix names every operation of the OpenAPI document.
// Public reads ignore the Authorization header: a bad or revoked token gets the same answer,
// and the same body, as none (openapi.json says so). Who may do what to a tournament: any
// member organises an unrated one; arbiters and admins direct every tournament, and alone
// create, start, finish or correct after the finish a rated one; nobody's games go on a
// member's record without their consent (an entry of their own, an accepted invitation) or an
// arbiter's or admin's authority.
func TestAuthorizationMatrix(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d)
		for _, u := range []string{"mia", "olga", "ada", "root", "ivy", "sam"} {
			e.Register(u, "Member "+u)
		}
		e.MakeAdmin("root")
		e.MakeArbiter("ada")
		// The players, seeded in this order: pat is the top seed, white on board 1.
		for i, u := range []string{"pat", "pp1", "pp2", "pp3"} {
			extra := map[string]any{"declared_rating": 2400 - 100*i}
			if u == "pp1" {
				extra["email"] = "pp1.private@example.org"
			}
			e.Register(u, "Player "+u, extra)
		}
		// pp1's private fields, which only she and admins may read, and arbiters in the
		// FIDE report: no other answer of the matrix may hold them.
		e.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", e.IDs["pp1"]), As: "root",
			Body: map[string]any{"birth_date": "1997-04-23", "national_id": "NID-PRIVATE-7731"}}, http.StatusOK)
		revoked := e.Login("pat")
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/logout", Token: revoked}, http.StatusNoContent)
		e.Tokens["revoked"] = revoked
		e.Tokens["bad"] = "never-issued-0123456789abcdef0123456789abcdef"
		m := matrixFixtures{e}
		rows := m.endpoints(t)

		covered := map[string]bool{}
		for _, ep := range rows {
			covered[ep.Op] = true
		}
		for _, op := range clubtest.Operations(t) {
			if !covered[op] && notInMatrix[op] == "" {
				t.Errorf("the matrix has no row for %s", op)
			}
		}
		e.RunMatrix(t, matrixCallers, matrixCast, rows, matrixPrivate...)
	})
}

// matrixFixtures makes what the rows' requests act on, fresh for each run.
type matrixFixtures struct{ *clubtest.Env }

func (m matrixFixtures) path(id int64, rest string, args ...any) string {
	return fmt.Sprintf("/api/tournaments/%d", id) + fmt.Sprintf(rest, args...)
}

// open is a tournament that olga organises, with pat, pp1, pp2 and pp3 entered, players
// reporting their results; rated makes it rated (an arbiter does).
func (m matrixFixtures) open(rated bool) int64 {
	id := m.Tournament("olga", "Matrix", "2026-09-01")
	m.MustDo(clubtest.Req{Method: "PATCH", Path: m.path(id, ""), As: "olga", Body: map[string]any{"rounds": 3, "players_report": true}}, http.StatusOK)
	if rated {
		m.MustDo(clubtest.Req{Method: "PATCH", Path: m.path(id, ""), As: "ada", Body: map[string]any{"rated": true}}, http.StatusOK)
	}
	for _, u := range []string{"pat", "pp1", "pp2", "pp3"} {
		m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/players"), As: u}, http.StatusCreated)
	}
	return id
}

// director is who starts and finishes: the organiser, or for a rated tournament an arbiter.
func director(rated bool) string {
	if rated {
		return "ada"
	}
	return "olga"
}

// running is open, started and round 1 paired.
func (m matrixFixtures) running(rated bool) int64 {
	id := m.open(rated)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/start"), As: director(rated)}, http.StatusOK)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/rounds"), As: "olga"}, http.StatusCreated)
	return id
}

// knockout is a running knockout of 2-game matches that olga organises, with pat, pp1, pp2
// and pp3 in it and round 1 paired.
func (m matrixFixtures) knockout() int64 {
	id := m.Tournament("olga", "Matrix knockout", "2026-09-01")
	m.MustDo(clubtest.Req{Method: "PATCH", Path: m.path(id, ""), As: "olga", Body: map[string]any{"format": "knockout", "games_per_match": 2}}, http.StatusOK)
	for _, u := range []string{"pat", "pp1", "pp2", "pp3"} {
		m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/players"), As: u}, http.StatusCreated)
	}
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/start"), As: "olga"}, http.StatusOK)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/rounds"), As: "olga"}, http.StatusCreated)
	return id
}

// roundRobin is a running round robin that olga organises, with pat, pp1 and pp2 in it (an
// odd field, so that its schedule has a free round) and round 1 paired.
func (m matrixFixtures) roundRobin() int64 {
	id := m.Tournament("olga", "Matrix round robin", time.Now().UTC().Format(time.DateOnly))
	m.MustDo(clubtest.Req{Method: "PATCH", Path: m.path(id, ""), As: "olga", Body: map[string]any{"format": "round_robin"}}, http.StatusOK)
	for _, u := range []string{"pat", "pp1", "pp2"} {
		m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/players"), As: u}, http.StatusCreated)
	}
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/start"), As: "olga"}, http.StatusOK)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/rounds"), As: "olga"}, http.StatusCreated)
	return id
}

// complete is running with round 1's results in.
func (m matrixFixtures) complete(rated bool) int64 {
	id := m.running(rated)
	for b := 1; b <= 2; b++ {
		m.MustDo(clubtest.Req{Method: "PUT", Path: m.path(id, "/rounds/1/boards/%d", b), As: "olga", Body: map[string]any{"result": tournament.ResultWhiteWins}}, http.StatusOK)
	}
	return id
}

// finished is complete, and finished.
func (m matrixFixtures) finished(rated bool) int64 {
	id := m.complete(rated)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/finish"), As: director(rated)}, http.StatusOK)
	return id
}

// pairingBy builds a request with round 1's own pairing as a pairing by hand, of a running
// tournament (rated or not).
func (m matrixFixtures) pairingBy(method, rest string, rated bool) func() clubtest.Req {
	return func() clubtest.Req {
		id := m.running(rated)
		var rd tournament.Round
		m.MustDo(clubtest.Req{Method: "GET", Path: m.path(id, "/rounds/1")}, http.StatusOK).Decode(m.T, &rd)
		boards := []map[string]any{}
		for _, b := range rd.Boards {
			boards = append(boards, map[string]any{"white": b.White.MemberID, "black": b.Black.MemberID})
		}
		return clubtest.Req{Method: method, Path: m.path(id, "%s", rest), Body: map[string]any{"boards": boards}}
	}
}

// invited is open, and ivy invited to it.
func (m matrixFixtures) invited() int64 {
	id := m.open(false)
	m.MustDo(clubtest.Req{Method: "POST", Path: m.path(id, "/invitations"), As: "olga", Body: map[string]any{"member_id": m.IDs["ivy"]}}, http.StatusCreated)
	return id
}

// everyone is a public endpoint's answer for every caller.
func everyone(status int) map[string]int {
	out := map[string]int{}
	for _, c := range matrixCallers {
		out[c] = status
	}
	return out
}

// loggedIn is every member's answer; the others (no token, a bad or revoked one) get 401.
func loggedIn(status int) map[string]int {
	return loggedInBut(status, nil)
}

// loggedInBut is loggedIn with the answers of some callers replaced.
func loggedInBut(status int, but map[string]int) map[string]int {
	out := map[string]int{}
	for _, c := range matrixCallers[3:] {
		out[c] = status
	}
	for c, s := range but {
		out[c] = s
	}
	return out
}

// only is 403 for every member but those given.
func only(allowed map[string]int) map[string]int { return loggedInBut(http.StatusForbidden, allowed) }

// directors is only the organiser, the arbiter and the admin, all with status.
func directors(status int) map[string]int {
	return only(map[string]int{"organiser": status, "arbiter": status, "admin": status})
}

func (m matrixFixtures) endpoints(t *testing.T) []clubtest.Endpoint {
	photo := imagetest.SampleJPEG(t, 8, 8, true)
	var patsPhoto photos.Figure
	body, ct := clubtest.MultipartBody(t, "photo", photo)
	m.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "pat", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &patsPhoto)
	view := m.running(false)
	knockout := m.knockout()
	roundRobin := m.roundRobin()
	m.MustDo(clubtest.Req{Method: "PUT", Path: m.path(view, "/rounds/1/boards/1"), As: "olga", Body: map[string]any{"result": tournament.ResultDraw}}, http.StatusOK)
	trf := m.MustDo(clubtest.Req{Method: "GET", Path: m.path(view, "/report.trf")}, http.StatusOK).Body
	pat := m.IDs["pat"]
	newUser := 0
	get := func(path string) func() clubtest.Req {
		return func() clubtest.Req { return clubtest.Req{Method: "GET", Path: path} }
	}
	register := func(path string) func() clubtest.Req {
		return func() clubtest.Req {
			newUser++
			return clubtest.Req{Method: "POST", Path: path, Body: map[string]any{"username": fmt.Sprintf("new%d", newUser), "password": "long enough", "full_name": "New"}}
		}
	}
	login := func(path string) func() clubtest.Req {
		return func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: path, Body: map[string]any{"username": "sam", "password": "password-sam"}}
		}
	}
	photoFor := func(path string) func() clubtest.Req {
		return func() clubtest.Req {
			body, ct := clubtest.MultipartBody(t, "member_id", fmt.Sprint(pat), "photo", photo)
			return clubtest.Req{Method: "POST", Path: path, Body: body, ContentType: ct}
		}
	}
	create := func(path string, rated bool) func() clubtest.Req {
		return func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: path, Body: map[string]any{"name": "M", "start_date": "2026-09-09", "rated": rated}}
		}
	}
	deleteOpen := func(form string) func() clubtest.Req {
		return func() clubtest.Req {
			id := m.open(false)
			switch form {
			case "query":
				return clubtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/tournaments?id=%d", id)}
			case "body":
				return clubtest.Req{Method: "DELETE", Path: "/api/tournaments", Body: map[string]any{"id": id}}
			case "root":
				return clubtest.Req{Method: "DELETE", Path: fmt.Sprintf("/tournaments/%d", id)}
			case "root query":
				return clubtest.Req{Method: "DELETE", Path: fmt.Sprintf("/tournaments?id=%d", id)}
			}
			return clubtest.Req{Method: "DELETE", Path: m.path(id, "")}
		}
	}
	deletion := directors(http.StatusNoContent)
	result := func(id func() int64, res string) func() clubtest.Req {
		return func() clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: m.path(id(), "/rounds/1/boards/1"), Body: map[string]any{"result": res}}
		}
	}
	afterFinish := only(map[string]int{"player": 409, "organiser": 409, "arbiter": 200, "admin": 200})
	finishedUnrated := func() int64 { return m.finished(false) }
	finishedRated := func() int64 { return m.finished(true) }
	rows := []clubtest.Endpoint{
		// The service.
		{Op: "GET /healthz", Build: get("/healthz"), Want: everyone(200), SameBody: true},
		{Op: "GET /readyz", Build: get("/readyz"), Want: everyone(200), SameBody: true},
		{Op: "GET /openapi.json", Build: get("/openapi.json"), Want: everyone(200), SameBody: true},
		{Op: "GET /api/openapi.json", Build: get("/api/openapi.json"), Want: everyone(200), SameBody: true},
		{Op: "GET /metrics", Build: get("/metrics"), Want: everyone(200)},
		// Members and logins.
		{Op: "POST /api/user", Build: register("/api/user"), Want: everyone(201)},
		{Op: "POST /user", Build: register("/user"), Want: everyone(201)},
		{Op: "POST /api/login", Build: login("/api/login"), Want: everyone(200)},
		{Op: "POST /login", Build: login("/login"), Want: everyone(200)},
		{Op: "POST /api/logout", Build: func() clubtest.Req { return clubtest.Req{Method: "POST", Path: "/api/logout"} }, Want: loggedIn(204)},
		{Op: "GET /api/me", Build: get("/api/me"), Want: loggedIn(200)},
		{Op: "GET /api/me/invitations", Build: get("/api/me/invitations"), Want: loggedIn(200)},
		{Op: "GET /api/members", Build: get("/api/members"), Want: loggedIn(200)},
		{Op: "GET /members", Build: func() clubtest.Req {
			return clubtest.Req{Method: "GET", Path: "/members", Header: map[string]string{"Accept": "application/json"}}
		}, Want: loggedIn(200)},
		{Op: "GET /api/members/{id}", Build: get(fmt.Sprintf("/api/members/%d", pat)), Want: loggedIn(200)},
		{Op: "PATCH /api/members/{id}", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/members/%d", pat), Body: map[string]any{"birth_year": 2001}}
		}, Want: only(map[string]int{"player": 200, "admin": 200})},
		{Op: "PATCH /api/members/{id}", Case: "FIDE fields", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: fmt.Sprintf("/api/members/%d", pat), Body: map[string]any{"fide_id": 1503014, "title": "FM", "national_id": "N-1"}}
		}, Want: only(map[string]int{"player": 200, "admin": 200})},
		// FIDE's rating list: admins only. A list of one column of ratings, SRtng, is a list
		// of standard ratings.
		{Op: "POST /api/admin/fide-ratings", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: "/api/admin/fide-ratings", Body: "ID_Number SRtng\n1503014   2833\n", ContentType: "text/plain"}
		}, Want: only(map[string]int{"admin": 200})},
		{Op: "PUT /api/members/{id}/role", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/members/%d/role", m.IDs["sam"]), Body: map[string]any{"role": "arbiter"}}
		}, Want: only(map[string]int{"admin": 200})},
		{Op: "GET /api/members/{id}/ratings", Build: get(fmt.Sprintf("/api/members/%d/ratings", pat)), Want: loggedIn(200)},
		{Op: "GET /api/members/{id}/tournaments", Build: get(fmt.Sprintf("/api/members/%d/tournaments", pat)), Want: loggedIn(200)},
		// A member's trail: hers, and arbiters' and admins'; an arbiter reads her private
		// values masked (pp1's birth date and national id, set by an admin, and her e-mail).
		{Op: "GET /api/members/{id}/audit", Build: get(fmt.Sprintf("/api/members/%d/audit", pat)), Want: only(map[string]int{"player": 200, "arbiter": 200, "admin": 200}),
			SeesPrivate: []string{"player"}},
		{Op: "GET /api/members/{id}/audit", Case: "someone else's", Build: get(fmt.Sprintf("/api/members/%d/audit", m.IDs["pp1"])),
			Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		// Photos: public by their unguessable URL; a member stores their own, an admin anyone's.
		{Op: "GET /api/figures/{id}", Build: get(patsPhoto.URL), Want: everyone(200), SameBody: true},
		{Op: "GET /api/figures/{id}/thumbnail", Build: get(patsPhoto.ThumbnailURL), Want: everyone(200), SameBody: true},
		{Op: "POST /api/figures", Case: "for pat", Build: photoFor("/api/figures"), Want: only(map[string]int{"player": 201, "admin": 201})},
		{Op: "POST /api/figures", Case: "raw, for pat", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: fmt.Sprintf("/api/figures?member_id=%d", pat), Body: photo, ContentType: "image/jpeg"}
		}, Want: only(map[string]int{"player": 201, "admin": 201})},
		{Op: "POST /figures", Build: photoFor("/figures"), Want: only(map[string]int{"player": 201, "admin": 201})},
		// Tournaments.
		{Op: "GET /api/tournaments", Build: get("/api/tournaments"), Want: everyone(200), SameBody: true},
		{Op: "GET /tournaments", Build: get("/tournaments"), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}", Build: get(m.path(view, "")), Want: everyone(200), SameBody: true},
		{Op: "POST /api/tournaments", Case: "unrated", Build: create("/api/tournaments", false), Want: loggedIn(201)},
		{Op: "POST /api/tournaments", Case: "rated", Build: create("/api/tournaments", true), Want: only(map[string]int{"arbiter": 201, "admin": 201})},
		{Op: "POST /tournaments", Build: create("/tournaments", false), Want: loggedIn(201)},
		{Op: "PATCH /api/tournaments/{id}", Case: "description", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: m.path(m.open(false), ""), Body: map[string]any{"description": "Edited"}}
		}, Want: directors(200)},
		{Op: "PATCH /api/tournaments/{id}", Case: "made rated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: m.path(m.open(false), ""), Body: map[string]any{"rated": true}}
		}, Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		{Op: "PATCH /api/tournaments/{id}", Case: "finished, made rated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: m.path(m.finished(false), ""), Body: map[string]any{"rated": true}}
		}, Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		{Op: "DELETE /api/tournaments/{id}", Case: "unrated", Build: deleteOpen("path"), Want: deletion},
		{Op: "DELETE /api/tournaments/{id}", Case: "finished, rated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "DELETE", Path: m.path(m.finished(true), "")}
		}, Want: only(map[string]int{"organiser": 409, "arbiter": 409, "admin": 204})},
		{Op: "DELETE /api/tournaments", Case: "?id=N", Build: deleteOpen("query"), Want: deletion},
		{Op: "DELETE /api/tournaments", Case: "{id}", Build: deleteOpen("body"), Want: deletion},
		{Op: "DELETE /tournaments/{id}", Build: deleteOpen("root"), Want: deletion},
		{Op: "DELETE /tournaments", Build: deleteOpen("root query"), Want: deletion},
		{Op: "POST /api/tournaments/import", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: "/api/tournaments/import", Body: slices.Clone(trf), ContentType: "text/plain"}
		}, Want: loggedIn(201)},
		{Op: "POST /api/tournaments/{id}/start", Case: "unrated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.open(false), "/start")}
		}, Want: directors(200)},
		{Op: "POST /api/tournaments/{id}/start", Case: "rated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.open(true), "/start")}
		}, Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		{Op: "POST /api/tournaments/{id}/finish", Case: "unrated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.complete(false), "/finish")}
		}, Want: directors(200)},
		{Op: "POST /api/tournaments/{id}/finish", Case: "rated", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.complete(true), "/finish")}
		}, Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		// Entries: a member enters themself; others only on an arbiter's or an admin's
		// authority (the organiser invites).
		{Op: "GET /api/tournaments/{id}/players", Build: get(m.path(view, "/players")), Want: everyone(200), SameBody: true},
		// A player's card is public, like the standings that link to it.
		{Op: "GET /api/tournaments/{id}/players/{member_id}", Build: get(m.path(view, "/players/%d", m.IDs["pat"])), Want: everyone(200), SameBody: true},
		{Op: "POST /api/tournaments/{id}/players", Case: "themself", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.open(false), "/players")}
		}, Want: loggedInBut(201, map[string]int{"player": 409})},
		{Op: "POST /api/tournaments/{id}/players", Case: "someone else", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.open(false), "/players"), Body: map[string]any{"member_id": m.IDs["sam"]}}
		}, Want: only(map[string]int{"arbiter": 201, "admin": 201})},
		{Op: "DELETE /api/tournaments/{id}/players/{member_id}", Case: "leave", Build: func() clubtest.Req {
			return clubtest.Req{Method: "DELETE", Path: m.path(m.open(false), "/players/%d", pat)}
		}, Want: only(map[string]int{"player": 204, "organiser": 204, "arbiter": 204, "admin": 204})},
		{Op: "DELETE /api/tournaments/{id}/players/{member_id}", Case: "withdraw", Build: func() clubtest.Req {
			return clubtest.Req{Method: "DELETE", Path: m.path(m.running(false), "/players/%d", pat)}
		}, Want: only(map[string]int{"player": 204, "organiser": 204, "arbiter": 204, "admin": 204})},
		{Op: "POST /api/tournaments/{id}/players/{member_id}/link", Build: func() clubtest.Req {
			var imported tournament.Tournament
			m.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "olga", Body: slices.Clone(trf), ContentType: "text/plain"}, http.StatusCreated).Decode(t, &imported)
			var guests []tournament.Player
			m.MustDo(clubtest.Req{Method: "GET", Path: m.path(imported.ID, "/players")}, http.StatusOK).Decode(t, &guests)
			return clubtest.Req{Method: "POST", Path: m.path(imported.ID, "/players/%d/link", guests[0].MemberID), Body: map[string]any{"member_id": m.IDs["sam"]}}
		}, Want: only(map[string]int{"admin": 200})},
		{Op: "POST /api/tournaments/{id}/players/{member_id}/reinstate", Build: func() clubtest.Req {
			id := m.running(false)
			m.MustDo(clubtest.Req{Method: "DELETE", Path: m.path(id, "/players/%d", pat), As: "pat"}, http.StatusNoContent)
			return clubtest.Req{Method: "POST", Path: m.path(id, "/players/%d/reinstate", pat)}
		}, Want: only(map[string]int{"player": 200, "arbiter": 200, "admin": 200})},
		{Op: "PUT /api/tournaments/{id}/players/{member_id}/byes/{round}", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: m.path(m.open(false), "/players/%d/byes/2", pat)}
		}, Want: only(map[string]int{"player": 204, "organiser": 204, "arbiter": 204, "admin": 204})},
		{Op: "DELETE /api/tournaments/{id}/players/{member_id}/byes/{round}", Build: func() clubtest.Req {
			id := m.open(false)
			m.MustDo(clubtest.Req{Method: "PUT", Path: m.path(id, "/players/%d/byes/2", pat), As: "pat"}, http.StatusNoContent)
			return clubtest.Req{Method: "DELETE", Path: m.path(id, "/players/%d/byes/2", pat)}
		}, Want: only(map[string]int{"player": 204, "organiser": 204, "arbiter": 204, "admin": 204})},
		// Forbidden pairs: public to read, the organiser's (and arbiters' and admins') to set.
		{Op: "GET /api/tournaments/{id}/forbidden-pairs", Build: get(m.path(view, "/forbidden-pairs")), Want: everyone(200), SameBody: true},
		{Op: "PUT /api/tournaments/{id}/forbidden-pairs/{a}/{b}", Build: func() clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: m.path(m.open(false), "/forbidden-pairs/%d/%d", pat, m.IDs["pp1"])}
		}, Want: directors(201)},
		{Op: "DELETE /api/tournaments/{id}/forbidden-pairs/{a}/{b}", Build: func() clubtest.Req {
			id := m.open(false)
			m.MustDo(clubtest.Req{Method: "PUT", Path: m.path(id, "/forbidden-pairs/%d/%d", pat, m.IDs["pp1"]), As: "olga"}, http.StatusCreated)
			return clubtest.Req{Method: "DELETE", Path: m.path(id, "/forbidden-pairs/%d/%d", pat, m.IDs["pp1"])}
		}, Want: directors(204)},
		// Invitations: the organiser (and arbiters and admins) invite; the member answers.
		{Op: "POST /api/tournaments/{id}/invitations", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.open(false), "/invitations"), Body: map[string]any{"member_id": m.IDs["sam"]}}
		}, Want: directors(201)},
		{Op: "GET /api/tournaments/{id}/invitations", Build: func() clubtest.Req {
			return clubtest.Req{Method: "GET", Path: m.path(m.invited(), "/invitations")}
		}, Want: directors(200)},
		{Op: "DELETE /api/tournaments/{id}/invitations/{member_id}", Build: func() clubtest.Req {
			return clubtest.Req{Method: "DELETE", Path: m.path(m.invited(), "/invitations/%d", m.IDs["ivy"])}
		}, Want: directors(204)},
		{Op: "POST /api/tournaments/{id}/invitations/{member_id}/accept", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.invited(), "/invitations/%d/accept", m.IDs["ivy"])}
		}, Want: only(map[string]int{"invited": 201})},
		{Op: "POST /api/tournaments/{id}/invitations/{member_id}/decline", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.invited(), "/invitations/%d/decline", m.IDs["ivy"])}
		}, Want: only(map[string]int{"invited": 200})},
		// Rounds and results.
		{Op: "GET /api/tournaments/{id}/rounds", Build: get(m.path(view, "/rounds")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/rounds/{n}", Build: get(m.path(view, "/rounds/1")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/rounds/{n}/boards/{b}", Build: get(m.path(view, "/rounds/1/boards/1")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/rounds/{n}/check", Build: get(m.path(view, "/rounds/1/check")), Want: everyone(200), SameBody: true},
		{Op: "POST /api/tournaments/{id}/rounds", Build: func() clubtest.Req {
			return clubtest.Req{Method: "POST", Path: m.path(m.complete(false), "/rounds")}
		}, Want: directors(201)},
		{Op: "DELETE /api/tournaments/{id}/rounds/{n}", Build: func() clubtest.Req {
			return clubtest.Req{Method: "DELETE", Path: m.path(m.running(false), "/rounds/1")}
		}, Want: directors(204)},
		// A pairing by hand: the engine's own, sent back (it checks clean, so it saves without
		// confirm). The organiser of a rated tournament may not change its pairing.
		{Op: "POST /api/tournaments/{id}/rounds/{n}/pairing/check", Build: m.pairingBy("POST", "/rounds/1/pairing/check", false), Want: directors(200)},
		{Op: "PUT /api/tournaments/{id}/rounds/{n}/pairing", Build: m.pairingBy("PUT", "/rounds/1/pairing", false), Want: directors(200)},
		{Op: "PUT /api/tournaments/{id}/rounds/{n}/pairing", Case: "rated", Build: m.pairingBy("PUT", "/rounds/1/pairing", true),
			Want: only(map[string]int{"arbiter": 200, "admin": 200})},
		// pat is white on board 1, and the tournament lets players report.
		{Op: "PUT /api/tournaments/{id}/rounds/{n}/boards/{b}", Case: "running", Build: result(func() int64 { return m.running(false) }, "1-0"),
			Want: only(map[string]int{"player": 200, "organiser": 200, "arbiter": 200, "admin": 200})},
		{Op: "PUT /api/tournaments/{id}/rounds/{n}/boards/{b}", Case: "a correction after the finish", Build: result(finishedUnrated, "0-1"), Want: afterFinish},
		{Op: "PUT /api/tournaments/{id}/rounds/{n}/boards/{b}", Case: "a correction after a rated finish", Build: result(finishedRated, "0-1"), Want: afterFinish},
		{Op: "GET /api/tournaments/{id}/standings", Build: get(m.path(view, "/standings?tiebreaks=PTS,BH")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/standings", Case: "explained", Build: get(m.path(view, "/standings?tiebreaks=PTS,BH&explain=1")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/crosstable", Build: get(m.path(view, "/crosstable")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/bracket", Build: get(m.path(knockout, "/bracket")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/schedule", Build: get(m.path(roundRobin, "/schedule")), Want: everyone(200), SameBody: true},
		{Op: "GET /api/tournaments/{id}/report.trf", Build: get(m.path(view, "/report.trf")), Want: everyone(200), SameBody: true},
		// The FIDE report carries the birth dates: an arbiter's or admin's download, even of a
		// tournament a member organises.
		{Op: "GET /api/tournaments/{id}/fide-report.trf", Build: get(m.path(view, "/fide-report.trf")),
			Want: only(map[string]int{"arbiter": 200, "admin": 200}), SeesPrivate: []string{"arbiter"}},
		// The audit trail: a tournament's to those who direct it, the whole to admins.
		{Op: "GET /api/tournaments/{id}/audit", Build: get(m.path(view, "/audit")), Want: directors(200)},
		{Op: "GET /api/audit", Build: get(fmt.Sprintf("/api/audit?tournament_id=%d&limit=5", view)), Want: only(map[string]int{"admin": 200})},
	}
	return rows
}
