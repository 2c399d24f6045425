package play_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"os"
	"testing"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// The callers of the authorization matrix.
var callers = []string{"none", "bad", "member", "player", "organiser", "admin"}

// callerUser is who each caller is: a member who takes no part ("p09"), a player of the
// tournament and of its board 1 ("p01"), its organiser, an admin. "bad" sends a token that
// was never issued.
var callerUser = map[string]string{"member": "p09", "player": "p01", "organiser": "org", "admin": "root"}

// TestAuthorizationMatrix sends each tournament-play request as each kind of caller, on
// each database. Callers not listed for an endpoint get 401. Reads are public: they ignore
// the Authorization header, so a bad token gets the same answer, and the same body, as none.
// (The live stream is public too; its tests connect without a token.)
func TestAuthorizationMatrix(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 9)
		tok := make([]byte, 32)
		_, _ = rand.Read(tok)
		bad := hex.EncodeToString(tok)
		// open: p01..p04 entered. running: round 1 paired, players may report results,
		// p01 on board 1. complete: round 1 has its results. finished, rated.
		open := func() int64 {
			tr := c.create(map[string]any{"rounds": 3, "players_report": true, "rated": true})
			c.enterAll(tr.ID, 4)
			return tr.ID
		}
		running := func() int64 {
			id := open()
			c.start(id)
			c.pair(id)
			return id
		}
		complete := func() int64 {
			id := running()
			c.result(id, 1, 1, "1-0")
			c.result(id, 1, 2, "0-1")
			return id
		}
		finished := complete()
		c.finish(finished)
		view := running()
		c.result(view, 1, 1, "1/2-1/2")
		file, err := os.ReadFile(c.report(view, "view.trf"))
		if err != nil {
			t.Fatal(err)
		}
		p01 := c.IDs["p01"]
		everyone := func(status int) map[string]int {
			return map[string]int{"none": status, "bad": status, "member": status, "player": status, "organiser": status, "admin": status}
		}
		loggedIn := func(member, player, organiser, admin int) map[string]int {
			return map[string]int{"member": member, "player": player, "organiser": organiser, "admin": admin}
		}
		endpoints := []struct {
			name     string
			build    func() clubtest.Req
			want     map[string]int
			sameBody bool
		}{
			{"GET players", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/players")} }, everyone(200), true},
			{"GET rounds", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/rounds")} }, everyone(200), true},
			{"GET round", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/rounds/1")} }, everyone(200), true},
			{"GET board", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/rounds/1/boards/1")} }, everyone(200), true},
			{"GET standings", func() clubtest.Req {
				return clubtest.Req{Method: "GET", Path: tpath(view, "/standings?tiebreaks=PTS,BH")}
			}, everyone(200), true},
			{"GET crosstable", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/crosstable")} }, everyone(200), true},
			{"GET report.trf", func() clubtest.Req { return clubtest.Req{Method: "GET", Path: tpath(view, "/report.trf")} }, everyone(200), true},
			{"PATCH tournament", func() clubtest.Req {
				return clubtest.Req{Method: "PATCH", Path: tpath(open(), ""), Body: map[string]any{"description": "Edited"}}
			}, loggedIn(403, 403, 200, 200), false},
			{"POST start", func() clubtest.Req { return clubtest.Req{Method: "POST", Path: tpath(open(), "/start")} }, loggedIn(403, 403, 200, 200), false},
			{"POST finish", func() clubtest.Req { return clubtest.Req{Method: "POST", Path: tpath(complete(), "/finish")} }, loggedIn(403, 403, 200, 200), false},
			// The player has entered already (409); the others enter themselves.
			{"POST players", func() clubtest.Req { return clubtest.Req{Method: "POST", Path: tpath(open(), "/players")} }, loggedIn(201, 409, 201, 201), false},
			{"POST players, someone else", func() clubtest.Req {
				return clubtest.Req{Method: "POST", Path: tpath(open(), "/players"), Body: map[string]any{"member_id": c.IDs["p05"]}}
			}, loggedIn(403, 403, 201, 201), false},
			{"DELETE player", func() clubtest.Req { return clubtest.Req{Method: "DELETE", Path: tpath(open(), "/players/%d", p01)} }, loggedIn(403, 204, 204, 204), false},
			{"DELETE player, withdraw", func() clubtest.Req { return clubtest.Req{Method: "DELETE", Path: tpath(running(), "/players/%d", p01)} }, loggedIn(403, 204, 204, 204), false},
			{"PUT bye", func() clubtest.Req {
				return clubtest.Req{Method: "PUT", Path: tpath(open(), "/players/%d/byes/2", p01)}
			}, loggedIn(403, 204, 204, 204), false},
			{"DELETE bye", func() clubtest.Req {
				id := open()
				c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(id, "/players/%d/byes/2", p01), As: "p01"}, http.StatusNoContent)
				return clubtest.Req{Method: "DELETE", Path: tpath(id, "/players/%d/byes/2", p01)}
			}, loggedIn(403, 204, 204, 204), false},
			{"POST rounds", func() clubtest.Req { return clubtest.Req{Method: "POST", Path: tpath(complete(), "/rounds")} }, loggedIn(403, 403, 201, 201), false},
			{"DELETE round", func() clubtest.Req { return clubtest.Req{Method: "DELETE", Path: tpath(running(), "/rounds/1")} }, loggedIn(403, 403, 204, 204), false},
			// The player is white on board 1, and the tournament lets players report.
			{"PUT result", func() clubtest.Req {
				return clubtest.Req{Method: "PUT", Path: tpath(running(), "/rounds/1/boards/1"), Body: map[string]any{"result": "1-0"}}
			}, loggedIn(403, 200, 200, 200), false},
			{"PUT result, finished", func() clubtest.Req {
				return clubtest.Req{Method: "PUT", Path: tpath(finished, "/rounds/1/boards/1"), Body: map[string]any{"result": "1-0"}}
			}, loggedIn(403, 409, 409, 200), false},
			{"POST import", func() clubtest.Req {
				return clubtest.Req{Method: "POST", Path: "/api/tournaments/import", Body: bytes.Clone(file), ContentType: "text/plain"}
			}, loggedIn(201, 201, 201, 201), false},
			{"GET member ratings", func() clubtest.Req {
				return clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", p01)}
			},
				loggedIn(200, 200, 200, 200), false},
			{"GET member tournaments", func() clubtest.Req {
				return clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/tournaments", p01)}
			},
				loggedIn(200, 200, 200, 200), false},
			{"PATCH member", func() clubtest.Req {
				return clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", p01), Body: map[string]any{"birth_year": 2001}}
			}, loggedIn(403, 200, 403, 200), false},
		}
		anonymous := map[string][]byte{}
		for _, ep := range endpoints {
			for _, caller := range callers {
				t.Run(ep.name+"/"+caller, func(t *testing.T) {
					r := ep.build()
					switch caller {
					case "none":
					case "bad":
						r.Token = bad
					default:
						r.As = callerUser[caller]
					}
					want, ok := ep.want[caller]
					if !ok {
						want = http.StatusUnauthorized
					}
					res := c.Do(r)
					if res.Status != want {
						t.Fatalf("status %d, want %d; body %s", res.Status, want, res.Body)
					}
					if ep.sameBody {
						if caller == "none" {
							anonymous[ep.name] = res.Body
						} else if !bytes.Equal(res.Body, anonymous[ep.name]) {
							t.Errorf("body differs from the one without a token:\n%s\n%s", res.Body, anonymous[ep.name])
						}
					}
					if want >= 400 {
						if doc := res.Problem(t); doc.Status != want {
							t.Errorf("problem status %d, want %d", doc.Status, want)
						}
					}
				})
			}
		}
	})
}
