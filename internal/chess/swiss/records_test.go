package swiss

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/trf"
)

// sixPlayers is round 1 of a six-player Swiss: unpaired, 1-4, 5-2 and 3-6 (bbpPairings agrees).
const sixPlayers = `012 Forbidden pairs
001    1      A                                 2000                             0.0
001    2      B                                 1900                             0.0
001    3      C                                 1800                             0.0
001    4      D                                 1700                             0.0
001    5      E                                 1600                             0.0
001    6      F                                 1500                             0.0
XXR 3
XXC white1
`

// TestNextRoundRecords pairs round 1 of sixPlayers under prohibited pairings and announced
// byes; the expected pairings are bbpPairings v6.0.0's for the same files.
func TestNextRoundRecords(t *testing.T) {
	tests := []struct {
		name    string
		records string
		want    string
	}{
		{"none", "", "1-4 5-2 3-6"},
		{"XXP, every round", "XXP 1 4\n", "1-5 4-2 3-6"},
		{"260 for round 1", "260 001 001    1    4    5\n", "1-6 4-2 3-5"},
		{"260 for later rounds", "260 002 003    1    4\n", "1-4 5-2 3-6"},
		{"240 byes in round 1", "240 H 001    4    6\n", "1-3 5-2"},
		{"240 in another round", "240 Z 002    4\n", "1-4 5-2 3-6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := trf.Read(strings.NewReader(sixPlayers + tt.records))
			if err != nil {
				t.Fatal(err)
			}
			req, err := NextRound(tour)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Pair(req)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range p.Boards {
				got = append(got, fmt.Sprintf("%d-%d", b.White, b.Black))
			}
			if strings.Join(got, " ") != tt.want || p.Bye != 0 {
				t.Errorf("pairing %v bye %d, want %s", got, p.Bye, tt.want)
			}
		})
	}
}

func TestNextRoundBadRecords(t *testing.T) {
	for _, rec := range []string{
		"260 1 2    1    2\n",     // rounds not in their columns
		"260 001 002    x    2\n", // a player that is not a number
		"XXP 1 two\n",             // likewise
		"240 Q 001    1\n",        // no such bye
		"240 H 001    9\n",        // no such player
		"260 001 001    1   77\n", // likewise
	} {
		tour, err := trf.Read(strings.NewReader(sixPlayers + rec))
		if err != nil {
			t.Fatal(err)
		}
		req, err := NextRound(tour)
		if err == nil {
			_, err = Pair(req)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%q: %v, want ErrInvalid", rec, err)
		}
	}
}
