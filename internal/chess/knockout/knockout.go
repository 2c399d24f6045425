// Package knockout draws a single-elimination (knockout) tournament: the seeded bracket, who
// meets whom in each round, and the places the players reach.
//
// FIDE's knockout events (the World Cup regulations, FIDE Handbook D.I) seed the bracket by
// rating so that the first seed meets the last in round 1 and the two best seeds can meet only
// in the final; this package draws the bracket that way for any number of players. When the
// field is not a power of two, the top seeds get byes into round 2, as many as the bracket has
// empty places. A match may be one game or several, with tie-break stages (rapid, blitz,
// Armageddon) while it is level, as the World Cup regulations play it (match.go); Pair only
// needs each match's winner.
//
// The package is pure: players are seeds 1..n (1 the highest), and every function takes and
// returns plain values.
package knockout

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxPlayers is the largest field Pair draws.
const MaxPlayers = 1 << 16

// ErrInvalid is wrapped by every error that reports a bad argument.
var ErrInvalid = errors.New("knockout: invalid request")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Match is one pairing of a round, by seed. B is 0 when A has a bye: no opponent, and A goes
// through to the next round. In round 1, A is the higher seed.
type Match struct{ A, B int }

// Size returns the number of places in the bracket of n players: the smallest power of two
// that is at least n (n ≥ 2).
func Size(n int) int {
	if n <= 1 {
		return 2
	}
	return 1 << bits.Len(uint(n-1))
}

// Rounds returns the number of rounds a knockout of n players takes: log2 of Size(n).
func Rounds(n int) int { return bits.Len(uint(Size(n))) - 1 }

// Slots returns the seeds in bracket order for a bracket of size places (a power of two):
// neighbours 2i and 2i+1 meet in round 1, the winners of neighbouring matches in round 2, and
// so on. The order is the standard seeding: [1 2] for 2 places, [1 4 2 3] for 4,
// [1 8 4 5 2 7 3 6] for 8 — each seed s of the smaller bracket is followed by its partner
// size+1−s, so seed 1 meets the last seed first, seeds 1 and 2 can meet only in the final,
// and the top four only in the semi-finals.
func Slots(size int) []int {
	slots := []int{1}
	for len(slots) < size {
		next := make([]int, 0, 2*len(slots))
		n := 2 * len(slots)
		for _, s := range slots {
			next = append(next, s, n+1-s)
		}
		slots = next
	}
	return slots
}

// Pair returns the matches of the next round of a knockout of n players. winners holds, for
// each round already played, the winner (a seed) of each of its matches in the order Pair
// returned them; a bye's winner is its player. Round 1 pairs the bracket's neighbours: seed s
// meets seed Size(n)+1−s, and a seed whose partner is above n has a bye; the byes thus go to
// the top seeds. Every later round pairs the winners of matches 2i and 2i+1 of the round
// before, so the bracket keeps its order. Pair fails when the tournament is over (a single
// winner is left), or when winners does not fit the rounds played (a wrong count, or a winner
// who was not in that match).
func Pair(n int, winners [][]int) ([]Match, error) {
	if n < 2 || n > MaxPlayers {
		return nil, invalid("%d players; a knockout takes 2 to %d", n, MaxPlayers)
	}
	round := firstRound(n)
	for r, won := range winners {
		if len(round) == 1 {
			return nil, invalid("round %d: the final was round %d", r+1, r)
		}
		if len(won) != len(round) {
			return nil, invalid("round %d has %d matches, %d winners given", r+1, len(round), len(won))
		}
		for i, m := range round {
			if w := won[i]; w == 0 || (w != m.A && w != m.B) {
				return nil, invalid("round %d, match %d: %d did not play in it (%d v %d)", r+1, i+1, w, m.A, m.B)
			}
		}
		next := make([]Match, len(round)/2)
		for i := range next {
			next[i] = Match{A: won[2*i], B: won[2*i+1]}
		}
		round = next
	}
	return round, nil
}

// firstRound pairs the bracket's neighbours; a seed beyond n is an empty place, which gives
// its neighbour a bye. No match has two empty places: there are fewer than Size(n)/2 of them,
// and each is the partner of a different top seed.
func firstRound(n int) []Match {
	slots := Slots(Size(n))
	out := make([]Match, len(slots)/2)
	for i := range out {
		a, b := slots[2*i], slots[2*i+1]
		if a > b {
			a, b = b, a
		}
		if b > n {
			b = 0
		}
		out[i] = Match{A: a, B: b}
	}
	return out
}

// Result is how far one player got: the round they lost, or 0 while they are still in (or
// have won the tournament).
type Result struct {
	Seed int
	// LostIn is the round (from 1) the player was knocked out in; 0 when they were not.
	LostIn int
}

// Places returns each player's place, in the order given: one more than the number of players
// who got further (lost in a later round, or were not knocked out). So the winner is 1st, the
// losing finalist 2nd, the losing semi-finalists share 3rd, the losing quarter-finalists 5th,
// and so on; while the tournament runs, everyone still in shares 1st. Players who lost in the
// same round share a place, since a knockout does not separate them.
func Places(results []Result) []int {
	lost := map[int]int{} // round → players knocked out in it
	in := 0
	for _, r := range results {
		if r.LostIn == 0 {
			in++
		} else {
			lost[r.LostIn]++
		}
	}
	places := make([]int, len(results))
	for i, r := range results {
		if r.LostIn == 0 {
			places[i] = 1
			continue
		}
		better := in
		for round, n := range lost {
			if round > r.LostIn {
				better += n
			}
		}
		places[i] = better + 1
	}
	return places
}

// White returns which player of a match has White, a or b (seeds): the one who has had White
// fewer times so far (whitesA, whitesB), so that colours even out over the rounds; when both
// have had it equally often, the higher seed in odd rounds and the lower seed in even rounds.
// FIDE's knockout regulations draw the colours of each match by lot; a club draw needs no lot
// and gives the same colours to everyone who looks at the same bracket.
func White(a, b, round, whitesA, whitesB int) int {
	switch {
	case whitesA < whitesB:
		return a
	case whitesB < whitesA:
		return b
	}
	high, low := min(a, b), max(a, b)
	if round%2 == 1 {
		return high
	}
	return low
}
