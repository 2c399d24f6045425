package matching

import "math/bits"

// Adjacency is an unweighted graph, a bit per pair of vertices: n²/8 bytes.
type Adjacency struct {
	n      int
	rowLen int      // 64-bit words per row
	bits   []uint64 // row u: bit v set when u and v are adjacent
}

// NewAdjacency returns the graph of n vertices in which u and v are adjacent when adjacent(u,
// v), which is called once for each pair u < v.
func NewAdjacency(n int, adjacent func(u, v int) bool) *Adjacency {
	all := make([]int32, n)
	for v := range all {
		all[v] = int32(v)
	}
	return NewAdjacencyAmong(n, all, func(u, v int32) bool { return adjacent(int(u), int(v)) })
}

// NewAdjacencyAmong returns the graph of n vertices in which only vertices of `of` are
// adjacent, u and v when adjacent(u, v), which is called once for each pair of them.
func NewAdjacencyAmong(n int, of []int32, adjacent func(u, v int32) bool) *Adjacency {
	a := &Adjacency{n: n, rowLen: (n + 63) / 64}
	a.bits = make([]uint64, n*a.rowLen)
	for i, u := range of {
		for _, v := range of[i+1:] {
			if adjacent(u, v) {
				a.bits[int(u)*a.rowLen+int(v)/64] |= 1 << (v % 64)
				a.bits[int(v)*a.rowLen+int(u)/64] |= 1 << (u % 64)
			}
		}
	}
	return a
}

// Exposable answers, for the subgraph induced by the vertices of, which vertices a matching
// with the most edges can leave uncovered: exposable[v] is true when some maximum-cardinality
// matching leaves v unmatched (the set D of the Gallai–Edmonds decomposition), and deficiency
// is the number of vertices every such matching leaves unmatched.
//
// The Dutch rules ask it of every round with an odd number of players (who can be left over
// for the bye when everyone else is paired), and of the players below a bracket (can they
// all be paired, whatever the bracket does?). A maximum-weight matching answers too, but it
// is built over every pair with wide weights; this is a greedy matching and Edmonds' search
// for augmenting paths from the few vertices it leaves, which on the near-complete graphs of
// a Swiss round are short. It is O(k³) for k vertices at worst, O(k²) per search.
func (a *Adjacency) Exposable(of []int32) (exposable []bool, deficiency int) {
	c := a.maximum(of)
	exposable = make([]bool, a.n)
	var roots []int32
	for _, v := range of {
		if c.mate[v] < 0 {
			roots = append(roots, v)
		}
	}
	// Gallai–Edmonds: the vertices some maximum matching leaves exposed are those joined to an
	// exposed vertex by an alternating path of even length: the outer vertices of the search
	// from each exposed vertex, which now finds no augmenting path.
	for _, r := range roots {
		c.search(r)
		for _, v := range of {
			if c.even[v] {
				exposable[v] = true
			}
		}
	}
	return exposable, len(roots)
}

// Maximum returns a matching of the subgraph induced by the vertices of with the most edges:
// mate[v] is v's partner, or -1 for a vertex left unmatched or not in of.
func (a *Adjacency) Maximum(of []int32) (mate []int32) {
	return a.maximum(of).mate
}

// maximum finds a maximum-cardinality matching of the subgraph induced by the vertices of.
func (a *Adjacency) maximum(of []int32) *cardinality {
	c := newCardinality(a, of)
	// A greedy matching first: on a near-complete graph it leaves few vertices for the
	// searches, each of which may scan every edge.
	for _, u := range of {
		if c.mate[u] >= 0 {
			continue
		}
		c.free[u/64] &^= 1 << (u % 64)
		row := a.row(u)
		for wi, word := range row {
			if word &= c.free[wi]; word != 0 {
				v := int32(wi*64 + bits.TrailingZeros64(word))
				c.mate[u], c.mate[v] = v, u
				c.free[v/64] &^= 1 << (v % 64)
				break
			}
		}
	}
	// Berge: the matching is maximum when no exposed vertex has an augmenting path. A vertex
	// with no augmenting path now never gets one later (augmenting elsewhere keeps it so), so
	// each vertex is searched from once.
	for _, r := range of {
		if c.mate[r] < 0 {
			if end := c.search(r); end >= 0 {
				c.augment(end)
			}
		}
	}
	return c
}

// Adjacent reports whether u and v are adjacent.
func (a *Adjacency) Adjacent(u, v int32) bool {
	return a.bits[int(u)*a.rowLen+int(v)/64]>>(v%64)&1 == 1
}

func (a *Adjacency) row(u int32) []uint64 {
	return a.bits[int(u)*a.rowLen : int(u+1)*a.rowLen]
}

// cardinality is the state of Edmonds' search for augmenting paths over the subgraph of an
// Adjacency induced by some of its vertices. Arrays are indexed by the graph's vertices.
type cardinality struct {
	a    *Adjacency
	of   []int32  // the subgraph's vertices
	in   []uint64 // a bit per vertex of the subgraph
	free []uint64 // a bit per vertex of the subgraph not yet matched (the greedy matching)

	mate   []int32 // matched vertex, or -1
	parent []int32 // in the search: the even vertex an odd vertex was reached from, or -1
	base   []int32 // base of the blossom holding each vertex, itself when none
	even   []bool  // outer vertex of the search (the root, mates of odd vertices, blossoms)
	queue  []int32
	inPath []bool // blossom bases on the cycle being contracted
	seen   []int32
	stamp  int32
}

func newCardinality(a *Adjacency, of []int32) *cardinality {
	n := a.n
	c := &cardinality{
		a: a, of: of,
		in:     make([]uint64, a.rowLen),
		mate:   make([]int32, n),
		parent: make([]int32, n),
		base:   make([]int32, n),
		even:   make([]bool, n),
		inPath: make([]bool, n),
		seen:   make([]int32, n),
	}
	for v := range c.mate {
		c.mate[v] = -1
	}
	for _, v := range of {
		c.in[v/64] |= 1 << (v % 64)
	}
	c.free = append([]uint64(nil), c.in...)
	return c
}

// search grows an alternating tree from the exposed vertex root, breadth first, contracting
// blossoms, and returns the exposed vertex an augmenting path reaches, or -1 when none does;
// c.even then marks the outer vertices of the whole tree.
func (c *cardinality) search(root int32) int32 {
	for _, v := range c.of {
		c.parent[v] = -1
		c.base[v] = v
		c.even[v] = false
	}
	c.even[root] = true
	c.queue = append(c.queue[:0], root)
	for qi := 0; qi < len(c.queue); qi++ {
		v := c.queue[qi]
		for wi, word := range c.a.row(v) {
			for word &= c.in[wi]; word != 0; {
				u := int32(wi*64 + bits.TrailingZeros64(word))
				word &= word - 1
				if c.base[v] == c.base[u] || c.mate[v] == u {
					continue
				}
				if u == root || c.mate[u] >= 0 && c.parent[c.mate[u]] >= 0 {
					// u is outer too: the edge closes an odd cycle.
					c.contract(v, u)
				} else if c.parent[u] < 0 {
					c.parent[u] = v
					if c.mate[u] < 0 {
						return u
					}
					m := c.mate[u]
					c.even[m] = true
					c.queue = append(c.queue, m)
				}
			}
		}
	}
	return -1
}

// contract shrinks the blossom closed by the edge between outer vertices v and u: every
// vertex of it takes the cycle's base, and those that were odd become outer and are queued.
func (c *cardinality) contract(v, u int32) {
	b := c.commonBase(v, u)
	for _, x := range c.of {
		c.inPath[x] = false
	}
	c.markPath(v, b, u)
	c.markPath(u, b, v)
	for _, x := range c.of {
		if c.inPath[c.base[x]] {
			c.base[x] = b
			if !c.even[x] {
				c.even[x] = true
				c.queue = append(c.queue, x)
			}
		}
	}
}

// commonBase returns the base of the nearest common ancestor of outer vertices a and b.
func (c *cardinality) commonBase(a, b int32) int32 {
	c.stamp++
	for {
		a = c.base[a]
		c.seen[a] = c.stamp
		if c.mate[a] < 0 {
			break
		}
		a = c.parent[c.mate[a]]
	}
	for {
		b = c.base[b]
		if c.seen[b] == c.stamp {
			return b
		}
		b = c.parent[c.mate[b]]
	}
}

// markPath marks the bases from v up to the blossom's base b, and points the parents of the
// cycle's vertices the other way round, so that a path through the blossom can be followed
// from either side.
func (c *cardinality) markPath(v, b, child int32) {
	for c.base[v] != b {
		m := c.mate[v]
		c.inPath[c.base[v]] = true
		c.inPath[c.base[m]] = true
		c.parent[v] = child
		child = m
		v = c.parent[m]
	}
}

// augment flips the path from the exposed vertex end back to the search's root.
func (c *cardinality) augment(end int32) {
	for v := end; v >= 0; {
		p := c.parent[v]
		next := c.mate[p]
		c.mate[v], c.mate[p] = p, v
		v = next
	}
}
