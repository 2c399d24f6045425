package swiss

import "slices"

// A bracket is paired on its own, without the players below it in the matching, when every
// pairing the rules may choose pairs all its players among themselves. The matching over all
// the players still unpaired then falls apart into the bracket's pairs and the pairs of the
// rest, which weigh the same whatever the bracket does: no edge joins the two parts in it,
// so the bracket's best pairings are the best matchings of the bracket alone, with the same
// weights, and every answer the procedure reads from them is the same. Each stage and scan
// then costs in the bracket's players rather than in the whole field: round 2 of a large
// Swiss pairs its top scoregroup, a third of the field, this way.
//
// That is so when
//
//   - the bracket has an even number of players who can all be paired among themselves,
//     and the players below can all be paired among themselves, leaving, when the number of
//     players is odd, one who may have the bye (C.04.3 2.2.1 [C4], 2.1.2 [C2], 2.3.1 [C5]):
//     such a pairing completes the round, and every pairing the rules may choose makes the
//     most pairs in the bracket ([C6], after [C4]), that is all of them;
//   - the C9 term does not apply in the bracket (its single downfloater would get the bye);
//   - when the number of players is odd, the bye goes below the following scoregroup, so
//     that whether C9 applies in the next bracket (floaters) does not hang on the matching
//     of the players below, which is not brought up to date here.
//
// Which players can all be paired is a question without weights (matching.Adjacency).
func (e *engine) pairsAlone(b *bracket) bool {
	size := len(b.mdps) + int(b.hi-b.lo)
	if e.single || size == 0 || size%2 == 1 {
		return false
	}
	n := int32(len(e.ps))
	if e.odd && (b.hi >= n || e.byeScore >= e.ps[b.hi].score) {
		return false
	}
	own := append(slices.Clip(b.mdps), rangeOf(b.lo, b.hi)...)
	if _, d := e.compat().Exposable(own); d != 0 {
		return false
	}
	var rest []int32
	for v := b.hi; v < n; v++ {
		rest = append(rest, v)
	}
	for v := range b.lo {
		if !e.paired[v] && !slices.Contains(b.mdps, v) {
			rest = append(rest, v)
		}
	}
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
