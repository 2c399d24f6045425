package play_test

import (
	"net/http"
	"strconv"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// byeClash is the "current" member of the 409 to an edit that byes asked for forbid.
type byeClash struct {
	State         string       `json:"state"`
	CurrentRound  int          `json:"current_round"`
	RequestedByes []clashedBye `json:"requested_byes"`
}

type clashedBye struct {
	MemberID int64  `json:"member_id"`
	FullName string `json:"full_name"`
	Round    int    `json:"round"`
}

// TestEditingUnderRequestedByes: an edit of an open Swiss that would leave byes asked for in
// advance outside the tournament's limits (bye_limit, rounds, the format) is refused, naming
// the byes, and changes nothing; an edit that leaves them within is made. In a running
// tournament bye_limit and rounds are frozen, and the requests stay as they are.
func TestEditingUnderRequestedByes(t *testing.T) {
	tests := []struct {
		name   string
		patch  map[string]any
		fields []string // of the 409; none for a 200
		byes   []string // the byes it names: who and which round
	}{
		{name: "bye_limit below one player's requests", patch: map[string]any{"bye_limit": 1},
			fields: []string{"bye_limit"}, byes: []string{"p01 2", "p01 3"}},
		{name: "bye_limit 0", patch: map[string]any{"bye_limit": 0},
			fields: []string{"bye_limit"}, byes: []string{"p01 2", "p01 3", "p02 4"}},
		{name: "bye_limit back to its default", patch: map[string]any{"bye_limit": nil},
			fields: []string{"bye_limit"}, byes: []string{"p01 2", "p01 3"}},
		{name: "rounds below a requested round", patch: map[string]any{"rounds": 3},
			fields: []string{"rounds"}, byes: []string{"p02 4"}},
		{name: "rounds 1", patch: map[string]any{"rounds": 1},
			fields: []string{"rounds"}, byes: []string{"p01 2", "p01 3", "p02 4"}},
		{name: "both", patch: map[string]any{"rounds": 3, "bye_limit": 1, "name": "Renamed"},
			fields: []string{"bye_limit", "rounds"}, byes: []string{"p01 2", "p01 3", "p02 4"}},
		{name: "a round robin", patch: map[string]any{"format": "round_robin"},
			fields: []string{"format"}, byes: []string{"p01 2", "p01 3", "p02 4"}},
		{name: "a knockout", patch: map[string]any{"format": "knockout", "rounds": nil},
			fields: []string{"format"}, byes: []string{"p01 2", "p01 3", "p02 4"}},
		{name: "bye_limit down to the requests", patch: map[string]any{"bye_limit": 2}},
		{name: "bye_limit up", patch: map[string]any{"bye_limit": 3}},
		{name: "rounds down to the last requested round", patch: map[string]any{"rounds": 4}},
		{name: "rounds up", patch: map[string]any{"rounds": 7}},
		{name: "rounds not fixed", patch: map[string]any{"rounds": nil}},
		{name: "another field", patch: map[string]any{"description": "Byes as asked"}},
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		// open makes a Swiss of 5 rounds and 5 players, bye_limit 2, in which p01 has asked
		// for byes in rounds 2 and 3, and p02 for one in round 4.
		open := func() tournament.Tournament {
			tr := c.create(map[string]any{"rounds": 5, "bye_limit": 2})
			c.enterAll(tr.ID, 5)
			for _, b := range []struct {
				who   string
				round int
			}{{"p01", 2}, {"p01", 3}, {"p02", 4}} {
				c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/players/%d/byes/%d", c.IDs[b.who], b.round), As: b.who}, http.StatusNoContent)
			}
			return tr
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tr := open()
				var before tournament.Tournament
				c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "")}, http.StatusOK).Decode(t, &before)
				res := c.Do(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: tt.patch, ContentType: "application/merge-patch+json"})
				if tt.fields == nil {
					if res.Status != http.StatusOK {
						t.Fatalf("status %d, want 200: %s", res.Status, res.Body)
					}
					diffValues(t, "requested byes", requestedByes(c, tr.ID), map[string][]int{"p01": {2, 3}, "p02": {4}})
					return
				}
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusConflict, Slug: "conflict", Fields: tt.fields})
				var doc struct {
					Current byeClash `json:"current"`
				}
				res.Decode(t, &doc)
				var byes []string
				for _, b := range doc.Current.RequestedByes {
					name := playerName(c, b.MemberID)
					if b.FullName != "Player "+name[1:] {
						t.Errorf("member %d named %q", b.MemberID, b.FullName)
					}
					byes = append(byes, name+" "+strconv.Itoa(b.Round))
				}
				diffValues(t, "the byes named", byes, tt.byes)
				diffValues(t, "current", doc.Current.State, "open")
				var now tournament.Tournament
				c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "")}, http.StatusOK).Decode(t, &now)
				diffValues(t, "the tournament after a refused edit", now, before)
				diffValues(t, "requested byes", requestedByes(c, tr.ID), map[string][]int{"p01": {2, 3}, "p02": {4}})
			})
		}

		t.Run("asking beyond the edited limits", func(t *testing.T) {
			tr := open()
			c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"rounds": 4}}, http.StatusOK)
			bye := func(who string, round int) clubtest.Req {
				return clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/players/%d/byes/%d", c.IDs[who], round), As: who}
			}
			c.check(t, "a third bye with a limit of 2", bye("p01", 4), want{status: 409, state: "open"})
			c.check(t, "a bye past the last round", bye("p03", 5), want{status: 404})
			diffValues(t, "requested byes", requestedByes(c, tr.ID), map[string][]int{"p01": {2, 3}, "p02": {4}})
		})

		t.Run("running", func(t *testing.T) {
			tr := open()
			c.start(tr.ID)
			for _, patch := range []map[string]any{{"bye_limit": 0}, {"bye_limit": 1}, {"rounds": 1}, {"rounds": 3}} {
				res := c.Do(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: patch})
				for field := range patch {
					clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusConflict, Slug: "conflict", Fields: []string{field}})
				}
			}
			diffValues(t, "requested byes", requestedByes(c, tr.ID), map[string][]int{"p01": {2, 3}, "p02": {4}})
			for _, b := range c.pair(tr.ID).Boards {
				c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
			}
			r2 := c.pair(tr.ID)
			var byes []string
			for _, b := range r2.Byes {
				byes = append(byes, playerName(c, b.Player.MemberID)+" "+b.Kind)
			}
			diffValues(t, "round 2's byes", byes, []string{"p01 half"})
		})
	})
}

// requestedByes returns the byes each player of the tournament has asked for, by username.
func requestedByes(c *club, id int64) map[string][]int {
	c.t.Helper()
	var list []tournament.Player
	c.MustDo(clubtest.Req{Method: "GET", Path: tpath(id, "/players")}, http.StatusOK).Decode(c.t, &list)
	out := map[string][]int{}
	for _, p := range list {
		if len(p.RequestedByes) > 0 {
			out[playerName(c, p.MemberID)] = p.RequestedByes
		}
	}
	return out
}
