package swiss

import "slices"

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
//
// Most offers are answered without a new matching (swapIn): when the MDP can take a resident
// from its partner, who takes the MDP's partner instead, at no loss, the bonus makes it
// paired. The exchanged partners stay in the overlay until the next matching.
func (e *engine) chooseMDPs(b *bracket) {
	residents := b.hi - b.lo
	e.chosen = e.chosen[:0]
	e.resetOverlay()
	in := func(v int32) bool {
		m := e.mateOf(v)
		return m >= b.lo && m < b.hi
	}
	for i := 0; i < len(b.mdps); {
		score := e.ps[b.mdps[i]].score
		j := i
		pairable := 0
		for j < len(b.mdps) && e.ps[b.mdps[j]].score == score {
			if in(b.mdps[j]) {
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
			if !in(x) && !e.swapIn(b, x) {
				e.flush()
				for r := b.lo; r < b.hi; r++ {
					e.setTail(x, x, r, 1)
				}
				e.solve()
			}
			if in(x) {
				e.chosen = append(e.chosen, x)
				pairable--
				for r := b.lo; r < b.hi; r++ {
					e.setTail(x, x, r, residents+1)
				}
			}
		}
		i = j
	}
	e.flush()
}

// swapIn answers chooseMDPs' offer to MDP x without a new matching when it can: it reports
// whether x, unpaired within bracket b in the matching (after the overlay's exchanges), which
// is maximum for the weights as they stand, can take a resident r from r's partner r2 in
// exchange for its own partner m at no loss (matching.Graph.Swappable), and records the
// exchange in the overlay. The matching so exchanged is maximum too and pairs x within the
// bracket; with the offer's bonus on every edge from x to a resident it weighs one more than
// any matching that does not, so every maximum matching with the bonus pairs x there, which
// is what a new matching would have said. The bonus must be new on those edges (their tails
// all zero), and x matched; otherwise the offer is solved.
func (e *engine) swapIn(b *bracket, x int32) bool {
	m := e.mateOf(x)
	if m < 0 {
		return false
	}
	for r := b.lo; r < b.hi; r++ {
		if rec := e.recOf(x, r); rec.kind != absent && rec.tail != 0 {
			return false
		}
	}
	for r := b.lo; r < b.hi; r++ {
		if e.paired[r] || e.recOf(x, r).kind == absent {
			continue
		}
		r2 := e.mateOf(r)
		if !e.g.Swappable(int(x), int(m), int(r2), int(r)) {
			continue
		}
		e.setMate(x, r)
		e.setMate(r, x)
		if r2 >= 0 && e.g.NumberOf(int(r2), int(m)) != 0 {
			e.setMate(m, r2)
			e.setMate(r2, m)
		} else {
			// An absent {r2, m} leaves both unmatched, as Swappable weighs it.
			e.setMate(m, -1)
			if r2 >= 0 {
				e.setMate(r2, -1)
			}
		}
		return true
	}
	return false
}

// pairMDPs gives each chosen MDP, from the highest, the highest resident it can meet without
// loss (C.04.3 4.2: S1, the MDPs, against S2, the residents, in order), by ranking its edges.
// As in pairRemainder, the matching's certificate answers most of these questions
// (provenFirst: the ranking gives every resident the MDP may meet a bonus one above the next
// one's, all of them above the MDP's other edges), and the pairs so decided leave the graph
// before the next weights change.
func (e *engine) pairMDPs(b *bracket, pairs [][2]int32) [][2]int32 {
	if len(e.chosen) == 0 {
		return pairs
	}
	size := int32(len(b.mdps)) + (b.next - b.lo)
	e.solve()
	e.resetOverlay()
	var cands []int32
	for _, x := range e.chosen {
		cands = cands[:0]
		for r := b.lo; r < b.hi; r++ {
			if !e.paired[r] && e.recOf(x, r).kind != absent {
				cands = append(cands, r)
			}
		}
		if m, ok := e.provenFirst(x, cands); ok {
			pairs = e.decideLater(x, m, pairs)
			continue
		}
		e.flush()
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
		pairs = e.decideLater(x, e.stable[x], pairs)
	}
	e.flush()
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
	// Each S1 player, in order, meets the highest S2 player possible. Most answers follow from
	// the last matching's certificate (provenFirst); their pairs stay in the graph, matched,
	// until a question needs a new matching.
	e.solve()
	e.resetOverlay()
	var cands []int32
	for _, v := range rem {
		if !upper(v) {
			continue
		}
		cands = cands[:0]
		for _, u := range rem {
			if u > v && !e.paired[u] {
				cands = append(cands, u)
			}
		}
		if m, ok := e.provenFirst(v, cands); ok {
			pairs = e.decideLater(v, m, pairs)
			continue
		}
		e.flush()
		for i, u := range cands {
			e.setTail(v, v, u, int32(len(cands)-1-i))
		}
		e.solve()
		pairs = e.decideLater(v, e.stable[v], pairs)
	}
	e.flush()
	return pairs
}

// The pairs that provenFirst settles are not taken out of the graph at once: taking a vertex
// out breaks up the blossoms that hold it, and the next matching then rebuilds them. While
// every decided pair is a pair of some maximum matching of the graph as it stands, the
// certificate of that matching still answers for the graph without them: a matching of the
// rest plus the decided pairs is a matching of the whole, so the rest's maximum is the whole's
// minus the decided pairs, and every bound of SlackAbove holds for it as well. The overlay
// holds the partners that exchanges (provenFirst) changed since the last matching; the
// decided pairs leave the graph (flush) before any weight changes.

// decideLater fixes the pair a, b, which a maximum matching of the graph, after the exchanges
// of the overlay, holds; it leaves the graph at the next flush.
func (e *engine) decideLater(a, b int32, pairs [][2]int32) [][2]int32 {
	e.paired[a], e.paired[b] = true, true
	e.stable[a], e.stable[b] = b, a
	e.pending = append(e.pending, a, b)
	return append(pairs, [2]int32{a, b})
}

// flush applies the overlay's partners to the snapshot of the matching and takes the decided
// pairs out of the graph.
func (e *engine) flush() {
	for _, u := range e.touched {
		if u != e.byeV && !e.paired[u] {
			if p := e.over[u]; p >= 0 && p != e.byeV {
				e.stable[u] = p
			} else {
				e.stable[u] = u
			}
		}
	}
	e.resetOverlay()
	for _, u := range e.pending {
		e.g.Remove(int(u))
	}
	e.pending = e.pending[:0]
}

// resetOverlay forgets the exchanged partners.
func (e *engine) resetOverlay() {
	if e.over == nil {
		e.over = make([]int32, e.g.Len())
		for i := range e.over {
			e.over[i] = noOverlay
		}
	}
	for _, u := range e.touched {
		e.over[u] = noOverlay
	}
	e.touched = e.touched[:0]
}

// noOverlay marks a vertex whose partner is the matching's own.
const noOverlay = -2

// mateOf returns u's partner in the matching after the overlay's exchanges (the bye vertex
// included), or -1.
func (e *engine) mateOf(u int32) int32 {
	if p := e.over[u]; p != noOverlay {
		return p
	}
	if p := e.stable[u]; p != u {
		return p
	}
	if int32(e.g.Mate(int(u))) == e.byeV {
		return e.byeV
	}
	return -1
}

// setMate records u's new partner p (-1: none) in the overlay.
func (e *engine) setMate(u, p int32) {
	if e.over[u] == noOverlay {
		e.touched = append(e.touched, u)
	}
	e.over[u] = p
}

// provenFirst answers, when the matching's certificate settles it without a new matching, the
// question a ranking of v's edges asks: which of cands (the first ranked highest, the last
// with no bonus, each above the next by one) does v meet in a maximum matching once the i-th
// edge gets a bonus of len(cands)-1-i? Let m be v's partner in a maximum matching, one of the
// candidates but not the last. When every candidate ranked above m has an edge whose slack
// exceeds its bonus over m's (or no edge), the answer is m: that matching keeps the maximum
// weight and gains m's bonus, and any matching with a higher-ranked edge loses more weight than
// its bonus gains (matching.Graph.SlackAbove). A candidate c above m whose slack is too small
// may still be reached by exchanging partners: when v–c and m–(c's partner) weigh no less than
// the pairs they replace (matching.Graph.Swappable), the exchanged matching is maximum too,
// and c becomes m. Otherwise ok is false and the ranking must be solved.
func (e *engine) provenFirst(v int32, cands []int32) (m int32, ok bool) {
	m = e.mateOf(v)
	im := slices.Index(cands, m)
	if im < 0 || im == len(cands)-1 {
		return -1, false
	}
	for swaps := 0; swaps < 8; swaps++ {
		moved := false
		for i, c := range cands[:im] {
			if e.recOf(v, c).kind == absent {
				continue
			}
			if e.g.SlackAbove(int(v), int(c), uint64(im-i)) {
				continue
			}
			x := e.mateOf(c)
			if x == v || !e.g.Swappable(int(v), int(m), int(x), int(c)) {
				return -1, false
			}
			e.setMate(v, c)
			e.setMate(c, v)
			e.setMate(m, x)
			if x >= 0 {
				e.setMate(x, m)
			}
			m, im, moved = c, i, true
			break
		}
		if !moved {
			return m, true
		}
	}
	return -1, false
}
