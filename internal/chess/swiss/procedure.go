package swiss

// The maximum-weight matching settles every quality criterion of a bracket at once, but often
// many pairings tie on all of them. C.04.3 Article 4 then takes the first in its order of
// generation. pairBracket reaches that pairing one decision at a time, as the rules' order
// makes them: which MDPs are paired (4.4), whom they meet (4.2), which residents are exchanged
// between S1 and S2 (4.3), and whom each S1 player meets (4.2). Each decision is asked of the
// matching by a small weight in the tail (a bonus or penalty far below every criterion) and
// then fixed, so that all later decisions stay optimal for every criterion and every earlier
// decision.

// pairBracket pairs bracket b, appending the pairs made.
func (e *engine) pairBracket(b *bracket, pairs [][2]int32) [][2]int32 {
	e.chooseMDPs(b)
	pairs = e.pairMDPs(b, pairs)
	return e.pairRemainder(b, pairs)
}

// inBracket reports whether v's partner in the last matching is a resident of b.
func (e *engine) inBracket(b *bracket, v int32) bool {
	m := e.stable[v]
	return m >= b.lo && m < b.hi
}

// setTail sets the tail of edge {a, b}, writes its weight (zero for an absent edge) changing
// vertex touch's edges, and reports whether the edge exists.
func (e *engine) setTail(touch, a, b int32, tail int32) bool {
	r := e.recOf(a, b)
	r.tail = tail
	e.set(touch, a, b)
	return r.kind != absent
}

// chooseMDPs decides which MDPs get paired in the bracket (C.04.3 4.4: the sets of MDPs are
// tried highest first). The matching says how many MDPs of each score can be paired ([C6],
// [C7]); within a score, each MDP in turn, from the highest, is offered a bonus: if it can be
// paired without loss, it will be, and its edges to the residents get a bonus large enough to
// keep it paired. Paired MDPs are marked in e.paired only when their pair is made, in
// pairMDPs; here they are collected in chosen.
func (e *engine) chooseMDPs(b *bracket) {
	residents := b.hi - b.lo
	e.chosen = e.chosen[:0]
	for i := 0; i < len(b.mdps); {
		score := e.ps[b.mdps[i]].score
		j := i
		pairable := 0
		for j < len(b.mdps) && e.ps[b.mdps[j]].score == score {
			if e.inBracket(b, b.mdps[j]) {
				pairable++
			}
			j++
		}
		left := j - i
		for _, x := range b.mdps[i:j] {
			if pairable == 0 {
				continue
			}
			if left <= pairable {
				e.chosen = append(e.chosen, x)
				continue
			}
			left--
			if !e.inBracket(b, x) {
				for r := b.lo; r < b.hi; r++ {
					e.setTail(x, x, r, 1)
				}
				e.solve()
			}
			if e.inBracket(b, x) {
				e.chosen = append(e.chosen, x)
				pairable--
				for r := b.lo; r < b.hi; r++ {
					e.setTail(x, x, r, residents+1)
				}
			}
		}
		i = j
	}
}

// pairMDPs gives each chosen MDP, from the highest, the highest resident it can meet without
// loss (C.04.3 4.2: S1, the MDPs, against S2, the residents, in order), by ranking its edges.
func (e *engine) pairMDPs(b *bracket, pairs [][2]int32) [][2]int32 {
	size := int32(len(b.mdps)) + (b.next - b.lo)
	for _, x := range e.chosen {
		bonus := size
		for r := b.hi - 1; r >= b.lo; r-- {
			if e.paired[r] {
				continue
			}
			if e.setTail(x, x, r, bonus) {
				bonus++
			}
		}
		e.solve()
		pairs = e.decide(x, e.stable[x], pairs)
	}
	return pairs
}

// pairRemainder pairs the residents left (the remainder, or the whole bracket when it is
// homogeneous) as a homogeneous bracket: S1 is its first MaxPairs players, S2 the rest
// (C.04.3 3.2). Exchanges between S1 and S2 (4.3) are as few as possible and move players whose
// numbers differ least; then each S1 player meets the first S2 player it can (4.2).
func (e *engine) pairRemainder(b *bracket, pairs [][2]int32) [][2]int32 {
	var rem []int32
	npairs := 0
	for v := b.lo; v < b.hi; v++ {
		if m := e.stable[v]; m >= b.lo {
			rem = append(rem, v)
			if m < v {
				npairs++
			}
		}
	}
	// A pair {rem[i], rem[j]}, i < j, has the upper player rem[i]. The tail prefers uppers from
	// S1 (fewest exchanges), then uppers with the lowest positions (the least difference of
	// exchanged numbers); the last bit is left for the single-player trials below.
	shift := uint(2 * e.lay.countBits)
	xtail := func(i int) int32 {
		t := -int32(i)
		if i < npairs {
			t += 1 << shift
		}
		return 2 * t
	}
	setAll := func(i int, delta int32) {
		for j := i + 1; j < len(rem); j++ {
			e.setTail(rem[i], rem[i], rem[j], xtail(i)+delta)
		}
	}
	for i := range rem {
		setAll(i, 0)
	}
	e.solve()
	upper := func(v int32) bool {
		m := e.stable[v]
		return m > v && m < b.hi
	}
	exchanges := 0
	for _, v := range rem[:npairs] {
		if !upper(v) {
			exchanges++
		}
	}

	// Among exchanges equally few and equally close in numbers, 4.3's order of comparison
	// prefers moving the lowest S1 players out and the highest S2 players in. S1 players, from
	// the lowest: a trial penalises the player being an upper; one who can lose that role
	// without loss loses it for good.
	left := exchanges
	for i := npairs - 1; i >= 0 && left > 0; i-- {
		v := rem[i]
		if upper(v) {
			setAll(i, -1)
			e.solve()
		}
		out := !upper(v)
		if out {
			left--
			for j := i + 1; j < len(rem); j++ {
				e.recOf(v, rem[j]).kind = absent
			}
		}
		setAll(i, 0)
	}
	// S2 players, from the highest: a trial rewards the player being an upper; one who can be
	// an upper without loss will be. The last one follows from the others, the sum of numbers
	// being fixed already.
	left = exchanges
	for i := npairs; i < len(rem) && left > 1; i++ {
		v := rem[i]
		already := upper(v)
		if !already {
			setAll(i, +1)
			e.solve()
		}
		if upper(v) {
			left--
			for _, u := range rem[:i] {
				e.recOf(u, v).kind = absent
				e.set(v, u, v)
			}
			for u := b.hi; u < b.next; u++ {
				e.recOf(v, u).kind = absent
				e.set(v, v, u)
			}
		}
		if !already {
			setAll(i, 0)
		}
	}
	// Fix the new S1 and S2: only edges from an upper to a non-upper stay.
	for i, v := range rem {
		for _, u := range rem[i+1:] {
			r := e.recOf(v, u)
			if !upper(v) || upper(u) {
				r.kind = absent
			}
			r.tail = 0
			e.set(v, v, u)
		}
	}
	// Each S1 player, in order, meets the highest S2 player possible.
	for _, v := range rem {
		if !upper(v) {
			continue
		}
		bonus := int32(0)
		for j := len(rem) - 1; j >= 0; j-- {
			u := rem[j]
			if u <= v || e.paired[u] {
				continue
			}
			e.setTail(v, v, u, bonus)
			bonus++
		}
		e.solve()
		pairs = e.decide(v, e.stable[v], pairs)
	}
	return pairs
}
