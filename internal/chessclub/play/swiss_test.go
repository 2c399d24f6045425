package play_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestScenarioSwiss runs a 9-player, 5-round Swiss through the API on each database, with a
// late entry, a withdrawal, a requested bye, a forfeit and a corrected result. Before each
// round is paired, the API's TRF file of the tournament so far goes to `chessclub pair`,
// whose pairing (the Dutch system, from the file alone) must be the round the API then
// pairs, board by board, colours and bye included; the standings must equal those of
// `chessclub standings` on the same file, during the event and at its end.
func TestScenarioSwiss(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 10)
		tr := c.create(map[string]any{"rounds": 5, "rated": true})
		c.enterAll(tr.ID, 9) // p10 comes late
		c.start(tr.ID)
		rng := rand.New(rand.NewPCG(9, 5))
		playRound := func(round int, rd tournament.Round) {
			for _, b := range rd.Boards {
				c.result(tr.ID, round, b.Board, randomResult(rng))
			}
		}
		for r := 1; r <= 5; r++ {
			switch r {
			case 2:
				// After round 1, p10 enters late, with a half-point bye for round 1.
				c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/players", tr.ID), As: "org",
					Body: map[string]any{"member_id": c.IDs["p10"], "missed_rounds": "half"}}, http.StatusCreated)
				// p05 asks for a half-point bye in round 3.
				c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/players/%d/byes/3", tr.ID, c.IDs["p05"]), As: "p05"}, http.StatusNoContent)
			case 3:
				// After round 2, p07 withdraws.
				c.MustDo(clubtest.Req{Method: "DELETE", Path: clubtest.Path("/api/tournaments/%d/players/%d", tr.ID, c.IDs["p07"]), As: "p07"}, http.StatusNoContent)
			}
			want := cliPair(t, c.report(tr.ID, fmt.Sprintf("before-round-%d.trf", r)))
			rd := c.pair(tr.ID)
			diffValues(t, fmt.Sprintf("round %d", r), apiPairing(rd), want)
			checkByes(t, r, rd)
			playRound(r, rd)
			if r == 2 {
				// A forfeit: the organiser records board 1 as won by white by forfeit.
				c.result(tr.ID, 2, 1, tournament.ResultWhiteForfeit)
			}
			if r == 4 {
				// A correction of round 2's board 2, while round 4 runs.
				c.result(tr.ID, 2, 2, tournament.ResultDraw)
			}
			checkStandingsMatchCLI(t, c, tr.ID, "")
		}
		checkStandingsMatchCLI(t, c, tr.ID, "PTS,BH/C1,BH,SB,DE,WIN,ARO")
		if fin := c.finish(tr.ID); fin.State != tournament.StateFinished {
			t.Fatalf("state %s after finish", fin.State)
		}
	})
}

// checkByes checks the byes of round r of the scenario: p05's requested half-point bye in
// round 3, p07's zero-point byes once withdrawn, and at most one pairing-allocated bye.
func checkByes(t *testing.T, r int, rd tournament.Round) {
	t.Helper()
	kinds := map[string]string{}
	pairingByes := 0
	for _, b := range rd.Byes {
		kinds[b.Player.FullName] = b.Kind
		if b.Kind == "pairing" {
			pairingByes++
		}
	}
	if pairingByes > 1 {
		t.Errorf("round %d: %d pairing-allocated byes", r, pairingByes)
	}
	if r == 3 && kinds["Player 05"] != "half" {
		t.Errorf("round 3: p05's bye is %q, want half (byes %v)", kinds["Player 05"], kinds)
	}
	if r >= 3 && kinds["Player 07"] != "zero" {
		t.Errorf("round %d: p07 (withdrawn) has bye %q, want zero", r, kinds["Player 07"])
	}
}

// randomResult draws a result as a game might end.
func randomResult(rng *rand.Rand) string {
	switch n := rng.IntN(10); {
	case n < 4:
		return tournament.ResultWhiteWins
	case n < 7:
		return tournament.ResultBlackWins
	default:
		return tournament.ResultDraw
	}
}

// apiPairing writes a round as `chessclub pair` does: "WHITE BLACK" per board in order, and
// "N 0" for the pairing-allocated bye.
func apiPairing(rd tournament.Round) []string {
	var out []string
	for _, b := range rd.Boards {
		out = append(out, fmt.Sprintf("%d %d", b.White.StartRank, b.Black.StartRank))
	}
	for _, b := range rd.Byes {
		if b.Kind == "pairing" {
			out = append(out, fmt.Sprintf("%d 0", b.Player.StartRank))
		}
	}
	return out
}

// cliPair runs `chessclub pair` on a TRF file and returns its pairing lines.
func cliPair(t *testing.T, file string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(runCLI(t, "pair", file))), "\n")
	if len(lines) == 0 || fmt.Sprint(len(lines)-1) != lines[0] {
		t.Fatalf("chessclub pair printed %q", lines)
	}
	return slices.Clone(lines[1:])
}
