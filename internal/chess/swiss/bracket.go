package swiss

import (
	"fmt"
	"slices"

	"campus.example/apps/internal/chess/matching"
)

// bracket is the state of the bracket being paired: sorted indices of its moved-down players,
// its residents [lo, hi) and the following scoregroup [hi, next).
type bracket struct {
	mdps         []int32
	lo, hi, next int32
}

// run pairs the round bracket by bracket with score-indexed fields of `scores` sub-fields, and
// returns the pairs and the bye (-1 for none).
func (e *engine) run(scores int) ([][2]int32, int32, error) {
	n := int32(len(e.ps))
	maxGroup := 0
	for gi := range len(e.groups) - 1 {
		maxGroup = max(maxGroup, int(e.groups[gi+1]-e.groups[gi]))
	}
	e.lay = newLayout(int(n), maxGroup, scores)
	e.g = matching.New(int(n)+1, e.lay.total) // the players and the bye vertex
	words := e.g.Words()
	e.w = make([]uint64, words)
	e.rec = make([]record, int(n)*int(n-1)/2)
	e.numbers = map[weightKey]int32{}
	e.kindOf = e.kinds()
	e.stable = make([]int32, n)
	e.paired = make([]bool, n)
	e.sub = make([]int, 2*MaxRounds+1)
	single := e.topC9
	e.single = single

	// Every compatible pair starts as a pair for completion only ([C4]).
	for l := range n {
		for h := range l {
			if e.compatible(e.ps[h], e.ps[l]) {
				*e.recOf(h, l) = record{kind: far, bye: e.single}
				e.set(l, h, l)
			}
		}
	}
	e.addByeVertex()

	// The round's matching for completion alone, before any bracket: the first bracket then
	// repairs a maximum matching rather than building one from nothing. Built from nothing with
	// the first bracket's weights, every one of its players' stages grows a large tree through
	// the near-uniform completion edges; built first for those edges alone, each stage is a few
	// steps, and loading the bracket repairs it (about 1/40 of the work at 1 000 players).
	// When every player can be paired, the matching comes with its proof at once
	// (startComplete). A round of one scoregroup is a single bracket, paired on its own and
	// proved from its kinds' duals (startBracket): it is spared a matching for completion that
	// the C9 term keeps from being proved at once (round 1 of 9 999 players: 5.8 s).
	if proved := e.startComplete(); proved || len(e.groups) > 2 {
		e.solve()
	}

	// C.04.3 1.9.2: brackets are paired from the top scoregroup down; each one holds the
	// players left unpaired by the one before (the MDPs) and a scoregroup.
	var pairs [][2]int32
	b := bracket{lo: 0, hi: e.groupEnd(0)}
	first := true
	for int32(len(b.mdps))+(b.hi-b.lo) > 1 || b.hi < n {
		b.next = b.hi
		if b.hi < n {
			b.next = e.groupEnd(b.hi)
		}
		if err := e.setScores(&b, scores); err != nil {
			return nil, -1, err
		}
		e.single = single
		before := len(pairs)
		if e.noneMeet(&b) {
			// No two of the bracket's players may meet: they all float, and the matching
			// need not hear of the bracket.
		} else if last := b.hi == n; last || e.pairsAlone(&b) {
			// The bracket is paired on its own, the players below it hidden (pairsAlone), or
			// it is the last and no one else is left. With an odd number of players, the bye
			// vertex stands for the one it leaves over (byevertex.go).
			players := b.players()
			withBye := len(players)%2 == 1
			if withBye && !last {
				e.joinBye(players)
			}
			e.g.Restrict(func(v int) bool {
				return withBye && int32(v) == e.byeV || e.inBracketOrMDP(&b, int32(v))
			})
			own := b
			own.next = b.hi
			e.loadBracket(&own)
			vertices := players
			if withBye {
				vertices = append(slices.Clip(players), e.byeV)
			}
			e.startBracket(vertices)
			e.solve()
			if first && last {
				if err := e.checkComplete(); err != nil {
					return nil, -1, err
				}
			}
			pairs = e.pairBracket(&b, pairs)
			if withBye && !last {
				e.unjoinBye(players)
			}
			e.g.Unrestrict()
			first = false
		} else {
			e.loadBracket(&b)
			e.solve()
			if first {
				if err := e.checkComplete(); err != nil {
					return nil, -1, err
				}
				first = false
			}
			pairs = e.pairBracket(&b, pairs)
		}
		floaters, nextSingle := e.floaters(&b)
		if len(pairs) == before && b.next == b.hi && len(floaters) > 1 {
			return nil, -1, fmt.Errorf("%w: the last bracket cannot be paired", ErrNoPairing)
		}
		single = nextSingle
		b = bracket{mdps: floaters, lo: b.hi, hi: b.next}
	}
	bye := int32(-1)
	if len(b.mdps) == 1 {
		bye = b.mdps[0]
	} else if b.hi-b.lo == 1 {
		bye = b.lo
	}
	return pairs, bye, nil
}

// startComplete gives the graph, when the players can all be paired (all but one bye
// candidate in an odd round, who is paired with the bye vertex), a perfect matching of the
// pairs that may meet and, for each vertex, half the weight of a pair plus one for a player who
// may not get the bye: with completion weights of one per pair (the bye vertex's edges
// included) plus one per such player, every edge is tight and any perfect matching is maximum,
// as these duals prove (matching.Graph.Start), and reports whether it could. Otherwise Solve
// builds the matching.
func (e *engine) startComplete() bool {
	if e.single {
		return false
	}
	n := int32(len(e.ps))
	players := rangeOf(0, n)
	if e.odd {
		players = slices.Delete(players, int(e.byeLeft), int(e.byeLeft)+1)
	}
	mate := append(e.compat().Maximum(players), -1)
	if e.odd {
		mate[e.byeV] = e.byeLeft
		mate[e.byeLeft] = e.byeV
	}
	if slices.Contains(mate[:n], -1) {
		return false
	}
	at := e.lay.pos[fPairs]
	return e.g.Start(mate, func(v int, d []uint64) {
		clear(d)
		twice := uint64(1)
		switch {
		case int32(v) == e.byeV && !e.odd: // no edges, unmatched
			return
		case int32(v) != e.byeV && !e.byeCandidate(e.ps[v]):
			twice += 2
		}
		addShifted(d, twice, at)
	})
}

// setScores gives each distinct score of the bracket and the following scoregroup its
// sub-field, the highest score the most significant.
func (e *engine) setScores(b *bracket, scores int) error {
	var distinct []int
	add := func(v int32) {
		s := int(e.ps[v].score)
		if len(distinct) == 0 || distinct[len(distinct)-1] != s {
			distinct = append(distinct, s)
		}
	}
	for _, v := range b.mdps {
		add(v)
	}
	for v := b.lo; v < b.next; v++ {
		add(v)
	}
	if len(distinct) > scores {
		return errTooManyScores(len(distinct))
	}
	for i, s := range distinct {
		e.sub[s] = len(distinct) - 1 - i
	}
	clear(e.numbers) // the score sub-fields changed, and with them the weights
	e.lastNumber = lastNumber{}
	return nil
}

// loadBracket computes the weights of every edge that reaches the bracket's residents or the
// following scoregroup, and re-encodes the edges between MDPs (whose records stand) for the
// bracket's score sub-fields.
//
// It does so in two steps, with the matching repaired in between: first the edges among the
// bracket's own players, then those that reach the following scoregroup. The matching that
// the caller's solve ends with is maximum for the same weights either way (the pairing reads
// only what every maximum matching agrees on), but the two smaller repairs cost less than the
// one: at 4 000 players, round 2 takes a fifth less time.
func (e *engine) loadBracket(b *bracket) {
	members := append(append([]int32(nil), b.mdps...), rangeOf(b.lo, b.next)...)
	for i, l := range members {
		if l == b.hi {
			e.g.Solve()
		}
		kind := current
		if l >= b.hi {
			kind = next
		}
		for _, h := range members[:i] {
			r := e.recOf(h, l)
			if l < b.lo { // both MDPs: the record stands
				e.set(l, h, l)
				continue
			}
			if !e.compatible(e.ps[h], e.ps[l]) {
				continue
			}
			*r = record{kind: kind, bye: e.single}
			e.set(l, h, l)
		}
	}
}

// players returns the bracket's players: its moved-down players, then its residents.
func (b *bracket) players() []int32 {
	return append(slices.Clip(b.mdps), rangeOf(b.lo, b.hi)...)
}

func rangeOf(lo, hi int32) []int32 {
	out := make([]int32, 0, hi-lo)
	for v := lo; v < hi; v++ {
		out = append(out, v)
	}
	return out
}

// set writes edge {h, l}'s weight from its record into the graph, changing the edges of vertex
// touch; nothing is done when the weight is unchanged.
//
// A weight depends on the record and on the two players' kinds (kindOf), and, through the
// score sub-fields, on the bracket: within a bracket, the graph's number of each weight is
// looked up once per kinds and record (numbers), not encoded for every pair.
func (e *engine) set(touch, h, l int32) {
	if h > l {
		h, l = l, h
	}
	r := *e.recOf(h, l)
	key := keyOf(e.kindOf[h], e.kindOf[l], r)
	id := e.lastNumber.id
	if !e.lastNumber.ok || e.lastNumber.key != key {
		var ok bool
		if id, ok = e.numbers[key]; !ok {
			e.encode(e.w, h, l, r)
			id = e.g.Number(e.w)
			e.numbers[key] = id
		}
		e.lastNumber = lastNumber{key, id, true}
	}
	if e.g.NumberOf(int(h), int(l)) == id {
		return
	}
	other := h
	if touch == h {
		other = l
	}
	e.g.SetNumber(int(touch), int(other), id)
}

// lastNumber is the last weight set looks up: the pairs of a row that Article 4's questions
// rewrite (pairRemainder) mostly share one, and the map's lookups were a sixth of round 1 of
// 4 000 players.
type lastNumber struct {
	key weightKey
	id  int32
	ok  bool
}

// weightKey is what the weight of a pair h < l depends on in a bracket: the two players'
// kinds (below 2^14, as there are at most MaxPlayers kinds) and the pair's record, packed in
// one word, which a map hashes several times faster than a struct (round 1 of 4 000 players
// spends most of its time looking weights up).
type weightKey uint64

// kindBits is the width of a kind in a weightKey.
const kindBits = 14

// A kind must fit its bits: there are at most as many kinds as players.
var _ [1<<kindBits - 1 - MaxPlayers]struct{}

func keyOf(h, l int32, r record) weightKey {
	k := uint64(h)<<(64-kindBits) | uint64(l)<<(64-2*kindBits) | uint64(r.kind)<<33 | uint64(uint32(r.tail))
	if r.bye {
		k |= 1 << 32
	}
	return weightKey(k)
}

// recOf returns the record of edge {a, b}. The records of the pairs h < l are stored
// row after row of a triangle, l(l-1)/2 + h: half the square, at 8 bytes a pair.
func (e *engine) recOf(a, b int32) *record {
	if a > b {
		a, b = b, a
	}
	return &e.rec[int(b)*int(b-1)/2+int(a)]
}

// solve brings the matching up to date and takes a snapshot of it.
func (e *engine) solve() {
	e.g.Solve()
	for v := range e.stable {
		if e.paired[v] {
			continue
		}
		if m := e.g.Mate(v); m >= 0 && int32(m) != e.byeV {
			e.stable[v] = int32(m)
		} else {
			e.stable[v] = int32(v)
		}
	}
}

// checkComplete verifies C.04.3 2.2.1 [C4] for the whole round: everyone is paired but at most
// one player, who may get the bye.
func (e *engine) checkComplete() error {
	left := 0
	for v, m := range e.stable {
		if m == int32(v) {
			left++
			if left > 1 || !e.ps[v].byeEligible {
				return fmt.Errorf("%w: the players cannot all be paired, leaving at most one who may have the bye", ErrNoPairing)
			}
		}
	}
	return nil
}

// floaters returns the bracket's players left unpaired (the next bracket's MDPs), and whether
// the C9 term applies to the next bracket: the number of players is odd, the bye score is at
// least the next scoregroup's, and in the current matching nobody of the next bracket is paired
// below it, so the next bracket's single downfloater is the bye assignee.
func (e *engine) floaters(b *bracket) ([]int32, bool) {
	var out []int32
	single := e.odd && b.next > b.hi && e.byeScore >= e.ps[b.hi].score
	check := func(v int32) {
		if single && e.ps[e.stable[v]].score < e.ps[b.hi].score {
			single = false
		}
	}
	for _, v := range b.mdps {
		if !e.paired[v] {
			out = append(out, v)
			check(v)
		}
	}
	for v := b.lo; v < b.hi; v++ {
		if !e.paired[v] {
			out = append(out, v)
			check(v)
		}
	}
	for v := b.hi; v < b.next; v++ {
		check(v)
	}
	return out, single
}
