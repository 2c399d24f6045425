package swiss

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// ids returns the IDs 1..n.
func ids(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// TestBaku checks group A and the virtual points against C.04.5.1's text and examples.
func TestBaku(t *testing.T) {
	tests := []struct {
		name   string
		ids    []int
		rounds int
		want   []Acceleration
	}{
		// The rule's note: 161 players, GA holds 82. Its example: nine rounds, five of them
		// accelerated, 1 point in the first three and ½ in the next two.
		{"161 players, 9 rounds", ids(161), 9, []Acceleration{{2, 1, 3, 1, 82}, {1, 4, 5, 1, 82}}},
		// The format's example (11 rounds): 1 point in rounds 1-3, ½ in 4-6.
		{"11 rounds", ids(178), 11, []Acceleration{{2, 1, 3, 1, 90}, {1, 4, 6, 1, 90}}},
		// The first half rounded up to an even number: 5 of 10 would be half, GA holds 6.
		{"10 players", ids(10), 5, []Acceleration{{2, 1, 2, 1, 6}, {1, 3, 3, 1, 6}}},
		{"12 players", ids(12), 7, []Acceleration{{2, 1, 2, 1, 6}, {1, 3, 4, 1, 6}}},
		{"13 players", ids(13), 6, []Acceleration{{2, 1, 2, 1, 8}, {1, 3, 3, 1, 8}}},
		{"15 players", ids(15), 8, []Acceleration{{2, 1, 2, 1, 8}, {1, 3, 4, 1, 8}}},
		// Short tournaments: one accelerated round has a full virtual point and no half.
		{"one round", ids(8), 1, []Acceleration{{2, 1, 1, 1, 4}}},
		{"two rounds", ids(8), 2, []Acceleration{{2, 1, 1, 1, 4}}},
		{"three rounds", ids(8), 3, []Acceleration{{2, 1, 1, 1, 4}, {1, 2, 2, 1, 4}}},
		{"one player", ids(1), 5, []Acceleration{{2, 1, 2, 1, 1}, {1, 3, 3, 1, 1}}},
		{"no players", nil, 5, nil},
		// The list is taken in pairing-number order, gaps and all; GA runs from 1 to its last
		// player, so that a later entry numbered within it joins it.
		{"gaps, any order", []int{9, 2, 4, 7, 3}, 5, []Acceleration{{2, 1, 2, 1, 7}, {1, 3, 3, 1, 7}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Baku(tt.ids, tt.rounds)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []struct {
		ids    []int
		rounds int
	}{{ids(4), 0}, {ids(4), MaxRounds + 1}, {[]int{1, 2, 2}, 5}, {[]int{0, 1}, 5}, {[]int{MaxID + 1}, 5}} {
		if _, err := Baku(bad.ids, bad.rounds); !errors.Is(err, ErrInvalid) {
			t.Errorf("Baku(%v, %d): %v, want ErrInvalid", bad.ids, bad.rounds, err)
		}
	}
}

// TestBakuRecords writes Baku's acceleration as 250 records and pairs the file: the records
// are the format's, and the pairing is bbpPairings v6.0.0's for the same file (10 players, 5
// rounds: players 1-6 start on a virtual point).
func TestBakuRecords(t *testing.T) {
	tour := &trf.Tournament{TotalRounds: 5, InitialColour: chess.White}
	for id := 1; id <= 10; id++ {
		tour.Players = append(tour.Players, trf.Player{StartRank: id, Name: "P", Rating: 2500 - 50*id})
	}
	acc, err := Baku(ids(10), 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := SetAccelerations(tour, acc); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tour.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := "250       1.0 001 002    1    6\n250       0.5 003 003    1    6\n"
	if !strings.HasSuffix(buf.String(), want) {
		t.Errorf("file ends:\n%s\nwant:\n%s", buf.String()[max(0, buf.Len()-200):], want)
	}
	back, err := trf.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	req, err := NextRound(back)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(acc, req.Accelerations); diff != "" {
		t.Errorf("accelerations read back (-want +got):\n%s", diff)
	}
	p, err := Pair(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := printPairing(p); got != "5\n1 4\n5 2\n3 6\n7 9\n10 8\n" {
		t.Errorf("pairing:\n%s", got)
	}
}
