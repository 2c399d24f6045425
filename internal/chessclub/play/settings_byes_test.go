package play_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// byeConflict is the "current" member of a 409 about byes in the way of a change.
type byeConflict struct {
	State string `json:"state"`
	Byes  []struct {
		MemberID int64 `json:"member_id"`
		Round    int   `json:"round"`
	} `json:"byes"`
	ByesTotal int `json:"byes_total"`
}

// TestSettingsUnderByes: a change of the rounds, the bye limit or the format that would leave
// byes already asked for beyond the new settings is refused (409) with those byes named, and
// changes nothing; once they are cancelled, the change goes through.
func TestSettingsUnderByes(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		tr := c.create(map[string]any{"rounds": 3, "bye_limit": 2})
		c.enterAll(tr.ID, 5)
		p01, p02 := c.IDs["p01"], c.IDs["p02"]
		bye := func(method, who string, round int) clubtest.Req {
			return clubtest.Req{Method: method, Path: tpath(tr.ID, "/players/%d/byes/%d", c.IDs[who], round), As: "org"}
		}
		c.MustDo(bye("PUT", "p01", 1), http.StatusNoContent)
		c.MustDo(bye("PUT", "p01", 2), http.StatusNoContent)
		c.MustDo(bye("PUT", "p02", 3), http.StatusNoContent)
		patch := func(body map[string]any) clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: body, ContentType: "application/merge-patch+json"}
		}
		type bye2 struct {
			member int64
			round  int
		}
		refused := []struct {
			name   string
			body   map[string]any
			fields []string
			byes   []bye2
		}{
			{"the bye limit below a player's byes", map[string]any{"bye_limit": 1}, []string{"bye_limit"}, []bye2{{p01, 1}, {p01, 2}}},
			{"no byes at all", map[string]any{"bye_limit": 0}, []string{"bye_limit"}, []bye2{{p01, 1}, {p01, 2}, {p02, 3}}},
			{"rounds below a bye", map[string]any{"rounds": 2}, []string{"rounds"}, []bye2{{p02, 3}}},
			{"one round", map[string]any{"rounds": 1}, []string{"rounds"}, []bye2{{p01, 2}, {p02, 3}}},
			{"both", map[string]any{"rounds": 2, "bye_limit": 1, "name": "Renamed"}, []string{"bye_limit", "rounds"}, []bye2{{p01, 1}, {p01, 2}, {p02, 3}}},
			{"a round robin", map[string]any{"format": "round_robin"}, []string{"format"}, []bye2{{p01, 1}, {p01, 2}, {p02, 3}}},
			{"a knockout", map[string]any{"format": "knockout", "rounds": nil}, []string{"format"}, []bye2{{p01, 1}, {p01, 2}, {p02, 3}}},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				res := c.Do(patch(tt.body))
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusConflict, Slug: "conflict", Fields: tt.fields})
				doc := res.Problem(t)
				var cur byeConflict
				res.Decode(t, &struct {
					Current *byeConflict `json:"current"`
				}{&cur})
				var got []bye2
				for _, b := range cur.Byes {
					got = append(got, bye2{b.MemberID, b.Round})
				}
				if !slices.Equal(got, tt.byes) || cur.ByesTotal != len(tt.byes) || cur.State != "open" {
					t.Errorf("current %+v, want byes %v", cur, tt.byes)
				}
				for _, b := range tt.byes {
					if name := fmt.Sprintf("Player %02d", playerIndex(c, b.member)); !strings.Contains(doc.Detail, name) || !strings.Contains(doc.Detail, fmt.Sprint(b.round)) {
						t.Errorf("detail %q does not name %s's bye in round %d", doc.Detail, name, b.round)
					}
				}
			})
		}
		var now tournament.Tournament
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "")}, http.StatusOK).Decode(t, &now)
		if now.Rounds == nil || *now.Rounds != 3 || now.ByeLimit != 2 || now.Format != "swiss" || now.Name != tr.Name {
			t.Fatalf("the refused changes changed %+v", now)
		}

		for _, tt := range []struct {
			name string
			body map[string]any
		}{
			{"more rounds", map[string]any{"rounds": 4}},
			{"a higher bye limit", map[string]any{"bye_limit": 3}},
			{"the same rounds and limit", map[string]any{"rounds": 4, "bye_limit": 3, "name": "Renamed"}},
			{"no rounds set", map[string]any{"rounds": nil}},
		} {
			c.check(t, tt.name, patch(tt.body), want{status: 200})
		}
		c.MustDo(bye("DELETE", "p02", 3), http.StatusNoContent)
		c.check(t, "rounds above every bye", patch(map[string]any{"rounds": 2}), want{status: 200})
		c.MustDo(bye("DELETE", "p01", 2), http.StatusNoContent)
		c.check(t, "the bye limit at a player's byes", patch(map[string]any{"bye_limit": 1}), want{status: 200})
		c.check(t, "a bye over the new limit", bye("PUT", "p01", 2), want{status: 409, state: "open"})
		c.check(t, "a bye beyond the new rounds", bye("PUT", "p02", 3), want{status: 404})

		// The round paired holds what the settings allow: p01's one bye, no other.
		c.start(tr.ID)
		r1 := c.pair(tr.ID)
		var byes []string
		for _, b := range r1.Byes {
			byes = append(byes, b.Player.FullName+" "+b.Kind)
		}
		diffValues(t, "round 1's byes", byes, []string{"Player 01 half"})
		c.check(t, "rounds below those paired", patch(map[string]any{"rounds": 1}), want{status: 409, field: "rounds", state: "running"})
		c.check(t, "the bye limit once running", patch(map[string]any{"bye_limit": 0}), want{status: 409, field: "bye_limit", state: "running"})
	})
}

// TestByeLimitCountsByesHad: the limit counts the half-point byes a player asked for over the
// whole tournament, those already given in a paired round too.
func TestByeLimitCountsByesHad(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		tr := c.create(map[string]any{"rounds": 3, "bye_limit": 1})
		c.enterAll(tr.ID, 5)
		bye := func(round int) clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/players/%d/byes/%d", c.IDs["p01"], round), As: "p01"}
		}
		c.MustDo(bye(1), http.StatusNoContent)
		c.start(tr.ID)
		for _, b := range c.pair(tr.ID).Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
		}
		c.check(t, "a second bye after the first was given", bye(3), want{status: 409, state: "running"})
		var list []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &list)
		for _, p := range list {
			if len(p.RequestedByes) != 0 {
				t.Errorf("%s has byes asked for: %v", p.FullName, p.RequestedByes)
			}
		}
	})
}

// TestByeLimitRace: a bye asked for while the organiser lowers the limit to 0, again and
// again from both sides at once. Whichever goes first, the other sees it: the tournament
// never ends with a bye beyond its limit.
func TestByeLimitRace(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 2)
		tr := c.create(map[string]any{"rounds": 3, "bye_limit": 1})
		c.enterAll(tr.ID, 2)
		member := c.IDs["p01"]
		for i := range 10 {
			reqs := []clubtest.Req{
				{Method: "PUT", Path: tpath(tr.ID, "/players/%d/byes/2", member), As: "p01"},
				{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"bye_limit": 0}, ContentType: "application/merge-patch+json"},
			}
			codes := make([]int, len(reqs))
			var wg sync.WaitGroup
			for k, r := range reqs {
				req := c.Request(r)
				wg.Add(1)
				go func() { defer wg.Done(); codes[k] = serve(c.Handler, req).Code }()
			}
			wg.Wait()
			var now tournament.Tournament
			c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "")}, http.StatusOK).Decode(t, &now)
			var list []tournament.Player
			c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &list)
			asked := 0
			for _, p := range list {
				asked = max(asked, len(p.RequestedByes))
			}
			if asked > now.ByeLimit {
				t.Fatalf("try %d (%v): a player has %d byes under a limit of %d", i, codes, asked, now.ByeLimit)
			}
			// Exactly one of the two went through: the bye first (the limit then stays),
			// or the limit first (the bye is then refused).
			if ok := (codes[0] == http.StatusNoContent) != (codes[1] == http.StatusOK); !ok || !slices.Contains([]int{http.StatusNoContent, http.StatusConflict}, codes[0]) || !slices.Contains([]int{http.StatusOK, http.StatusConflict}, codes[1]) {
				t.Fatalf("try %d: answers %v, want one 409", i, codes)
			}
			// Back to the start: the bye cancelled, the limit 1.
			c.Do(clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d/byes/2", member), As: "p01"})
			c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"bye_limit": 1}, ContentType: "application/merge-patch+json"}, http.StatusOK)
		}
	})
}

// playerIndex returns n for the member pNN.
func playerIndex(c *club, id int64) int {
	var n int
	fmt.Sscanf(playerName(c, id), "p%d", &n)
	return n
}

// TestCancelByeBeyondSettings: a bye asked for that the settings no longer allow (stored
// before such changes were refused: here, the settings changed under it in the database)
// can still be taken back, so that the organiser can put things right.
func TestCancelByeBeyondSettings(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 2)
		for _, tt := range []struct {
			name, update string
		}{
			{"beyond the rounds", "UPDATE tournaments SET rounds = 1 WHERE id = ?"},
			{"in a round robin", "UPDATE tournaments SET format = 'round_robin' WHERE id = ?"},
		} {
			tr := c.create(map[string]any{"rounds": 3})
			c.enterAll(tr.ID, 2)
			bye := func(method string) clubtest.Req {
				return clubtest.Req{Method: method, Path: tpath(tr.ID, "/players/%d/byes/3", c.IDs["p01"]), As: "p01"}
			}
			c.MustDo(bye("PUT"), http.StatusNoContent)
			if _, err := c.DB.Exec(tt.update, tr.ID); err != nil {
				t.Fatal(err)
			}
			c.check(t, tt.name+": cancelled", bye("DELETE"), want{status: 204})
			c.check(t, tt.name+": cancelled again", bye("DELETE"), want{status: 404})
		}
	})
}
