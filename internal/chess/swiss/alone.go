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
// following scoregroup or that scoregroup is the last (so that whether C9 applies in the next
// bracket, which floaters reads from the matching, does not hang on the players below, whose
// matching is not brought up to date here), and either
//
//   - the bracket has an even number of players who can all be paired among themselves, and
//     the players below can all be paired among themselves, leaving, when the number of
//     players is odd, one who may have the bye (C.04.3 2.2.1 [C4], 2.1.2 [C2], 2.3.1 [C5]):
//     such a pairing completes the round, and every pairing the rules may choose makes the
//     most pairs in the bracket ([C6], after [C4]), that is all of them; or
//   - the bracket has an odd number of players, all but one of whom can be paired among
//     themselves; every player the rules may leave over is a resident (has the residents'
//     score) and no bye candidate (MDPs none of whom may meet another are all paired when
//     a resident can float instead, [C7]); and whichever player the bracket leaves over,
//     the following bracket can pair it and as many of its own players as it could pair
//     with any other, and the round completes: with an odd following scoregroup, the
//     downfloater and the scoregroup all pair among themselves and the players below them
//     pair by themselves; with an even one, the downfloater meets one of the scoregroup, one
//     other floats on, and the players below pair with it; with the last scoregroup, which
//     holds the bye, the downfloater meets one of it and all the others pair but one bye
//     candidate. Every pairing the rules may choose then leaves a single downfloater
//     ([C6]), and any of them lets the following bracket make the same pairs at the same
//     scores ([C8]), with the same completion term.
//
// Which players can all be paired is a question without weights (matching.Adjacency). A
// bracket left with one downfloater is paired with the bye vertex joined to every one of its
// players (byevertex.go), which stands for the downfloater.
func (e *engine) pairsAlone(b *bracket) bool {
	n := int32(len(e.ps))
	size := len(b.mdps) + int(b.hi-b.lo)
	if e.single || size == 0 {
		return false
	}
	// The bye goes to the following scoregroup: only when it is the last.
	byeNext := e.odd && (b.hi >= n || e.byeScore >= e.ps[b.hi].score)
	if byeNext && (b.hi >= n || b.next != n) {
		return false
	}
	own := b.players()
	left, d := e.compat().Exposable(own)
	switch {
	case size%2 == 0:
		if d != 0 {
			return false
		}
		return e.pairsBelow(b.hi)
	case d != 1 || b.next == b.hi:
		return false
	}
	// One downfloater: whoever it is, it must be a resident who is no bye candidate, and it
	// must let the following bracket and the players below pair as well as any other would.
	// When no two MDPs may meet, an MDP floats on only when no resident can float instead: a
	// pairing that pairs every MDP has as many pairs at each MDP score as there are MDPs of
	// that score, one that leaves an MDP over one fewer at its score ([C7]).
	if e.noTwoMeet(b.mdps) && slices.ContainsFunc(own[len(b.mdps):], func(v int32) bool { return left[v] }) {
		for _, v := range b.mdps {
			left[v] = false
		}
	}
	for _, v := range own {
		if left[v] && (e.byeCandidate(e.ps[v]) || e.ps[v].score != e.ps[own[len(own)-1]].score) {
			return false
		}
	}
	nextGroup := rangeOf(b.hi, b.next)
	if byeNext {
		return e.leavesAnyFloaterBye(own, left, nextGroup)
	}
	if len(nextGroup)%2 == 1 {
		return e.takesAnyFloater(own, left, nextGroup) && e.pairsBelow(b.next)
	}
	return e.passesAnyFloater(own, left, nextGroup, rangeOf(b.next, n))
}

// noneMeet reports whether no two of the bracket's players may meet, above the last
// scoregroup: then every pairing of the round leaves them all to the following bracket
// ([C1], [C3]), whatever the weights, and the bracket's matching decides nothing. (Round 9 of
// 9 999 players: the top two have met, and repairing the round's matching with their edges
// took 4.7 s.) Where the bye may go to the following scoregroup, whether C9 applies in the
// following bracket is read from a matching of this one (floaters), which is then needed.
func (e *engine) noneMeet(b *bracket) bool {
	if b.hi >= int32(len(e.ps)) || e.single || e.odd && e.byeScore >= e.ps[b.hi].score {
		return false
	}
	return e.noTwoMeet(b.players())
}

// noTwoMeet reports whether no two of players may meet.
func (e *engine) noTwoMeet(players []int32) bool {
	for i, u := range players {
		for _, v := range players[i+1:] {
			if e.compat().Adjacent(u, v) {
				return false
			}
		}
	}
	return true
}

// takesAnyFloater reports, for an odd following scoregroup, whether each player the bracket can
// leave over (left) meets a player whom the scoregroup can leave over in turn: the two then
// pair and the rest of the scoregroup pairs among itself ([C8]: all its players paired).
func (e *engine) takesAnyFloater(own []int32, left []bool, nextGroup []int32) bool {
	open, dn := e.compat().Exposable(nextGroup)
	if dn != 1 {
		return false
	}
	for _, v := range own {
		if left[v] && !slices.ContainsFunc(nextGroup, func(u int32) bool { return open[u] && e.compat().Adjacent(v, u) }) {
			return false
		}
	}
	return true
}

// passesAnyFloater reports, for an even following scoregroup, whether each player the
// bracket can leave over meets a player u of the scoregroup whose partner x in a perfect
// matching of it can float on into the players below, who then all pair (leaving one bye
// candidate in an odd round). The following bracket then makes as many pairs as it can, one
// of them the downfloater's ([C8]), whoever the downfloater is, and the round completes.
func (e *engine) passesAnyFloater(own []int32, left []bool, nextGroup, below []int32) bool {
	adj := e.compat()
	mateN := e.perfect(nextGroup)
	if mateN == nil {
		return false
	}
	// on[x]: x and the players below can all be paired (one bye candidate left in an odd
	// round): x meets a player y below whom they can leave out (an even round, an odd number
	// below), or whose partner in a perfect matching below is a bye candidate (an odd round).
	on := make(map[int32]bool, len(nextGroup))
	if !e.odd {
		open, d := adj.Exposable(below)
		if d != 1 {
			return false
		}
		for _, x := range nextGroup {
			on[x] = slices.ContainsFunc(below, func(y int32) bool { return open[y] && adj.Adjacent(x, y) })
		}
	} else {
		mateB := e.perfect(below)
		if len(below) == 0 || mateB == nil {
			return false
		}
		for _, x := range nextGroup {
			on[x] = e.meetsByeMate(x, below, mateB)
		}
	}
	for _, v := range own {
		if left[v] && !slices.ContainsFunc(nextGroup, func(u int32) bool { return adj.Adjacent(v, u) && on[mateN[u]] }) {
			return false
		}
	}
	return true
}

// leavesAnyFloaterBye reports, for a following scoregroup that is the last and holds the bye,
// whether each player the bracket can leave over meets a player u of the scoregroup whose
// partner in a perfect matching of it is a bye candidate: the downfloater then meets u, and the
// scoregroup pairs all its other players but that one, who gets the bye ([C8]: as many pairs
// as the following bracket can make, the downfloater's among them, whoever it is).
func (e *engine) leavesAnyFloaterBye(own []int32, left []bool, nextGroup []int32) bool {
	mateN := e.perfect(nextGroup)
	if mateN == nil {
		return false
	}
	for _, v := range own {
		if left[v] && !e.meetsByeMate(v, nextGroup, mateN) {
			return false
		}
	}
	return true
}

// perfect returns a perfect matching of the players of group (each one's partner, by vertex),
// or nil when they cannot all be paired among themselves.
func (e *engine) perfect(group []int32) []int32 {
	mate := e.compat().Maximum(group)
	if slices.ContainsFunc(group, func(u int32) bool { return mate[u] < 0 }) {
		return nil
	}
	return mate
}

// meetsByeMate reports whether x meets a player of group whose partner in mate, a perfect
// matching of group, is a bye candidate: x can then take that player's place, and the
// partner the bye.
func (e *engine) meetsByeMate(x int32, group, mate []int32) bool {
	return slices.ContainsFunc(group, func(y int32) bool {
		return e.compat().Adjacent(x, y) && e.byeCandidate(e.ps[mate[y]])
	})
}

// pairsBelow reports whether the players from the one numbered from to the last can all be
// paired among themselves (pairsAmongThemselves). Two brackets ask it of the same players,
// the one above about the players below its following scoregroup and the next about those
// below itself, and the answer, a matching without weights over all of them, does not change
// within the round (who may meet whom does not): in a round of a hundred small scoregroups
// it was most of the time.
func (e *engine) pairsBelow(from int32) bool {
	if ok, seen := e.below[from]; seen {
		return ok
	}
	if e.below == nil {
		e.below = map[int32]bool{}
	}
	ok := e.pairsAmongThemselves(rangeOf(from, int32(len(e.ps))))
	e.below[from] = ok
	return ok
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
