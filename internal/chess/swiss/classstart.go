package swiss

import (
	"math/big"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/matching"
)

// A large bracket has few kinds of players: the weight of a pair depends on the two players'
// scores, colour preferences and floats, and on whether they may get the bye, and a bracket's
// players share most of these. Players of one kind are interchangeable, so the best
// pairing of the bracket, ignoring the few pairs that may not meet, is a problem over the
// kinds alone (matching.ClassDuals), whose duals, given to every player of each kind,
// usually prove a pairing of the players maximum at once: when the pairs they make tight
// pair everybody, Graph.Start checks the proof over every pair and keeps it. The stages that
// would otherwise build the bracket's matching from the round's matching for completion
// alone take seconds in a bracket of a thousand players.

// kind is what the weight of a pair depends on, for one player, in any bracket (the score
// sub-fields aside, which are the bracket's): players of one kind are interchangeable.
type kind struct {
	score              chess.Score
	pref, repeated     chess.Colour
	imbalance          int
	strong, absolute   bool
	topscorer, byeCand bool
	float1, float2     float
	byeRank            uint32 // C9
}

// kinds numbers the players' kinds: for the weights of their pairs (set) and the classes of a
// bracket (startBracket).
func (e *engine) kinds() []int32 {
	index := map[kind]int32{}
	out := make([]int32, len(e.ps))
	for v, p := range e.ps {
		k := kind{p.score, p.pref, p.repeated, p.imbalance, p.strong, p.absolute(), p.topscorer,
			e.byeCandidate(p), p.floats[1], p.floats[2], 0}
		if e.byeRank != nil {
			k.byeRank = e.byeRank[v]
		}
		c, ok := index[k]
		if !ok {
			c = int32(len(index))
			index[k] = c
		}
		out[v] = c
	}
	return out
}

// startBracket gives the graph, restricted to the bracket's players own (and the bye vertex,
// when it is among them: a class of its own), a maximum matching with its proof from the
// kinds' duals, and reports whether it could.
func (e *engine) startBracket(own []int32) bool {
	index := map[int32]int{} // a kind's class in the bracket
	var sizes []int
	var reps [][2]int32 // per class, two of its players (the second -1 when it has one)
	of := make([]int, e.g.Len())
	for _, v := range own {
		k := int32(-1) // the bye vertex's
		if v != e.byeV {
			k = e.kindOf[v]
		}
		c, ok := index[k]
		if !ok {
			c = len(sizes)
			index[k] = c
			sizes = append(sizes, 0)
			reps = append(reps, [2]int32{v, -1})
		} else if reps[c][1] < 0 {
			reps[c][1] = v
		}
		sizes[c]++
		of[v] = c
	}
	words := e.g.Words()
	w := make([]uint64, words)
	weight := func(c, d int) *big.Int {
		u, v := reps[c][0], reps[d][0]
		if c == d {
			v = reps[c][1]
		}
		if v < 0 || !e.mayMeet(u, v) {
			return nil
		}
		e.g.Weight(w, int(u), int(v))
		return wordsToInt(w)
	}
	twice, ok := matching.ClassDuals(sizes, weight)
	if !ok {
		return false
	}
	// The pairs of kinds the duals make tight, and a pairing of the players over them.
	tight := make([][]bool, len(sizes))
	for c := range sizes {
		tight[c] = make([]bool, len(sizes))
		for d := range sizes {
			if x := weight(c, d); x != nil {
				sum := new(big.Int).Add(twice[c], twice[d])
				tight[c][d] = sum.Cmp(new(big.Int).Lsh(x, 1)) == 0
			}
		}
	}
	adj := matching.NewAdjacencyAmong(e.g.Len(), own, func(u, v int32) bool {
		return tight[of[u]][of[v]] && e.mayMeet(u, v)
	})
	mate := adj.Maximum(own)
	for _, v := range own {
		if mate[v] < 0 {
			return false
		}
	}
	duals := make([][]uint64, len(sizes))
	for c := range sizes {
		duals[c] = intToWords(twice[c], words)
	}
	return e.g.Start(mate, func(v int, d []uint64) { copy(d, duals[of[v]]) })
}

func wordsToInt(w []uint64) *big.Int {
	x := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(w[i]))
	}
	return x
}

func intToWords(x *big.Int, words int) []uint64 {
	out := make([]uint64, words)
	y := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range out {
		out[i] = new(big.Int).And(y, mask).Uint64()
		y.Rsh(y, 64)
	}
	return out
}
