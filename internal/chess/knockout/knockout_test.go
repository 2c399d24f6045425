package knockout

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSlots(t *testing.T) {
	tests := []struct {
		size int
		want []int
	}{
		{1, []int{1}},
		{2, []int{1, 2}},
		{4, []int{1, 4, 2, 3}},
		{8, []int{1, 8, 4, 5, 2, 7, 3, 6}},
		{16, []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, Slots(tt.size)); d != "" {
			t.Errorf("Slots(%d) (-want +got):\n%s", tt.size, d)
		}
	}
}

func TestSizeAndRounds(t *testing.T) {
	tests := []struct{ n, size, rounds int }{
		{2, 2, 1}, {3, 4, 2}, {4, 4, 2}, {5, 8, 3}, {8, 8, 3}, {9, 16, 4}, {1000, 1024, 10}, {1024, 1024, 10},
	}
	for _, tt := range tests {
		if got := Size(tt.n); got != tt.size {
			t.Errorf("Size(%d) = %d, want %d", tt.n, got, tt.size)
		}
		if got := Rounds(tt.n); got != tt.rounds {
			t.Errorf("Rounds(%d) = %d, want %d", tt.n, got, tt.rounds)
		}
	}
}

func TestPairTable(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		winners [][]int
		want    []Match
	}{
		{"8 players, round 1: 1 v 8, 4 v 5, 2 v 7, 3 v 6", 8, nil, []Match{{1, 8}, {4, 5}, {2, 7}, {3, 6}}},
		{"8 players, round 2 after an upset", 8, [][]int{{1, 5, 7, 3}}, []Match{{1, 5}, {7, 3}}},
		{"8 players, the final", 8, [][]int{{1, 5, 7, 3}, {5, 3}}, []Match{{5, 3}}},
		{"5 players: byes to seeds 1, 2 and 3", 5, nil, []Match{{1, 0}, {4, 5}, {2, 0}, {3, 0}}},
		{"5 players, round 2", 5, [][]int{{1, 5, 2, 3}}, []Match{{1, 5}, {2, 3}}},
		{"3 players", 3, nil, []Match{{1, 0}, {2, 3}}},
		{"2 players", 2, nil, []Match{{1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Pair(tt.n, tt.winners)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestPairInvalid(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		winners [][]int
	}{
		{"one player", 1, nil},
		{"too many players", MaxPlayers + 1, nil},
		{"too few winners", 8, [][]int{{1, 5, 7}}},
		{"a winner who did not play in the match", 8, [][]int{{1, 5, 7, 2}}},
		{"no winner", 8, [][]int{{1, 5, 7, 0}}},
		{"after the final", 4, [][]int{{1, 2}, {1}}},
		{"a bye's empty place as winner", 5, [][]int{{0, 5, 2, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Pair(tt.n, tt.winners); !errors.Is(err, ErrInvalid) {
				t.Errorf("err = %v, want ErrInvalid", err)
			}
		})
	}
}

// TestPairProperties plays knockouts of 2 to 130 players with random winners and checks, each
// round, that every player still in plays exactly once, that the byes are round 1's only and
// go to the top seeds, that the field halves, and that with the favourites winning, seed s
// meets seed Size+1−s in round 1 and seeds 1 and 2 meet in the final.
func TestPairProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 2; n <= 130; n++ {
		for _, favourites := range []bool{true, false} {
			var winners [][]int
			in := make([]int, n)
			for i := range in {
				in[i] = i + 1
			}
			for r := 1; ; r++ {
				round, err := Pair(n, winners)
				if err != nil {
					t.Fatalf("n=%d round %d: %v", n, r, err)
				}
				var seen []int
				var won []int
				for _, m := range round {
					seen = append(seen, m.A)
					if m.B != 0 {
						seen = append(seen, m.B)
					} else if r != 1 {
						t.Fatalf("n=%d: a bye in round %d", n, r)
					}
					switch {
					case m.B == 0:
						won = append(won, m.A)
					case favourites:
						won = append(won, min(m.A, m.B))
					case rng.IntN(2) == 0:
						won = append(won, m.A)
					default:
						won = append(won, m.B)
					}
				}
				slices.Sort(seen)
				if !slices.Equal(seen, in) {
					t.Fatalf("n=%d round %d: players %v, want %v", n, r, seen, in)
				}
				if r == 1 {
					byes := Size(n) - n
					for _, m := range round {
						if m.B == 0 && m.A > byes {
							t.Fatalf("n=%d: seed %d has a bye, but only the top %d should", n, m.A, byes)
						}
						if m.B != 0 && m.A+m.B != Size(n)+1 {
							t.Fatalf("n=%d: %d v %d in round 1", n, m.A, m.B)
						}
					}
				}
				if len(round) == 1 {
					if r != Rounds(n) {
						t.Fatalf("n=%d: final in round %d, want %d", n, r, Rounds(n))
					}
					if favourites && round[0] != (Match{1, 2}) {
						t.Fatalf("n=%d: final %v with the favourites winning", n, round[0])
					}
					if _, err := Pair(n, append(winners, won)); !errors.Is(err, ErrInvalid) {
						t.Fatalf("n=%d: a round after the final: %v", n, err)
					}
					break
				}
				winners = append(winners, won)
				in = slices.Clone(won)
				slices.Sort(in)
			}
		}
	}
}

func TestPlaces(t *testing.T) {
	// 8 players: 1 won the final against 3; 2 and 5 lost in the semi-finals; the rest in round 1.
	results := []Result{{1, 0}, {2, 2}, {3, 3}, {4, 1}, {5, 2}, {6, 1}, {7, 1}, {8, 1}}
	if d := cmp.Diff([]int{1, 3, 2, 5, 3, 5, 5, 5}, Places(results)); d != "" {
		t.Errorf("finished (-want +got):\n%s", d)
	}
	// While the semi-finals are played, four players share 1st.
	running := []Result{{1, 0}, {2, 0}, {3, 0}, {4, 1}, {5, 0}, {6, 1}, {7, 1}, {8, 1}}
	if d := cmp.Diff([]int{1, 1, 1, 5, 1, 5, 5, 5}, Places(running)); d != "" {
		t.Errorf("running (-want +got):\n%s", d)
	}
}

func TestWhite(t *testing.T) {
	tests := []struct{ a, b, round, wa, wb, want int }{
		{1, 8, 1, 0, 0, 1}, // round 1: the higher seed
		{8, 1, 1, 0, 0, 1},
		{1, 4, 2, 0, 0, 4}, // equal whites in an even round: the lower seed
		{1, 4, 2, 1, 0, 4}, // fewer whites first
		{1, 4, 3, 1, 2, 1},
	}
	for _, tt := range tests {
		if got := White(tt.a, tt.b, tt.round, tt.wa, tt.wb); got != tt.want {
			t.Errorf("White(%d, %d, round %d, %d, %d) = %d, want %d", tt.a, tt.b, tt.round, tt.wa, tt.wb, got, tt.want)
		}
	}
}
