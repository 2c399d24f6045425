// Package roundrobin schedules all-play-all tournaments by the Berger tables of the FIDE
// Handbook, C.05 Annex 1 ("Berger Tables for Round-Robin Tournaments"): who meets whom in
// which round, with which colour, by draw number.
package roundrobin

import "fmt"

// MaxPlayers is the largest field Single and Double schedule: a double round robin of 1000
// players is about a million games, beyond any real event, and a bound on the memory used.
const MaxPlayers = 1000

// Pair is one game of a round: White plays Black, both by draw number (1..n). Black is 0 when
// White has the free round of an odd field instead of a game.
type Pair struct {
	White, Black int
}

// Round is the pairs of one round in board order.
type Round []Pair

// Single returns the single round robin for n players (C.05 Annex 1): n−1 rounds for an even
// n. For an odd n the table of n+1 players is used and whoever meets player n+1 has the free
// round, written as the pair {player, 0}, first in the round; there are n rounds then.
// n must be 2..MaxPlayers.
func Single(n int) ([]Round, error) {
	if err := checkPlayers(n); err != nil {
		return nil, err
	}
	even := n + n%2
	rounds := make([]Round, even-1)
	for r := range rounds {
		rounds[r] = bergerRound(even, r+1, n)
	}
	return rounds, nil
}

// Double returns the double round robin for n players in FIDE's form (C.05 Annex 1: "it is
// strongly recommended to exchange the order of the last two rounds of the first cycle"): the
// first cycle is the single round robin with its last two rounds swapped, so that nobody gets
// the same colour three times in a row across the two cycles; the second cycle is the single
// round robin again, in its own order, with every colour reversed. A free round stays
// {player, 0}. n must be 2..MaxPlayers.
func Double(n int) ([]Round, error) {
	single, err := Single(n)
	if err != nil {
		return nil, err
	}
	k := len(single)
	out := make([]Round, 0, 2*k)
	out = append(out, single...)
	if k >= 2 {
		out[k-2], out[k-1] = out[k-1], out[k-2]
	}
	for _, round := range single {
		rev := make(Round, len(round))
		for i, p := range round {
			if p.Black == 0 {
				rev[i] = p
			} else {
				rev[i] = Pair{White: p.Black, Black: p.White}
			}
		}
		out = append(out, rev)
	}
	return out, nil
}

// checkPlayers refuses a field Single cannot schedule.
func checkPlayers(n int) error {
	if n < 2 || n > MaxPlayers {
		return fmt.Errorf("roundrobin: %d players; a round robin needs 2 to %d", n, MaxPlayers)
	}
	return nil
}

// bergerRound returns round r (1..even−1) of the Berger table for an even number of players;
// n is the real field (even or even−1), and in an odd field the last player is the free round.
//
// The tables of C.05 Annex 1 follow one rule, which this computes directly. Player `even`
// stays put while players 1..even−1 rotate: in round r, two of them meet when their numbers
// add up to r+1 modulo even−1, and the one who would meet themself, p with 2p ≡ r+1, meets
// player `even` on board 1 instead (player `even` has white in even rounds, black in odd
// ones). The other boards follow outwards from p: p+k against p−k, modulo even−1. Of two
// players a and b below `even`, the lower number has white when a+b is odd and the higher
// when it is even, which gives every player alternating colours from round 2 on.
func bergerRound(even, r, n int) Round {
	m := even - 1
	wrap := func(x int) int { return ((x-1)%m+m)%m + 1 }
	// p with 2p ≡ r+1 (mod m): half of r+1, or of r+1+m when r+1 is odd (m is odd).
	h := r + 1
	if h%2 == 1 {
		h += m
	}
	p := wrap(h / 2)
	round := make(Round, 0, even/2)
	switch {
	case n < even: // odd field: meeting player `even` is the free round
		round = append(round, Pair{White: p, Black: 0})
	case r%2 == 0:
		round = append(round, Pair{White: even, Black: p})
	default:
		round = append(round, Pair{White: p, Black: even})
	}
	for k := 1; k < even/2; k++ {
		a, b := wrap(p+k), wrap(p-k)
		lo, hi := min(a, b), max(a, b)
		if (a+b)%2 == 1 {
			round = append(round, Pair{White: lo, Black: hi})
		} else {
			round = append(round, Pair{White: hi, Black: lo})
		}
	}
	return round
}
