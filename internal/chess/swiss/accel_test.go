package swiss

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
)

// TestVirtualPoints: each player takes the points of the last record that covers them in the
// round, by ID whatever the order of the players, gaps in the IDs included.
func TestVirtualPoints(t *testing.T) {
	req := &Request{
		Players: []Player{{ID: 8}, {ID: 1}, {ID: 5}, {ID: 2}, {ID: 3}},
		Accelerations: []Acceleration{
			{Points: 2, FirstRound: 1, LastRound: 3, FirstID: 1, LastID: 5},
			{Points: 1, FirstRound: 2, LastRound: 2, FirstID: 3, LastID: 8},
			{Points: 4, FirstRound: 2, LastRound: 2, FirstID: 8, LastID: 8},
			{Points: 3, FirstRound: 3, LastRound: 3, FirstID: 4, LastID: 4}, // nobody has ID 4
		},
	}
	tests := []struct {
		round int
		want  []chess.Score // in the order of req.Players: 8, 1, 5, 2, 3
	}{
		{1, []chess.Score{0, 2, 2, 2, 2}},
		{2, []chess.Score{4, 2, 1, 2, 1}},
		{3, []chess.Score{0, 2, 2, 2, 2}},
		{4, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, virtualPoints(req, tt.round)); diff != "" {
			t.Errorf("round %d (-want +got):\n%s", tt.round, diff)
		}
	}
}

// TestAcceleratedEntrants: the pairing score holds the virtual points of the round to pair,
// the points do not, and the floats of earlier rounds compare the pairing scores of those
// rounds. Round 1 was paired with players 1 and 2 a point up: 1 beat 3 and 2 drew with 4, so
// 1 and 2 floated down and 3 and 4 up, though everyone had 0 points.
func TestAcceleratedEntrants(t *testing.T) {
	g := func(opp int, c chess.Colour, r chess.Result) []chess.Round {
		return []chess.Round{{Opponent: opp, Colour: c, Result: r}}
	}
	req := Request{
		Players: []Player{
			{ID: 1, Rounds: g(3, chess.White, chess.Win)},
			{ID: 2, Rounds: g(4, chess.Black, chess.Draw)},
			{ID: 3, Rounds: g(1, chess.Black, chess.Loss)},
			{ID: 4, Rounds: g(2, chess.White, chess.Draw)},
		},
		TotalRounds:   5,
		InitialColour: chess.White,
		Accelerations: []Acceleration{
			{Points: 2, FirstRound: 1, LastRound: 1, FirstID: 1, LastID: 2},
			{Points: 1, FirstRound: 2, LastRound: 2, FirstID: 1, LastID: 2},
		},
	}
	k, index, err := req.validate()
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Score, Points chess.Score
		Float         float
	}
	want := map[int]got{
		1: {Score: 3, Points: 2, Float: downFloat},
		2: {Score: 2, Points: 1, Float: downFloat},
		3: {Score: 0, Points: 0, Float: upFloat},
		4: {Score: 1, Points: 1, Float: upFloat},
	}
	for _, p := range newEntrants(&req, k, index) {
		if g := (got{p.score, p.points, p.floats[1]}); g != want[p.id] {
			t.Errorf("player %d: %+v, want %+v", p.id, g, want[p.id])
		}
	}
}

// printPairing writes a pairing as bbpPairings -p (and chessclub pair) print it.
func printPairing(p Pairing) string {
	var b strings.Builder
	lines := len(p.Boards)
	if p.Bye != 0 {
		lines++
	}
	fmt.Fprintln(&b, lines)
	for _, bd := range p.Boards {
		fmt.Fprintln(&b, bd.White, bd.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintln(&b, p.Bye, 0)
	}
	return b.String()
}
