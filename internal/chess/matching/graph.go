// Package matching finds a maximum-weight matching of a general graph and keeps it maximum as
// edge weights change and vertices leave, without starting over.
//
// The weights are unsigned integers of any fixed width (a few 64-bit words), so that one weight
// can hold a whole list of criteria, the first one most significant: the Dutch Swiss pairing
// rules are written that way. The graph is complete and dense; a zero weight means that the
// edge is absent, and an absent edge is never matched. The matching maximises the total weight;
// it need not have the most edges (put a large enough "pair" term in the weights for that).
// Each distinct weight is stored once, and each ordered pair of vertices holds its 4-byte
// number (table.go): memory is 4·n² bytes and the distinct weights, whatever their width.
//
// The algorithm is Edmonds' primal-dual blossom method in the O(n³) form of Gabow and of Galil,
// Micali and Gabow (1986): vertex duals U, blossom duals Z, and stages that grow an alternating
// tree of tight edges from a free vertex whose dual is positive. A stage ends by augmenting the
// matching, by freeing a vertex whose dual reached zero (flipping the path to it), or by
// bringing the root's dual to zero; when no free vertex has a positive dual, the duals prove the
// matching optimal (every edge has non-negative slack U(u)+U(v)+ΣZ−w, matched edges and blossom
// edges are tight, and free vertices have U = 0). Weights are stored doubled so that all duals
// stay integers.
//
// Changes are cheap because they only break these conditions locally. When the weights around
// a vertex change, the blossoms holding it are taken apart (their duals moved onto their
// vertices, which keeps every edge feasible); Solve then gives the vertex the least dual that
// keeps its edges feasible, keeps its pair if that edge is still tight, and runs stages from
// whatever vertices are left free with a positive dual: usually a handful of small trees. Three
// more things keep a repair small: one tree per stage (a stage ends at its first augmentation,
// so other trees would be work thrown away), blossoms kept from one stage to the next, and, for
// each blossom, its vertex nearest to every other vertex, kept for the blossom's lifetime, so
// that a blossom that joins a tree costs O(n) whatever its size. A stage costs O(n·t) for a
// tree of t nodes, O(n²) at most; a Solve from nothing is O(n³).
//
// A Graph is not safe for concurrent use.
package matching

import (
	"fmt"
	"slices"
)

// Graph is a complete graph on a fixed set of vertices 0..n-1, with a weight for every edge and
// a matching that Solve makes maximum.
type Graph struct {
	n     int // vertices
	words int // 64-bit words per number
	bits  int // weights are below 2^bits

	weights *table   // the distinct doubled edge weights
	ids     []int32  // per ordered pair u·n+v: the id of its doubled weight, 0 when absent; symmetric
	big     []uint64 // 2^(bits+1): above every doubled weight and every dual; offsets keys

	// Nodes 0..n-1 are the vertices, n..2n-1 hold blossoms. Node duals: U for vertices, Z for
	// blossoms (always even).
	dual     []uint64
	active   []bool  // vertex still in the graph (not removed)
	alive    []int32 // the active vertices, in order, but those hidden (Restrict)
	hidden   []int32 // the active vertices Restrict hid, nil when the graph is not restricted
	isHidden []bool
	dirty    []bool  // vertex whose weights changed since the last Solve
	dirties  []int32 // those vertices
	mate     []int32 // matched vertex, or -1
	parent   []int32 // enclosing blossom of a node, or -1 at the top level
	top      []int32 // top-level node holding each vertex
	base     []int32 // base vertex of each node
	inUse    []bool  // blossom node in use
	kids     [][]int32
	links    [][]edge
	verts    [][]int32 // vertices of each node
	near     [][]int32 // per blossom: its nearest vertex to every vertex (see nearTo)
	freeIDs  []int32   // unused blossom nodes

	stageState
	tmp [4][]uint64 // scratch numbers
}

// edge is a pair of vertices; for a blossom's links, a lies in kids[i] and b in kids[i+1].
type edge struct{ a, b int32 }

var noEdge = edge{-1, -1}

// New returns a graph of n vertices with every edge absent and an empty matching. Weights given
// to SetWeight must be below 2^bits.
func New(n, bits int) *Graph {
	if n < 0 || bits < 1 {
		panic(fmt.Sprintf("matching.New(%d, %d): need n >= 0 and bits >= 1", n, bits))
	}
	// Duals stay below big = 2^(bits+1), above every doubled weight; the keys of the stages add
	// up to five such numbers: 4 bits of headroom beyond big.
	words := (bits + 5 + 63) / 64
	g := &Graph{
		n: n, words: words, bits: bits,
		weights:  newTable(words),
		ids:      make([]int32, n*n),
		big:      make([]uint64, words),
		dual:     make([]uint64, 2*n*words),
		active:   make([]bool, n),
		isHidden: make([]bool, n),
		dirty:    make([]bool, n),
		mate:     make([]int32, n),
		parent:   make([]int32, 2*n),
		top:      make([]int32, n),
		base:     make([]int32, 2*n),
		inUse:    make([]bool, 2*n),
		kids:     make([][]int32, 2*n),
		links:    make([][]edge, 2*n),
		verts:    make([][]int32, 2*n),
		near:     make([][]int32, 2*n),
	}
	g.big[(bits+1)/64] = 1 << ((bits + 1) % 64)
	for i := range g.tmp {
		g.tmp[i] = make([]uint64, words)
	}
	for v := range n {
		g.active[v] = true
		g.alive = append(g.alive, int32(v))
		g.mate[v] = -1
		g.top[v] = int32(v)
		g.base[v] = int32(v)
		g.verts[v] = []int32{int32(v)}
	}
	for b := 2*n - 1; b >= n; b-- {
		g.freeIDs = append(g.freeIDs, int32(b))
	}
	for i := range g.parent {
		g.parent[i] = -1
	}
	g.initStage()
	return g
}

// Len returns the number of vertices.
func (g *Graph) Len() int { return g.n }

// Words returns the length of the weights SetWeight takes, in 64-bit words.
func (g *Graph) Words() int { return g.words }

// SetWeight sets the weight of the edge {u, v} to w, a number of Words() little-endian words
// below 2^bits; zero removes the edge. u is the vertex whose edges change: the blossoms that
// hold it are taken apart, and the next Solve repairs its dual and its pair, so that any number
// of its edges can be set in between. Call Solve before reading the matching again.
func (g *Graph) SetWeight(u, v int, w []uint64) {
	if u == v || len(w) != g.words {
		panic(fmt.Sprintf("matching: SetWeight(%d, %d) with %d words, want distinct vertices and %d", u, v, len(w), g.words))
	}
	if !g.active[u] || !g.active[v] {
		panic(fmt.Sprintf("matching: SetWeight(%d, %d) on a removed vertex", u, v))
	}
	if !g.fits(w) {
		panic(fmt.Sprintf("matching: weight of {%d, %d} does not fit in %d bits", u, v, g.bits))
	}
	g.setNumber(u, v, g.intern(w))
}

// Number returns the number under which the graph stores weight w (Words() words below
// 2^bits), for SetNumber: a caller that sets many edges to few distinct weights looks each
// weight up once.
func (g *Graph) Number(w []uint64) int32 {
	if len(w) != g.words || !g.fits(w) {
		panic(fmt.Sprintf("matching: Number of a weight of %d words that does not fit %d bits", len(w), g.bits))
	}
	return g.intern(w)
}

// intern returns the number of weight w, doubled as the graph stores weights.
func (g *Graph) intern(w []uint64) int32 {
	d := g.tmp[0]
	double(d, w)
	return g.weights.intern(d)
}

// NumberOf returns the number of the weight of the edge {u, v}.
func (g *Graph) NumberOf(u, v int) int32 { return g.ids[u*g.n+v] }

// SetNumber sets the edge {u, v} to the weight numbered id (Number), as SetWeight does.
func (g *Graph) SetNumber(u, v int, id int32) {
	if u == v || !g.active[u] || !g.active[v] {
		panic(fmt.Sprintf("matching: SetNumber(%d, %d) on a removed vertex or a loop", u, v))
	}
	g.setNumber(u, v, id)
}

// setNumber sets the edge {u, v} to the weight numbered id, u being the vertex whose edges
// change.
func (g *Graph) setNumber(u, v int, id int32) {
	g.touch(int32(u))
	g.ids[u*g.n+v] = id
	g.ids[v*g.n+u] = id
}

// Weight copies the weight of the edge {u, v} into dst (Words() words).
func (g *Graph) Weight(dst []uint64, u, v int) {
	half(dst, g.w(int32(u), int32(v)))
}

// Remove takes vertex u out of the graph for good: it is unmatched and never matched again.
// Removing both ends of a pair that has been decided keeps the rest of the work small.
func (g *Graph) Remove(u int) {
	if !g.active[u] {
		return
	}
	g.dissolve(int32(u))
	g.unmatch(int32(u))
	g.active[u] = false
	if g.isHidden[u] {
		g.isHidden[u] = false
		i := slices.Index(g.hidden, int32(u))
		g.hidden = slices.Delete(g.hidden, i, i+1)
		return
	}
	i := slices.Index(g.alive, int32(u))
	g.alive = slices.Delete(g.alive, i, i+1)
}

// Mate returns the vertex matched to u, or -1 when u is unmatched. It reflects the last Solve.
func (g *Graph) Mate(u int) int { return int(g.mate[u]) }

// Solve makes the matching maximum for the current weights.
func (g *Graph) Solve() {
	g.repair()
	for g.stage() {
	}
}

// SlackAbove reports whether edge {u, v}, present, has a slack above t in the certificate of
// the last Solve: U(u)+U(v), plus the duals of the blossoms holding both, minus the weight. By
// duality every matching that holds the edge then weighs more than t below the maximum (the
// certificate's sum is the maximum weight, and every other edge's slack is non-negative), so
// no bonus of at most t on the edge can make it part of a maximum matching. It must follow a
// Solve, with no weight changed since.
func (g *Graph) SlackAbove(u, v int, t uint64) bool {
	for _, u := range g.dirties {
		if !g.isHidden[u] { // a hidden vertex waits for Unrestrict
			panic("matching: SlackAbove before Solve")
		}
	}
	s, lim := g.tmp[0], g.tmp[1]
	add(s, g.d(int32(u)), g.d(int32(v)))
	g.stamp++
	for b := g.parent[u]; b >= 0; b = g.parent[b] {
		g.mark[b] = g.stamp
	}
	for b := g.parent[v]; b >= 0; b = g.parent[b] {
		if g.mark[b] == g.stamp {
			add(s, s, g.d(b))
		}
	}
	sub(s, s, g.w(int32(u), int32(v)))
	// Weights and duals are stored doubled.
	clear(lim)
	addSmall(lim, t)
	addSmall(lim, t)
	return cmp(s, lim) > 0
}

// Swappable reports whether, in a matching that holds the pairs {v, m} and {x, c} (x = -1
// when c is unmatched), the pairs {v, c} and {x, m} weigh no less (an absent {x, m} leaves x
// and m unmatched). When the matching is maximum, the one with the new pairs is maximum too.
func (g *Graph) Swappable(v, m, x, c int) bool {
	if !g.present(int32(v), int32(c)) {
		return false
	}
	gain, loss := g.tmp[0], g.tmp[1]
	copy(gain, g.w(int32(v), int32(c)))
	copy(loss, g.w(int32(v), int32(m)))
	if x >= 0 {
		add(gain, gain, g.w(int32(x), int32(m)))
		add(loss, loss, g.w(int32(x), int32(c)))
	}
	return cmp(gain, loss) >= 0
}

// fits reports whether w is below 2^bits.
func (g *Graph) fits(w []uint64) bool {
	for i := len(w) - 1; i >= 0; i-- {
		lo := i * 64
		if lo >= g.bits {
			if w[i] != 0 {
				return false
			}
			continue
		}
		if g.bits-lo < 64 && w[i]>>(g.bits-lo) != 0 {
			return false
		}
		return true
	}
	return true
}

// w returns the doubled weight of {u, v}, in place.
func (g *Graph) w(u, v int32) []uint64 {
	return g.weights.at(g.ids[int(u)*g.n+int(v)])
}

// present reports whether the edge {u, v} is present (its weight is not zero).
func (g *Graph) present(u, v int32) bool {
	return g.ids[int(u)*g.n+int(v)] != 0
}

// row returns the weight ids of u's edges, indexed by the other vertex.
func (g *Graph) row(u int32) []int32 {
	return g.ids[int(u)*g.n : (int(u)+1)*g.n]
}

// d returns the dual of node b, in place.
func (g *Graph) d(b int32) []uint64 {
	i := int(b) * g.words
	return g.dual[i : i+g.words : i+g.words]
}

// slack sets dst to U(u)+U(v)-w(u,v) for vertices u and v in different top-level nodes.
func (g *Graph) slack(dst []uint64, u, v int32) {
	add(dst, g.d(u), g.d(v))
	sub(dst, dst, g.w(u, v))
}

// touch prepares vertex u for changes of its weights: alone at the top level, its dual and
// pair to be repaired by the next Solve.
func (g *Graph) touch(u int32) {
	if g.dirty[u] {
		return
	}
	g.dissolve(u)
	g.dirty[u] = true
	g.dirties = append(g.dirties, u)
}

// dissolve takes apart the blossoms that hold u. A blossom with a positive dual gives half of
// it to each of its vertices: edges inside it keep their slack and edges leaving it gain slack,
// so the duals stay feasible; only its base's outside edge loses tightness, and that pair is
// unmatched.
func (g *Graph) dissolve(u int32) {
	for g.top[u] != u {
		b := g.top[u]
		z := g.d(b)
		if !isZero(z) {
			h := g.tmp[3]
			half(h, z)
			for _, x := range g.verts[b] {
				add(g.d(x), g.d(x), h)
			}
			g.unmatch(g.base[b])
			clear(z)
		}
		g.expand(b)
	}
}

// repair restores the optimality conditions around the vertices whose weights changed, as
// cheaply as it can, so that the stages have little to do. Each such vertex gets the smallest
// dual that keeps all its edges feasible given its neighbours' duals (taken in turn, each
// covers its edges to those before it, as they are then); a pair whose edge is no longer tight
// is split; and a free vertex meets a free neighbour over a tight edge when there is one.
func (g *Graph) repair() {
	need, sum := g.tmp[0], g.tmp[1]
	// A hidden vertex is repaired once it is shown again (Unrestrict): its edges to the
	// vertices hidden with it count as much as the others.
	hidden := g.dirties[:0:0]
	if g.hidden != nil {
		kept := g.dirties[:0]
		for _, u := range g.dirties {
			if g.isHidden[u] {
				hidden = append(hidden, u)
			} else {
				kept = append(kept, u)
			}
		}
		g.dirties = kept
	}
	for _, u := range g.dirties {
		if !g.active[u] {
			continue
		}
		clear(need)
		row := g.row(u)
		for _, y := range g.alive {
			if row[y] == 0 {
				continue
			}
			// w - U(y) when positive: compare w with U(y) + need.
			if add(sum, g.d(y), need); cmp(g.w(u, y), sum) > 0 {
				sub(need, g.w(u, y), g.d(y))
			}
		}
		copy(g.d(u), need)
		g.refreshNear(u)
	}
	for _, u := range g.dirties {
		if m := g.mate[u]; m >= 0 && g.active[u] {
			if g.slack(sum, u, m); !isZero(sum) || !g.present(u, m) {
				g.unmatch(u)
			}
		}
	}
	for _, u := range g.dirties {
		if !g.active[u] || g.mate[u] >= 0 || isZero(g.d(u)) {
			continue
		}
		// The edge {u, y} is tight when U(y) = w-U(u), computed once per distinct weight.
		row := g.row(u)
		g.keyGen++
		for _, y := range g.alive {
			if id := row[y]; id != 0 && y != u && g.mate[y] < 0 && g.top[y] == y {
				if need, ok := g.tightFrom(u, id); ok && equal(g.d(y), need) {
					g.mate[u], g.mate[y] = y, u
					break
				}
			}
		}
	}
	for _, u := range g.dirties {
		g.dirty[u] = false
	}
	g.dirties = append(g.dirties[:0], hidden...)
}

// tightFrom returns, for vertex u and the weight numbered id, w-U(u): the dual another vertex
// needs for such an edge to be tight, and false when w is below U(u) (no dual makes it tight).
// It is computed once per keyGen, in the storage of keyOf, which no stage uses meanwhile.
func (g *Graph) tightFrom(u, id int32) ([]uint64, bool) {
	w := g.words
	g.growKeys(id)
	need := g.needs[int(id)*w : int(id+1)*w : int(id+1)*w]
	if g.keyAt[id] != g.keyGen {
		if g.reach[id] = cmp(g.weights.at(id), g.d(u)) >= 0; g.reach[id] {
			sub(need, g.weights.at(id), g.d(u))
		}
		g.keyAt[id] = g.keyGen
	}
	return need, g.reach[id]
}

// unmatch frees vertex v and its mate.
func (g *Graph) unmatch(v int32) {
	if m := g.mate[v]; m >= 0 {
		g.mate[m] = -1
		g.mate[v] = -1
	}
}
