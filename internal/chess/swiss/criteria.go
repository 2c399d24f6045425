package swiss

import (
	"slices"

	"campus.example/apps/internal/chess"
)

// compatible reports whether a and b may meet at all: the absolute criteria.
func (e *engine) compatible(a, b *entrant) bool {
	// C.04.3 2.1.1 [C1]: two players shall not meet more than once (only games played over the
	// board count: C.04.2, forfeits), nor may a forbidden pair meet.
	if len(b.barred) < len(a.barred) {
		a, b = b, a
	}
	if slices.Contains(a.barred, b.id) {
		return false
	}
	// C.04.3 2.1.3 [C3]: non-topscorers with the same absolute colour preference shall not meet.
	if a.absolute() && b.absolute() && a.pref == b.pref && !(a.topscorer || b.topscorer) {
		return false
	}
	return true
}

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// byeCandidate reports whether p may be the one player left unpaired: eligible for the
// pairing-allocated bye ([C2]) with no more than the lowest score the bye can go to ([C5]).
func (e *engine) byeCandidate(p *entrant) bool {
	return p.byeEligible && p.score <= e.byeScore
}

// edge kinds: what an edge's weight counts.
const (
	absent  uint8 = iota // no edge: the players may not meet, or the procedure ruled it out
	far                  // completion only: a pair outside the bracket and the next scoregroup
	next                 // a pair in the following scoregroup ([C8])
	current              // a pair made in the bracket being paired
)

// record is the state of one edge between the sorted players h < l: its kind, whether its C9
// term applies (fixed when the edge was last computed: byeTerm) and its tail (the generation
// order, Article 4). It takes 8 bytes, for there is one per pair of players.
type record struct {
	tail int32
	kind uint8
	bye  bool
}

// encode writes the weight of the edge between sorted players h < l into w (cleared first).
func (e *engine) encode(w []uint64, h, l int32, r record) {
	clear(w)
	if r.kind == absent {
		return
	}
	a, b := e.ps[h], e.ps[l]
	L := &e.lay
	// C.04.3 2.2.1 [C4] completion: as many pairs as possible; 2.1.2 [C2] and 2.3.1 [C5]: every
	// player who may not get the bye is paired, so the one left over is a bye candidate.
	pairs := uint64(1)
	if !e.byeCandidate(a) {
		pairs++
	}
	if !e.byeCandidate(b) {
		pairs++
	}
	L.put(w, fPairs, 0, pairs)
	// C.04.3 2.4.4 [C9]: the unplayed-games rank of the bye candidates paired.
	if r.bye {
		L.put(w, fBye, 0, uint64(e.byeTerm(h, l)))
	}
	switch r.kind {
	case next:
		// C.04.3 2.4.3 [C8]: downfloaters chosen so that the following bracket pairs best:
		// pairs there, by score.
		L.put(w, fNext, 0, 1)
		L.put(w, fNextSc, e.sub[a.score], 1)
	case current:
		e.encodeCurrent(w, a, b)
	}
	addSigned(w, int64(r.tail))
}

// encodeCurrent writes the criteria of a pair made in the bracket: a is the higher player, b a
// resident.
func (e *engine) encodeCurrent(w []uint64, a, b *entrant) {
	L := &e.lay
	// C.04.3 2.4.1 [C6]: minimise the number of downfloaters, i.e. maximise the pairs;
	// 2.4.2 [C7]: minimise their scores, i.e. pair the highest scores first.
	L.put(w, fBrac, 0, 1)
	L.put(w, fBracSc, e.sub[a.score], 1)

	samePref := a.pref == b.pref
	// C.04.3 2.4.5 [C10]: no topscorer (or opponent) pushed beyond a colour difference of 2.
	if !(a.imbalance > 1 && b.imbalance > 1 && samePref) {
		L.put(w, fC10, 0, 1)
	}
	// C.04.3 2.4.6 [C11]: no topscorer (or opponent) with the same colour three times in a row.
	// Only pairs of two absolute preferences for one colour can break it (C3 lets such pairs
	// meet only when a topscorer is involved); the colour rules then favour the wider colour
	// difference (5.2.2), so the other player gets the colour they want to avoid.
	if !(a.absolute() && b.absolute() && samePref) || !threeInARow(a, b) {
		L.put(w, fC11, 0, 1)
	}
	// C.04.3 2.4.7 [C12]: both players get their colour preference.
	if !samePref || a.pref == chess.NoColour {
		L.put(w, fC12, 0, 1)
	}
	// C.04.3 2.4.8 [C13]: no strong preference is overruled (two absolute preferences are C12's
	// business).
	weak := func(p *entrant) bool { return !p.strong && !p.absolute() }
	if weak(a) || weak(b) || (a.absolute() && b.absolute()) || !samePref {
		L.put(w, fC13, 0, 1)
	}
	if e.k >= 1 {
		e.encodeFloats(w, a, b, 1, fC14, fC15, fC18, fC19)
	}
	if e.k >= 2 {
		e.encodeFloats(w, a, b, 2, fC16, fC17, fC20, fC21)
	}
}

// threeInARow reports whether, when a and b have the same absolute preference, the one who
// loses the colour gets it a third time running.
func threeInARow(a, b *entrant) bool {
	if a.imbalance == b.imbalance {
		return a.repeated != chess.NoColour && a.repeated == b.repeated
	}
	loser := a
	if a.imbalance > b.imbalance {
		loser = b
	}
	return loser.repeated == a.pref.Opposite()
}

// encodeFloats writes the float criteria for the round `back` rounds ago: C14/C16 (resident
// downfloaters who downfloated then: reward those paired in the bracket), C15/C17 (MDP
// opponents who upfloated then), C18/C20 and C19/C21 (the same by score).
func (e *engine) encodeFloats(w []uint64, a, b *entrant, back int, count, up, downSc, upSc int) {
	L := &e.lay
	var n uint64
	if b.floats[back] == downFloat {
		n++
	}
	if a.score <= b.score && a.floats[back] == downFloat {
		n++
	}
	L.put(w, count, 0, n)
	upRepeat := a.score > b.score && b.floats[back] == upFloat
	if !upRepeat {
		L.put(w, up, 0, 1)
	}
	if b.floats[back] == downFloat {
		L.put(w, downSc, e.sub[b.score], 1)
	}
	if a.floats[back] == downFloat {
		L.put(w, downSc, e.sub[a.score], 1)
	}
	if !upRepeat {
		L.put(w, upSc, e.sub[a.score], 1)
	}
}
