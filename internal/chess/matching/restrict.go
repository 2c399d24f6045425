package matching

import "slices"

// Restrict hides every vertex not kept, for as long as the caller works on the kept ones
// alone: no stage, repair or scan looks at a hidden vertex, so each costs in the kept vertices
// rather than in the whole graph. A hidden vertex keeps its weights, its dual and its pair
// with another hidden vertex; a pair between a kept and a hidden vertex is split, and the
// blossoms that hold kept vertices are taken apart (blossoms of hidden vertices alone stay).
// The matching Solve then makes maximum is maximum over the kept vertices.
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
