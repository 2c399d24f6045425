package play_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestScenarioDoubleRoundRobin runs a 6-player double round robin through the API on each
// database: entries, start, every round paired and played, standings, finish. The pairings
// must be FIDE's Berger tables exactly (`chessclub berger -double 6`, by pairing number), and
// the standings must equal those `chessclub standings` computes from the API's own TRF file.
func TestScenarioDoubleRoundRobin(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		tr := c.create(map[string]any{"format": "round_robin", "double_round_robin": true, "rated": true})
		c.enterAll(tr.ID, 6)
		started := c.start(tr.ID)
		if started.State != tournament.StateRunning || started.Rounds == nil || *started.Rounds != 10 {
			t.Fatalf("started: state %s, rounds %v; want running, 10", started.State, started.Rounds)
		}
		var berger struct {
			Rounds [][][2]int `json:"rounds"`
		}
		if err := json.Unmarshal(runCLI(t, "berger", "-double", "6"), &berger); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(6, 10))
		results := []string{tournament.ResultWhiteWins, tournament.ResultBlackWins, tournament.ResultDraw}
		for r := 1; r <= 10; r++ {
			round := c.pair(tr.ID)
			var got [][2]int
			for _, b := range round.Boards {
				got = append(got, [2]int{b.White.StartRank, b.Black.StartRank})
			}
			diffValues(t, fmt.Sprintf("round %d", r), got, berger.Rounds[r-1])
			for _, b := range round.Boards {
				c.result(tr.ID, r, b.Board, results[rng.IntN(len(results))])
			}
			if r == 4 {
				checkStandingsMatchCLI(t, c, tr.ID, "")
			}
		}
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds", tr.ID), As: "org"}, http.StatusConflict)
		checkStandingsMatchCLI(t, c, tr.ID, "")
		checkStandingsMatchCLI(t, c, tr.ID, "PTS,SB,WIN,KS,DE")
		if fin := c.finish(tr.ID); fin.State != tournament.StateFinished {
			t.Fatalf("state %s after finish", fin.State)
		}
	})
}
