package trf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
)

func TestPrefix(t *testing.T) {
	tour, err := Read(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		k      int
		points []chess.Score // per player, in half points
		rounds []int
	}{
		{-1, []chess.Score{0, 0, 0, 0}, []int{0, 0, 0, 0}},
		{0, []chess.Score{0, 0, 0, 0}, []int{0, 0, 0, 0}},
		{1, []chess.Score{2, 1, 1, 0}, []int{1, 1, 1, 1}},
		{2, []chess.Score{4, 1, 2, 0}, []int{2, 2, 2, 2}},
		{3, []chess.Score{4, 3, 2, 0}, []int{3, 3, 3, 2}},
		{9, []chess.Score{4, 3, 2, 0}, []int{3, 3, 3, 2}},
	}
	for _, tt := range tests {
		p := tour.Prefix(tt.k)
		var points []chess.Score
		var rounds []int
		for _, pl := range p.Players {
			points = append(points, pl.Points)
			rounds = append(rounds, len(pl.Rounds))
			if pl.Rank != 0 {
				t.Errorf("Prefix(%d): player %d keeps the final rank %d", tt.k, pl.StartRank, pl.Rank)
			}
		}
		if diff := cmp.Diff(tt.points, points); diff != "" {
			t.Errorf("Prefix(%d) points (-want +got):\n%s", tt.k, diff)
		}
		if diff := cmp.Diff(tt.rounds, rounds); diff != "" {
			t.Errorf("Prefix(%d) rounds (-want +got):\n%s", tt.k, diff)
		}
		if p.TotalRounds != 4 || p.InitialColour != chess.Black {
			t.Errorf("Prefix(%d): TotalRounds %d, InitialColour %v; want 4 and black", tt.k, p.TotalRounds, p.InitialColour)
		}
	}
	// The original is untouched.
	if got := len(tour.Players[0].Rounds); got != 3 || tour.Players[0].Points != 4 {
		t.Errorf("Prefix changed its receiver: %d rounds, %s points", got, tour.Players[0].Points)
	}
}

func TestFirstColour(t *testing.T) {
	// line is player n's line with round 1 in columns 92-99.
	line := func(n int, round string) string { return fmt.Sprintf("001 %4d%83s%s", n, "", round) }
	tests := []struct {
		name string
		file string
		want chess.Colour
	}{
		{"XXC wins", "XXC black1\n" + line(1, "   2 w 1") + "\n" + line(2, "   1 b 0"), chess.Black},
		{"top player white", line(1, "   2 w 1") + "\n" + line(2, "   1 b 0"), chess.White},
		// Player 1 has a requested bye: not paired, so player 2 is the first paired, black.
		{"first absent", line(1, "0000 - H") + "\n" + line(2, "   3 b 1") + "\n" + line(3, "   2 w 0"), chess.Black},
		// Player 1 has the pairing-allocated bye: paired, so player 2, second, shows the
		// inverse of the initial colour.
		{"first has the bye", line(1, "0000 - U") + "\n" + line(2, "   3 b 1") + "\n" + line(3, "   2 w 0"), chess.White},
		{"no round 1", line(1, ""), chess.NoColour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if got := tour.FirstColour(); got != tt.want {
				t.Errorf("FirstColour() = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWithColours gives games written without colours the ones the engine wants: the opposite
// of the opponent's, or White for the lower start rank; t keeps its own.
func TestWithColours(t *testing.T) {
	in := playerLine(1, "1.0", "   2 - +     3 w -") + "\n" +
		playerLine(2, "0.0", "   1 - -  0000 - Z") + "\n" +
		playerLine(3, "1.0", "0000 - Z     1 - +") + "\n"
	tour, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	c := tour.WithColours()
	want := [][]chess.Round{
		{round(2, chess.White, chess.ForfeitWin), round(3, chess.White, chess.ForfeitLoss)},
		{round(1, chess.Black, chess.ForfeitLoss), round(0, chess.NoColour, chess.ZeroBye)},
		{round(0, chess.NoColour, chess.ZeroBye), round(1, chess.Black, chess.ForfeitWin)},
	}
	for i, p := range c.Players {
		if diff := cmp.Diff(want[i], p.Rounds); diff != "" {
			t.Errorf("player %d (-want +got):\n%s", p.StartRank, diff)
		}
	}
	if tour.Players[0].Rounds[0].Colour != chess.NoColour || c.Players[0].Points != 2 {
		t.Errorf("WithColours changed its receiver or the points: %+v, %s", tour.Players[0].Rounds[0], c.Players[0].Points)
	}
}
