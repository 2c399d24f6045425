package swiss

import (
	"fmt"
	"slices"

	"campus.example/apps/internal/chess/matching"
)

// findByeScore settles, before any bracket is paired, who can be left over when the number of
// players is odd. One matching over all players maximises, in this order:
//
//   - pairs, plus the players paired who may not get the bye: a complete pairing leaves a
//     single bye-eligible player (C.04.3 2.2.1 [C4], 2.1.2 [C2]);
//   - the scores of the players paired, so the one left has the lowest score possible
//     (C.04.3 2.3.1 [C5]);
//   - the pairs inside the top scoregroup.
//
// The score of the player left over is the bye score. When it is the top score and the rest of
// the top scoregroup pairs among itself, the top bracket's single downfloater is the bye
// assignee, and C.04.3 2.4.4 [C9] (fewest unplayed games for the bye) applies there at once.
// The C9 rank of a player with the bye score is the number of such players who played at
// least as many games, less one: the fewer games played, the more a pairing that keeps them
// in play is worth.
func (e *engine) findByeScore() error {
	n := len(e.ps)
	groupOf := make([]int, n) // scoregroup index counted from the lowest, 0
	for gi := range len(e.groups) - 1 {
		for i := e.groups[gi]; i < e.groups[gi+1]; i++ {
			groupOf[i] = len(e.groups) - 2 - gi
		}
	}
	topEnd := e.groups[1]
	cBits := bitsFor(n)
	sBits := bitsFor(n * len(e.groups))
	g := matching.New(n, cBits+sBits+bitsFor(3*n)+1)
	w := make([]uint64, g.Words())
	// The matching for the first field alone comes first: its weights are near-uniform, so
	// it is built in short stages, and the full weights then repair it. Built from nothing
	// with the full weights, every stage grows a large tree (round 2 of 1 000 players: 5 s
	// against a fraction of one).
	for _, full := range []bool{false, true} {
		for l := range int32(n) {
			for h := range l {
				if !e.compatible(e.ps[h], e.ps[l]) {
					continue
				}
				clear(w)
				top := uint64(1)
				if !e.ps[h].byeEligible {
					top++
				}
				if !e.ps[l].byeEligible {
					top++
				}
				addShifted(w, top, cBits+sBits)
				if full {
					addShifted(w, uint64(groupOf[h]+groupOf[l]), cBits)
					if l < topEnd {
						addShifted(w, 1, 0)
					}
				}
				g.SetWeight(int(l), int(h), w)
			}
		}
		g.Solve()
	}
	left := int32(-1)
	for v := range n {
		if g.Mate(v) >= 0 {
			continue
		}
		if left >= 0 || !e.ps[v].byeEligible {
			return fmt.Errorf("%w: the players cannot all be paired, leaving at most one who may have the bye", ErrNoPairing)
		}
		left = int32(v)
	}
	e.byeScore = e.ps[left].score
	e.topC9 = left < topEnd
	for v := range topEnd {
		if m := g.Mate(int(v)); m >= int(topEnd) {
			e.topC9 = false
		}
	}
	// C9 ranks among the players with the bye score.
	var played []int
	for _, p := range e.ps {
		if p.score == e.byeScore {
			played = append(played, p.played)
		}
	}
	slices.Sort(played)
	e.byeRank = make([]uint32, n)
	for i, p := range e.ps {
		if p.score == e.byeScore {
			first, _ := slices.BinarySearch(played, p.played)
			e.byeRank[i] = uint32(len(played) - first - 1)
		}
	}
	return nil
}

// byeTerm returns the C9 term of a pair h, l, where C9 applies: the ranks of those of them who
// have the bye score.
func (e *engine) byeTerm(h, l int32) uint32 {
	return e.byeRank[h] + e.byeRank[l]
}
