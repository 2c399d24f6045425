package roundrobin

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess/oracletest"
)

// TestSingleOracle compares Single with every Berger table of the oracle (3 to 20 players),
// pair by pair and colour by colour.
func TestSingleOracle(t *testing.T) {
	paths := oracletest.Files(t, "berger", ".json")
	if len(paths) != 18 {
		t.Errorf("%d oracle tables, want 18 (3 to 20 players)", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Players int        `json:"players"`
				Rounds  [][][2]int `json:"rounds"`
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			got, err := Single(want.Players)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want.Rounds, asArrays(got)); diff != "" {
				t.Errorf("Single(%d) (-oracle +got):\n%s", want.Players, diff)
			}
		})
	}
}

// TestSingleTwo covers the smallest field, which the oracle does not.
func TestSingleTwo(t *testing.T) {
	got, err := Single(2)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][][2]int{{{1, 2}}}, asArrays(got)); diff != "" {
		t.Errorf("Single(2) (-want +got):\n%s", diff)
	}
}

// TestDouble checks the FIDE double round robin for 2 to 40 players against its definition
// (the first cycle is Single with its last two rounds swapped, the second is Single reversed)
// and against what it is for: every two players meet twice, once with each colour, and nobody
// has the same colour three times in a row across the cycles' boundary.
func TestDouble(t *testing.T) {
	for n := 2; n <= 40; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			single, err := Single(n)
			if err != nil {
				t.Fatal(err)
			}
			double, err := Double(n)
			if err != nil {
				t.Fatal(err)
			}
			k := len(single)
			if len(double) != 2*k {
				t.Fatalf("%d rounds, want %d", len(double), 2*k)
			}
			first := append([]Round(nil), single...)
			if k >= 2 {
				first[k-2], first[k-1] = single[k-1], single[k-2]
			}
			if diff := cmp.Diff(first, double[:k]); diff != "" {
				t.Errorf("first cycle (-want +got):\n%s", diff)
			}
			for r, round := range single {
				for i, p := range round {
					want := Pair{White: p.Black, Black: p.White}
					if p.Black == 0 {
						want = p
					}
					if got := double[k+r][i]; got != want {
						t.Errorf("round %d board %d = %v, want %v", k+r+1, i+1, got, want)
					}
				}
			}
			meetings := map[Pair]int{}
			colours := make([][]byte, n+1) // per player, one letter per round: w, b or - (free)
			for _, round := range double {
				for _, p := range round {
					if p.Black == 0 {
						colours[p.White] = append(colours[p.White], '-')
						continue
					}
					meetings[p]++
					colours[p.White] = append(colours[p.White], 'w')
					colours[p.Black] = append(colours[p.Black], 'b')
				}
			}
			for a := 1; a <= n; a++ {
				for b := 1; b <= n; b++ {
					if a != b && meetings[Pair{a, b}] != 1 {
						t.Errorf("%d has white against %d %d times, want once", a, b, meetings[Pair{a, b}])
					}
				}
				if len(colours[a]) != 2*k {
					t.Errorf("player %d is in %d rounds, want %d", a, len(colours[a]), 2*k)
				}
				if k >= 2 {
					s := colours[a][k-2 : k+2]
					if s[0] != '-' && s[0] == s[1] && s[1] == s[2] || s[1] != '-' && s[1] == s[2] && s[2] == s[3] {
						t.Errorf("player %d: colours %s around the boundary", a, s)
					}
				}
			}
		})
	}
}

func TestPlayersOutOfRange(t *testing.T) {
	for _, n := range []int{-1, 0, 1, MaxPlayers + 1} {
		if _, err := Single(n); err == nil {
			t.Errorf("Single(%d) succeeded", n)
		}
		if _, err := Double(n); err == nil {
			t.Errorf("Double(%d) succeeded", n)
		}
	}
	if _, err := Double(MaxPlayers); err != nil {
		t.Errorf("Double(MaxPlayers): %v", err)
	}
}

// asArrays writes rounds the way the oracle's JSON does: [[white, black], ...] per round.
func asArrays(rounds []Round) [][][2]int {
	out := make([][][2]int, len(rounds))
	for r, round := range rounds {
		out[r] = make([][2]int, len(round))
		for i, p := range round {
			out[r][i] = [2]int{p.White, p.Black}
		}
	}
	return out
}
