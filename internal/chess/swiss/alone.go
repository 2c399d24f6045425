package swiss

import "slices"

// A bracket is paired on its own, without the players below it in the matching, when the
// pairings the rules may choose are the best pairings of the bracket alone. The matching over
// all the players still unpaired then falls apart into the bracket's pairs and a part below
// whose best weight is the same whatever the bracket does, so the bracket's best pairings are
// the best matchings of the bracket alone, with the same weights, and every answer the
// procedure reads from them is the same. Each stage and scan then costs in the bracket's
// players rather than in the whole field: round 2 of a large Swiss pairs its top scoregroup,
// a third of the field, this way, and later rounds most of their brackets.
//
// That is so when the C9 term does not apply in the bracket (its single downfloater would
// get the bye), when, in a round with an odd number of players, the bye goes below the
// following scoregroup (so that whether C9 applies in the next bracket, which floaters reads
// from the matching, does not hang on the players below, whose matching is not brought up to
// date here), and either
//
//   - the bracket has an even number of players who can all be paired among themselves, and
//     the players below can all be paired among themselves, leaving, when the number of
//     players is odd, one who may have the bye (C.04.3 2.2.1 [C4], 2.1.2 [C2], 2.3.1 [C5]):
//     such a pairing completes the round, and every pairing the rules may choose makes the
//     most pairs in the bracket ([C6], after [C4]), that is all of them; or
//   - the bracket has an odd number of players, all but one of whom can be paired among
//     themselves; every player it can leave over is a resident (has the residents' score)
//     and no bye candidate; the following scoregroup has an odd number of players, and
//     whichever player the bracket leaves over, that player and the following scoregroup
//     can all be paired among themselves; and the players below them can all be paired (as
//     above). Every pairing the rules may choose then leaves a single downfloater ([C6]),
//     and any of them lets the following bracket make all its pairs, the same number at the
//     same scores ([C8]), with the same completion term.
//
// Which players can all be paired is a question without weights (matching.Adjacency).
func (e *engine) pairsAlone(b *bracket) bool {
	n := int32(len(e.ps))
	size := len(b.mdps) + int(b.hi-b.lo)
	if e.single || size == 0 {
		return false
	}
	if e.odd && (b.hi >= n || e.byeScore >= e.ps[b.hi].score) {
		return false
	}
	own := append(slices.Clip(b.mdps), rangeOf(b.lo, b.hi)...)
	left, d := e.compat().Exposable(own)
	below := b.hi // the first player of the part that must pair by itself
	switch {
	case size%2 == 0:
		if d != 0 {
			return false
		}
	case d != 1 || (b.next-b.hi)%2 == 0:
		return false
	default:
		// Each player the bracket can leave over meets a player of the following scoregroup
		// whom it can leave over in turn ([C8]).
		nextGroup := rangeOf(b.hi, b.next)
		open, dn := e.compat().Exposable(nextGroup)
		if dn != 1 {
			return false
		}
		for _, v := range own {
			if !left[v] {
				continue
			}
			if e.byeCandidate(e.ps[v]) || e.ps[v].score != e.ps[own[len(own)-1]].score {
				return false
			}
			if !slices.ContainsFunc(nextGroup, func(u int32) bool { return open[u] && e.compat().Adjacent(v, u) }) {
				return false
			}
		}
		below = b.next
	}
	return e.pairsAmongThemselves(rangeOf(below, n))
}

// pairsAmongThemselves reports whether the players of rest can all be paired among
// themselves, leaving, in a round with an odd number of players, one who may have the bye.
func (e *engine) pairsAmongThemselves(rest []int32) bool {
	exposable, d := e.compat().Exposable(rest)
	if !e.odd {
		return d == 0
	}
	if d != 1 {
		return false
	}
	for _, v := range rest {
		if exposable[v] && e.byeCandidate(e.ps[v]) {
			return true
		}
	}
	return false
}

// inBracketOrMDP reports whether v is one of b's players: a resident or a moved-down player.
func (e *engine) inBracketOrMDP(b *bracket, v int32) bool {
	return v >= b.lo && v < b.hi || slices.Contains(b.mdps, v)
}
