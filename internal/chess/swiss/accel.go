package swiss

import (
	"slices"

	"campus.example/apps/internal/chess"
)

// Acceleration gives virtual points to a range of players for a range of rounds: an
// accelerated pairing (FIDE Handbook C.04.5) adds them to the score of some of the stronger
// players in the first rounds, so that they meet each other sooner. The sum of a player's
// points and virtual points is the score the pairing uses everywhere: to build the
// scoregroups and brackets, to rank players within them, to decide floats (then and in the
// rounds that follow), the bye, topscorers and colours; only the order in which the boards
// are published goes by the points alone, as the standings do. Virtual points never change
// the standings (C.04.5: they serve the pairing only).
//
// An Acceleration is what a TRF-2026 record 250 says, and SetAccelerations writes it as one.
type Acceleration struct {
	// Points is the number of virtual points, in half points (a point is 2), more than 0.
	Points chess.Score
	// FirstRound and LastRound are the rounds, from 1, whose pairing adds the points.
	FirstRound, LastRound int
	// FirstID and LastID bound the pairing numbers of the players who get them: every player
	// whose ID lies in FirstID..LastID.
	FirstID, LastID int
}

// MaxAccelerations is the most Acceleration records a Request may hold.
const MaxAccelerations = 100_000

// validateAccelerations checks r.Accelerations against the tournament: ranges within the
// rounds and the players.
func (r *Request) validateAccelerations() error {
	if len(r.Accelerations) > MaxAccelerations {
		return invalid("%d accelerations, more than %d", len(r.Accelerations), MaxAccelerations)
	}
	last := 0
	for _, p := range r.Players {
		last = max(last, p.ID)
	}
	for _, a := range r.Accelerations {
		switch {
		case a.Points <= 0:
			return invalid("acceleration %+v: the virtual points must be more than 0", a)
		case a.FirstRound < 1 || a.LastRound < a.FirstRound:
			return invalid("acceleration %+v: rounds %d..%d are not a range of rounds", a, a.FirstRound, a.LastRound)
		case a.LastRound > r.TotalRounds:
			return invalid("acceleration %+v: round %d is after the last round, %d", a, a.LastRound, r.TotalRounds)
		case a.FirstID < 1 || a.LastID < a.FirstID:
			return invalid("acceleration %+v: players %d..%d are not a range of IDs", a, a.FirstID, a.LastID)
		case a.LastID > last:
			return invalid("acceleration %+v: player %d is beyond the last player, %d", a, a.LastID, last)
		}
	}
	return nil
}

// virtual holds the virtual points (C.04.5) of the rounds the pairing looks at, by round from
// 0 and then by index in Request.Players: the round to pair and, for the floats, the two
// before it. A round in which nobody has virtual points is left out.
type virtual map[int][]chess.Score

// virtualScores returns the virtual points of rounds k-2..k (from 0), k being the round to pair.
func virtualScores(r *Request, k int) virtual {
	v := virtual{}
	if len(r.Accelerations) == 0 {
		return v
	}
	for rd := max(k-2, 0); rd <= k; rd++ {
		if pts := virtualPoints(r, rd+1); pts != nil {
			v[rd] = pts
		}
	}
	return v
}

// at returns player i's virtual points in round rd (from 0).
func (v virtual) at(rd, i int) chess.Score {
	if pts := v[rd]; pts != nil {
		return pts[i]
	}
	return 0
}

// virtualPoints returns the virtual points of every player (by index in r.Players) in round
// `round` (from 1): those of the last Acceleration that covers them, the way later records
// override earlier ones in a TRF file; 0 where none does. It returns nil when no player has
// any.
func virtualPoints(r *Request, round int) []chess.Score {
	// Later records win: going through them backwards, each player takes the first value that
	// reaches them. next[i] jumps over the players (in ID order) who already have theirs, so
	// every player is given a value once and the work is linear in the players and records.
	var out []chess.Score
	byID := make([]int, len(r.Players)) // indexes into r.Players, in ID order
	for i := range byID {
		byID[i] = i
	}
	slices.SortFunc(byID, func(a, b int) int { return r.Players[a].ID - r.Players[b].ID })
	next := make([]int, len(byID)+1)
	for i := range next {
		next[i] = i
	}
	find := func(i int) int {
		for next[i] != i {
			next[i] = next[next[i]]
			i = next[i]
		}
		return i
	}
	for j := len(r.Accelerations) - 1; j >= 0; j-- {
		a := r.Accelerations[j]
		if round < a.FirstRound || round > a.LastRound {
			continue
		}
		lo, _ := slices.BinarySearchFunc(byID, a.FirstID, func(i, id int) int { return r.Players[i].ID - id })
		hi, _ := slices.BinarySearchFunc(byID, a.LastID+1, func(i, id int) int { return r.Players[i].ID - id })
		for at := find(lo); at < hi; at = find(at) {
			if out == nil {
				out = make([]chess.Score, len(r.Players))
			}
			out[byID[at]] = a.Points
			next[at] = at + 1
		}
	}
	return out
}
