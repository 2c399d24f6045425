package play_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestScenarioKnockout runs an 8-player knockout through the API on each database: the
// seeded bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6 by rating), a drawn game settled by a decider,
// an upset, the final, and places by how far each player got.
func TestScenarioKnockout(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 8)
		tr := c.create(map[string]any{"format": "knockout", "rated": true})
		c.enterAll(tr.ID, 8)
		if st := c.start(tr.ID); st.Rounds == nil || *st.Rounds != 3 {
			t.Fatalf("rounds %v, want 3", st.Rounds)
		}
		// Round 1: the favourites win, but 4 v 5 is drawn and 5 wins the decider.
		r1 := c.pair(tr.ID)
		diffValues(t, "round 1", matches(r1), []string{"1-8", "4-5", "2-7", "3-6"})
		res := c.Do(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/1/boards/2", tr.ID), As: "org", Body: map[string]any{"result": "1/2-1/2"}})
		if res.Status != http.StatusUnprocessableEntity || res.Problem(t).Errors["result"] == "" {
			t.Fatalf("a draw in a knockout: %d %s", res.Status, res.Body)
		}
		for _, b := range r1.Boards {
			if b.White.StartRank+b.Black.StartRank == 9 && min(b.White.StartRank, b.Black.StartRank) == 4 {
				c.result(tr.ID, 1, b.Board, winFor(b, 5, true))
				continue
			}
			c.result(tr.ID, 1, b.Board, winFor(b, min(b.White.StartRank, b.Black.StartRank), false))
		}
		r2 := c.pair(tr.ID)
		diffValues(t, "round 2", matches(r2), []string{"1-5", "2-3"})
		// An upset: 3 beats 2.
		for _, b := range r2.Boards {
			winner := min(b.White.StartRank, b.Black.StartRank)
			if winner == 2 {
				winner = 3
			}
			c.result(tr.ID, 2, b.Board, winFor(b, winner, false))
		}
		final := c.pair(tr.ID)
		diffValues(t, "final", matches(final), []string{"1-3"})
		// Round 1's winner may no longer change: round 2 was paired from it.
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/1/boards/1", tr.ID), As: "org",
			Body: map[string]any{"result": flip(r1.Boards[0], 1)}}, http.StatusConflict)
		c.result(tr.ID, 3, 1, winFor(final.Boards[0], 3, false))
		st := c.standings(tr.ID, "")
		places := map[int]int{}
		for _, row := range st.Rows {
			places[row.Player.StartRank] = row.Place
		}
		diffValues(t, "places", places, map[int]int{3: 1, 1: 2, 2: 3, 5: 3, 4: 5, 6: 5, 7: 5, 8: 5})
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds", tr.ID), As: "org"}, http.StatusConflict)
		c.finish(tr.ID)
	})
}

// TestKnockoutByes checks that a field that is not a power of two gives the top seeds
// full-point byes into round 2.
func TestKnockoutByes(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 6)
	tr := c.create(map[string]any{"format": "knockout"})
	c.enterAll(tr.ID, 6)
	c.start(tr.ID)
	r1 := c.pair(tr.ID)
	diffValues(t, "round 1", matches(r1), []string{"4-5", "3-6"})
	var byes []string
	for _, b := range r1.Byes {
		byes = append(byes, fmt.Sprintf("%d %s %v", b.Player.StartRank, b.Kind, b.Points))
	}
	diffValues(t, "byes", byes, []string{"1 full 1", "2 full 1"})
	for _, b := range r1.Boards {
		c.result(tr.ID, 1, b.Board, winFor(b, min(b.White.StartRank, b.Black.StartRank), false))
	}
	diffValues(t, "round 2", matches(c.pair(tr.ID)), []string{"1-4", "2-3"})
}

// matches lists a round's games as "SEED-SEED", the higher seed first.
func matches(r tournament.Round) []string {
	var out []string
	for _, b := range r.Boards {
		out = append(out, fmt.Sprintf("%d-%d", min(b.White.StartRank, b.Black.StartRank), max(b.White.StartRank, b.Black.StartRank)))
	}
	return out
}

// winFor is the result of board b that the player with pairing number winner wins, by a
// decider when decided is set.
func winFor(b tournament.Board, winner int, decided bool) string {
	switch {
	case b.White.StartRank == winner && decided:
		return tournament.ResultWhiteDecider
	case b.White.StartRank == winner:
		return tournament.ResultWhiteWins
	case decided:
		return tournament.ResultBlackDecider
	}
	return tournament.ResultBlackWins
}

// flip is the result of board b won by the other player than the one with pairing number
// winner.
func flip(b tournament.Board, winner int) string {
	if b.White.StartRank == winner {
		return tournament.ResultBlackWins
	}
	return tournament.ResultWhiteWins
}
