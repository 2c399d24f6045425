package trf

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
)

// TestWriteBuilt writes a Tournament built in code: the format's order, LF line ends.
func TestWriteBuilt(t *testing.T) {
	tour := &Tournament{
		Name: "Built", Type: "Individual: Round-Robin", TotalRounds: 3, InitialColour: chess.White,
		DeputyArbiters: []string{"A", "B"}, NumPlayers: 2,
		Players: []Player{
			{StartRank: 1, Name: "One", Rating: 1500, Points: 2, Rank: 1, Rounds: []chess.Round{round(2, chess.White, chess.Win)}},
			{StartRank: 2, Name: "Two", Rounds: []chess.Round{round(1, chess.Black, chess.Loss)}, Rank: 2},
		},
		Other: []string{"### end"},
	}
	want := `012 Built
062 2
092 Individual: Round-Robin
112 A
112 B
XXR 3
XXC white1
001    1      One                               1500                             1.0    1     2 w 1
001    2      Two                                                                0.0    2     1 b 0
### end
`
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestWriteEdited changes a file read: new values go where the format puts them, removed ones
// disappear, and the rest keeps its place and its spelling.
func TestWriteEdited(t *testing.T) {
	in := "### top\n012 Open\n001    1\n\n092 Swiss\n"
	tour, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	tour.City = "Oslo"
	tour.Type = ""
	tour.Players = append(tour.Players, Player{StartRank: 2})
	tour.Other = append(tour.Other, "### bottom")
	want := "### top\n012 Open\n022 Oslo\n001    1\n" +
		"001    2                                                                         0.0\n\n### bottom\n"
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		tour Tournament
		msg  string
	}{
		{"long name", Tournament{Players: []Player{{StartRank: 1, Name: strings.Repeat("x", 34)}}}, "name"},
		{"start rank", Tournament{Players: []Player{{StartRank: 10000}}}, "start rank"},
		{"rating", Tournament{Players: []Player{{StartRank: 1, Rating: 10000}}}, "rating"},
		{"points", Tournament{Players: []Player{{StartRank: 1, Points: 200}}}, "points"},
		{"result", Tournament{Players: []Player{{StartRank: 1, Rounds: []chess.Round{round(0, chess.NoColour, 'X')}}}}, "round 1"},
		{"line break", Tournament{Name: "a\nb"}, "line break"},
		{"other line break", Tournament{Other: []string{"a\rb"}}, "line break"},
		{"XXR", Tournament{TotalRounds: MaxRounds + 1}, "XXR"},
		{"colour", Tournament{InitialColour: 7}, "initial colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := tt.tour.Write(&out)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Write = %v, want an error about %s", err, tt.msg)
			}
			if out.Len() != 0 {
				t.Errorf("wrote %q before failing", out.String())
			}
		})
	}
}
