package swiss

import (
	"fmt"
	"slices"

	"campus.example/apps/internal/chess/matching"
)

// findByeScore settles, before any bracket is paired, who can be left over when the number of
// players is odd: the lowest score of a bye-eligible player whom a pairing of everyone else
// can leave out (C.04.3 2.2.1 [C4], 2.1.2 [C2], 2.3.1 [C5]). Those players are the vertices a
// maximum matching of the compatibility graph can leave exposed (matching.Adjacency.Exposable), so one
// matching without weights answers it.
//
// When that score is the top score, the top bracket may be the one whose single downfloater
// gets the bye, and whether C.04.3 2.4.4 [C9] applies there at once depends on how the top
// scoregroup can pair: byeFromTop settles both by weights.
//
// The C9 rank of a player with the bye score is the number of such players who played at
// least as many games, less one: the fewer games played, the more a pairing that keeps them
// in play is worth.
func (e *engine) findByeScore() error {
	n := len(e.ps)
	exposable, deficiency := e.compat().Exposable(rangeOf(0, int32(n)))
	left := -1 // the lowest of the eligible players who can be left out (ps is sorted)
	for v := n - 1; v >= 0 && deficiency == 1; v-- {
		if exposable[v] && e.ps[v].byeEligible {
			left = v
			break
		}
	}
	if left < 0 {
		return fmt.Errorf("%w: the players cannot all be paired, leaving at most one who may have the bye", ErrNoPairing)
	}
	e.byeLeft = int32(left)
	switch {
	case len(e.groups) == 2:
		// One scoregroup: the bye goes to its score, and the top bracket, the only one, is
		// the one whose single downfloater gets it.
		e.byeScore, e.topC9 = e.ps[0].score, true
	case e.ps[left].score == e.ps[0].score:
		if err := e.byeFromTop(); err != nil {
			return err
		}
	default:
		e.byeScore, e.topC9 = e.ps[left].score, false
	}
	e.rankByeCandidates()
	return nil
}

// byeFromTop settles the bye score and whether C9 applies in the top bracket by one matching
// over all players that maximises, in this order:
//
//   - pairs, plus the players paired who may not get the bye: a complete pairing leaves a
//     single bye-eligible player (C.04.3 2.2.1 [C4], 2.1.2 [C2]);
//   - the scores of the players paired, so the one left has the lowest score possible
//     (C.04.3 2.3.1 [C5]);
//   - the pairs inside the top scoregroup.
//
// The score of the player left over is the bye score. When it is the top score and the rest of
// the top scoregroup pairs among itself, the top bracket's single downfloater is the bye
// assignee, and C.04.3 2.4.4 [C9] applies there at once.
func (e *engine) byeFromTop() error {
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
	e.byeLeft = left
	e.topC9 = left < topEnd
	for v := range topEnd {
		if m := g.Mate(int(v)); m >= int(topEnd) {
			e.topC9 = false
		}
	}
	return nil
}

// rankByeCandidates gives each player with the bye score their C9 rank.
func (e *engine) rankByeCandidates() {
	n := len(e.ps)
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
}

// byeTerm returns the C9 term of a pair h, l, where C9 applies: the ranks of those of them who
// have the bye score.
func (e *engine) byeTerm(h, l int32) uint32 {
	return e.byeRank[h] + e.byeRank[l]
}

// compat returns the graph of the pairs that may meet (C1, C3), built on first use.
func (e *engine) compat() *matching.Adjacency {
	if e.adj == nil {
		e.adj = matching.NewAdjacency(len(e.ps), func(u, v int) bool {
			return e.compatible(e.ps[u], e.ps[v])
		})
	}
	return e.adj
}
