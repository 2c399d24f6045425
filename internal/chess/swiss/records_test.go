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

// TestNextRoundRecords pairs round 1 of sixPlayers under prohibited pairings, announced byes,
// accelerations and the records that say the same as XXR and XXC; the expected pairings are
// bbpPairings v6.0.0's for the same files.
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
		{"250 for the top three", "250       1.0 001 001    1    3\n", "1-2 3-4 5-6"},
		{"250 for the bottom three", "250       1.0 001 001    4    6\n", "1-6 3-2 5-4"},
		{"250 for later rounds", "250       1.0 002 003    4    6\n", "1-4 5-2 3-6"},
		{"250 overridden by a later one", "250       1.0 001 001    1    6\n250       0.5 001 001    4    6\n", "1-2 3-4 5-6"},
		{"XXA", "XXA    4  1.0\nXXA    6  1.0\n", "1-3 5-2 6-4"},
		{"XXA for later rounds", "XXA    4  0.0  1.0\n", "1-4 5-2 3-6"},
		{"192 Baku with 250 records", "192 FIDE_DUTCH_2025_BAKU\n250       1.0 001 001    4    6\n", "1-6 3-2 5-4"},
		{"192 Dutch", "192 FIDE_DUTCH_2025\n", "1-4 5-2 3-6"},
		{"162 with the standard points", "162  W 1.0    D 0.5\n", "1-4 5-2 3-6"},
		{"142 and 152 for XXR and XXC", "142 3\n152 B\n", "4-1 2-5 6-3"},
		{"142 and 152 agreeing with XXR and XXC", "142 3\n152 W\n", "1-4 5-2 3-6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := sixPlayers
			if strings.Contains(tt.records, "152 B") {
				file = strings.NewReplacer("XXR 3\n", "", "XXC white1\n", "").Replace(file)
			}
			tour, err := trf.Read(strings.NewReader(file + tt.records))
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

// TestNextRoundRefusedRecords: a record that would change the pairing and that the package
// does not implement is an error naming it, not a pairing made without it.
func TestNextRoundRefusedRecords(t *testing.T) {
	tests := []struct {
		name, records, err string
	}{
		{"Baku left to the engine", "192 FIDE_DUTCH_2025_BAKU\n", `record "192 FIDE_DUTCH_2025_BAKU": the Baku acceleration must be written out as 250 records`},
		{"Baku, older code", "192 FIDE_DUTCH_BAKU\n", `record "192 FIDE_DUTCH_BAKU"`},
		{"Baku after Dutch", "192 FIDE_DUTCH_2025\n192 FIDE_DUTCH_2025_BAKU\n", `record "192 FIDE_DUTCH_2025_BAKU"`},
		{"another system", "192 FIDE_BURSTEIN\n", `record "192 FIDE_BURSTEIN": the pairing system "FIDE_BURSTEIN" is not supported`},
		{"an unknown system", "192 SWISS_PLAIN\n", `"SWISS_PLAIN" is not supported`},
		{"a draw worth more than a win", "162  D 2.0\n", "a win (1.0) must give at least a draw's points (2.0)"},
		{"points in thirds", "BBW  0.3\n", `record "BBW  0.3"`},
		{"JaVaFo's points with wins apart", "XXS WW=1.0 BW=0.5\n", `record "XXS WW=1.0 BW=0.5"`},
		{"abnormal points", "299 W   1.0  0.5 003    1\n", `record "299`},
		{"a team", "310   1 Team                             TTT     2000    0.0    0.0   1     1    2\n", "team competitions are not supported"},
		{"250 in third points", "250       0.3 001 001    1    3\n", `record "250       0.3 001 001    1    3": points`},
		{"250 beyond the last round", "250       1.0 001 004    1    3\n", "round 4 is after the last round, 3"},
		{"250 beyond the last player", "250       1.0 001 001    1    7\n", "player 7 is beyond the last player, 6"},
		{"XXA in third points", "XXA    1  0.3\n", `record "XXA    1  0.3"`},
		{"XXA beyond the last round", "XXA    1  1.0  1.0  1.0  1.0\n", "4 rounds of virtual points, the tournament has 3"},
		{"XXA for no player", "XXA    9  1.0\n", "player 9 is not a player"},
		{"XXA twice", "XXA    1  1.0\nXXA    1  0.5\n", "a second XXA line for player 1"},
		{"XXA and 250", "250       1.0 001 001    1    3\nXXA    2  1.0\n", "given by a 250 record too"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := trf.Read(strings.NewReader(sixPlayers + tt.records))
			if err != nil {
				t.Fatal(err)
			}
			req, err := NextRound(tour)
			if err == nil {
				_, err = Pair(req)
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want ErrInvalid with %q", err, tt.err)
			}
		})
	}
}

// TestNextRoundPointsColumn: a file whose points column disagrees with its results under its
// point system is refused, naming the player; one that agrees is paired with those points.
func TestNextRoundPointsColumn(t *testing.T) {
	const played = `012 Points
001    1      A                                 2000                             %s          4 w 1
001    2      B                                 1900                             0.0          5 b 0
001    3      C                                 1800                             0.5          6 w =
001    4      D                                 1700                             0.0          1 b 0
001    5      E                                 1600                             %s          2 w 1
001    6      F                                 1500                             0.5          3 b =
XXR 3
XXC white1
`
	tests := []struct {
		name, one, five, records, err string
	}{
		{"standard", "1.0", "1.0", "", ""},
		{"three points a win", "3.0", "3.0", "162  W 3.0\n", ""},
		{"standard column, three points a win", "3.0", "1.0", "162  W 3.0\n", "player 5 (E): the points column says 1.0, the results of rounds 1-1 give 3.0"},
		{"a wrong column", "1.5", "1.0", "", "player 1 (A): the points column says 1.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := trf.Read(strings.NewReader(fmt.Sprintf(played, fmt.Sprintf("%3s", tt.one), fmt.Sprintf("%3s", tt.five)) + tt.records))
			if err != nil {
				t.Fatal(err)
			}
			_, err = NextRound(tour)
			if tt.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want ErrInvalid with %q", err, tt.err)
			}
		})
	}
}
