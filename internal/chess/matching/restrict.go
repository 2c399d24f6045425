package matching

import "slices"

// Restrict hides every vertex not kept, for as long as the caller works on the kept ones
// alone: no stage, repair or scan looks at a hidden vertex, so each costs in the kept vertices
// rather than in the whole graph. A hidden vertex keeps its weights, its dual and its pair
// with another hidden vertex; a pair between a kept and a hidden vertex is split, and the
// blossoms that hold kept vertices are taken apart (blossoms of hidden vertices alone stay).
// The matching Solve then makes maximum is maximum over the kept vertices. A hidden vertex
// whose weights changed since the last Solve is repaired once it is shown again, against every
// vertex, not only the kept ones.
//
// Unrestrict shows the hidden vertices again. A caller that restricts must not restrict again
// before it has unrestricted.
func (g *Graph) Restrict(keep func(v int) bool) {
	if g.hidden != nil {
		panic("matching: Restrict while restricted")
	}
	g.hidden = []int32{}
	kept := g.alive[:0:0]
	for _, v := range g.alive {
		if keep(int(v)) {
			kept = append(kept, v)
		} else {
			g.hidden = append(g.hidden, v)
			g.isHidden[v] = true
		}
	}
	for _, v := range kept {
		if g.top[v] != v {
			g.dissolve(v)
		}
	}
	for _, v := range kept {
		if m := g.mate[v]; m >= 0 && g.isHidden[m] {
			g.unmatch(v)
		}
	}
	g.alive = kept
}

// Unrestrict shows the vertices Restrict hid, as they were. Their duals stood still while
// they were hidden, but those of the kept vertices did not: each kept vertex still in the
// graph is repaired by the next Solve, as if its weights had changed, so that its edges to the
// hidden ones are covered again. (When the caller has decided and removed every kept vertex,
// as a bracket paired on its own does, nothing is left to repair.)
func (g *Graph) Unrestrict() {
	if g.hidden == nil {
		return
	}
	for _, v := range g.alive {
		g.touch(v)
	}
	for _, v := range g.hidden {
		g.isHidden[v] = false
	}
	g.alive = append(g.alive, g.hidden...)
	slices.Sort(g.alive)
	g.hidden = nil
}

// Start gives the graph a matching and duals that the caller knows to be optimal, so that
// Solve has nothing left to do: mate[v] is v's partner or -1, and twiceDual(v, d) writes into
// d twice v's dual (weights are compared doubled, so that duals may be halves). They prove the
// matching maximum when every present edge's doubled weight is at most the sum of its ends'
// doubled duals, matched edges with equality, and unmatched vertices have dual zero. Start
// checks that proof over every edge, in O(n²), and reports false, changing nothing, when it
// does not hold or when a blossom holds a vertex (a restricted graph's hidden vertices may
// keep theirs: Start is then about the others). Weights changed before Start need no repair
// afterwards: the proof covers them.
//
// A round's first matching, for completion alone, is such a case: its weights are near
// uniform, so a perfect matching and duals of half a weight each prove it at once, where
// stages would build it one augmenting path at a time.
func (g *Graph) Start(mate []int32, twiceDual func(v int, d []uint64)) bool {
	for b := int32(g.n); b < int32(2*g.n); b++ {
		if g.inUse[b] && g.parent[b] < 0 && !g.isHidden[g.base[b]] {
			return false
		}
	}
	dual := make([]uint64, len(g.dual))
	for _, v := range g.alive {
		twiceDual(int(v), dual[int(v)*g.words:int(v+1)*g.words])
	}
	at := func(v int32) []uint64 { return dual[int(v)*g.words : int(v+1)*g.words] }
	sum := g.tmp[0]
	for i, u := range g.alive {
		m := mate[u]
		if m < 0 && !isZero(at(u)) || m >= 0 && (mate[m] != u || !g.active[m] || g.isHidden[m] || !g.present(u, m)) {
			return false
		}
		for _, v := range g.alive[i+1:] {
			if !g.present(u, v) {
				continue
			}
			add(sum, at(u), at(v))
			c := cmp(sum, g.w(u, v))
			if c < 0 || c > 0 && m == v {
				return false
			}
		}
	}
	for _, v := range g.alive {
		copy(g.d(v), at(v))
		g.mate[v] = mate[v]
	}
	// The proof covers the visible vertices' changed weights; a hidden vertex stays to repair.
	kept := g.dirties[:0]
	for _, u := range g.dirties {
		if g.isHidden[u] {
			kept = append(kept, u)
		} else {
			g.dirty[u] = false
		}
	}
	g.dirties = kept
	return true
}
