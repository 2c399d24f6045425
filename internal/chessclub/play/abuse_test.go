package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestRatingAbuseIsRefused plays the abuse of the club ratings that a plain member could once
// commit, on each database: a rated tournament, four members entered without being asked, 0-1
// on every board, a finish that moved their ratings, and a deletion that left the changes in
// place. Each step that would put a game on someone without their consent is refused, and
// what the member may still do (an unrated event the players entered themselves) changes no
// rating.
func TestRatingAbuseIsRefused(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		victims := []string{"p01", "p02", "p03", "p04"}
		before := map[string]member{}
		for _, who := range victims {
			before[who] = c.member("root", who)
		}
		as := func(method, path string, body any, status int) clubtest.Resp {
			t.Helper()
			return c.MustDo(clubtest.Req{Method: method, Path: path, As: "host", Body: body}, status)
		}

		// The first step is refused: host is neither arbiter nor admin.
		as("POST", "/api/tournaments", map[string]any{"name": "Rigged", "start_date": "2026-03-07", "rounds": 1, "rated": true}, http.StatusForbidden)
		var tr tournament.Tournament
		as("POST", "/api/tournaments", map[string]any{"name": "Rigged", "start_date": "2026-03-07", "rounds": 1}, http.StatusCreated).Decode(t, &tr)
		for _, who := range victims {
			as("POST", tpath(tr.ID, "/players"), map[string]any{"member_id": c.IDs[who]}, http.StatusForbidden)
		}
		as("PATCH", tpath(tr.ID, ""), map[string]any{"rated": true}, http.StatusForbidden)

		// With the players' consent the event runs, unrated: nobody's rating moves.
		for _, who := range victims {
			c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: who}, http.StatusCreated)
		}
		as("POST", tpath(tr.ID, "/start"), nil, http.StatusOK)
		var rd tournament.Round
		as("POST", tpath(tr.ID, "/rounds"), nil, http.StatusCreated).Decode(t, &rd)
		for _, b := range rd.Boards {
			as("PUT", tpath(tr.ID, "/rounds/1/boards/%d", b.Board), map[string]any{"result": tournament.ResultBlackWins}, http.StatusOK)
		}
		as("POST", tpath(tr.ID, "/finish"), nil, http.StatusOK)
		as("PATCH", tpath(tr.ID, ""), map[string]any{"rated": true}, http.StatusForbidden)
		as("DELETE", tpath(tr.ID, ""), nil, http.StatusNoContent)
		for _, who := range victims {
			if got := c.member("root", who); got != before[who] {
				t.Errorf("%s: %+v, was %+v", who, got, before[who])
			}
			if h := c.history(who); len(h) != 0 {
				t.Errorf("%s has a rating history: %+v", who, h)
			}
		}
	})
}
