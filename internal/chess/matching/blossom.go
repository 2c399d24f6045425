package matching

import "slices"

// A blossom is an odd cycle of nodes (vertices or smaller blossoms) joined by tight edges,
// shrunk to one node. kids[b] lists the cycle starting with the node that holds the base;
// links[b][i] is the edge from kids[i] to kids[i+1] (the last one closes the cycle). Going round
// from the base node, the links alternate unmatched, matched, ..., unmatched: every vertex but
// the base is matched inside the blossom, and the base is matched outside it or free.

// newBlossom shrinks the cycle kids (kids[0] holds the base) into a new top-level node and
// returns it. Its dual starts at zero.
func (g *Graph) newBlossom(kids []int32, links []edge) int32 {
	b := g.freeIDs[len(g.freeIDs)-1]
	g.freeIDs = g.freeIDs[:len(g.freeIDs)-1]
	g.inUse[b] = true
	g.kids[b] = append(g.kids[b][:0], kids...)
	g.links[b] = append(g.links[b][:0], links...)
	vs := g.verts[b][:0]
	for _, k := range kids {
		g.parent[k] = b
		vs = append(vs, g.verts[k]...)
	}
	g.verts[b] = vs
	for _, v := range vs {
		g.top[v] = b
	}
	g.parent[b] = -1
	g.base[b] = g.base[kids[0]]
	clear(g.d(b))
	g.nearTo(b)
	return b
}

// nearTo fills near[b]: for every vertex x outside blossom b, the vertex v of b with the least
// U(v)-w(v,x) (-1 when no edge joins them), from the kids' own near arrays. All the vertices of
// a blossom see their duals change together for as long as it lives, so near[b] stays right,
// except towards a vertex whose weights change: repair refreshes those entries.
func (g *Graph) nearTo(b int32) {
	nb := g.near[b]
	if nb == nil {
		nb = make([]int32, g.n)
		g.near[b] = nb
	}
	for _, x := range g.alive {
		nb[x] = -1
		if g.top[x] == b {
			continue
		}
		for _, k := range g.kids[b] {
			v := k
			if k >= int32(g.n) {
				v = g.near[k][x]
			} else if !g.present(k, x) {
				v = -1
			}
			if v >= 0 && (nb[x] < 0 || g.nearer(v, nb[x], x)) {
				nb[x] = v
			}
		}
	}
}

// refreshNear recomputes, in every blossom, the entry towards vertex u, whose weights changed,
// from the kids' entries: inner blossoms first.
func (g *Graph) refreshNear(u int32) {
	for b := int32(g.n); b < int32(2*g.n); b++ {
		if g.inUse[b] && g.parent[b] < 0 {
			g.refreshNearIn(b, u)
		}
	}
}

// refreshNearIn refreshes the entries towards u of blossom b and of the blossoms inside it, and
// returns b's.
func (g *Graph) refreshNearIn(b, u int32) int32 {
	if b < int32(g.n) {
		if g.present(b, u) {
			return b
		}
		return -1
	}
	best := int32(-1)
	for _, k := range g.kids[b] {
		v := g.refreshNearIn(k, u)
		if v < 0 {
			continue
		}
		if best < 0 || g.nearer(v, best, u) {
			best = v
		}
	}
	g.near[b][u] = best
	return best
}

// nearer reports whether U(v)-w(v,x) < U(c)-w(c,x). Edges of one weight, the common case,
// compare by the duals alone.
func (g *Graph) nearer(v, c, x int32) bool {
	if g.ids[int(v)*g.n+int(x)] == g.ids[int(c)*g.n+int(x)] {
		return cmp(g.d(v), g.d(c)) < 0
	}
	a, b := g.tmp[2], g.tmp[3]
	add(a, g.d(v), g.w(c, x))
	add(b, g.d(c), g.w(v, x))
	return cmp(a, b) < 0
}

// expand dissolves the top-level blossom b, whose dual is zero, into its kids, which become
// top-level nodes with their matching unchanged.
func (g *Graph) expand(b int32) {
	for _, k := range g.kids[b] {
		g.parent[k] = -1
		for _, v := range g.verts[k] {
			g.top[v] = k
		}
	}
	g.inUse[b] = false
	g.label[b] = unlabelled
	g.freeIDs = append(g.freeIDs, b)
}

// kidHolding returns the index in kids[b] of the kid that holds vertex v.
func (g *Graph) kidHolding(b, v int32) int {
	k := v
	for g.parent[k] != b {
		k = g.parent[k]
	}
	for i, kid := range g.kids[b] {
		if kid == k {
			return i
		}
	}
	panic("matching: vertex not in blossom")
}

// rotate makes vertex v the base of node b by shifting the matching round the cycles, inside
// b and inside every kid on the way. Matched edges stay tight because blossom edges are tight.
// Mates of v itself are left to the caller.
//
// The nodes from v up to b are listed once (on the stack g.path), so that each level finds its
// kid on the way in one step: blossoms nest deep in large brackets, and walking up from v at
// every level cost the square of the depth.
func (g *Graph) rotate(b, v int32) {
	if g.base[b] == v {
		return
	}
	start := len(g.path)
	for k := v; k != b; k = g.parent[k] {
		g.path = append(g.path, k)
	}
	g.rotateOn(b, v, start, len(g.path))
	g.path = g.path[:start]
}

// rotateOn is rotate with g.path[lo:hi] holding the nodes from v up to b's kid that holds v.
func (g *Graph) rotateOn(b, v int32, lo, hi int) {
	if g.base[b] == v {
		return
	}
	kids, links := g.kids[b], g.links[b]
	k := len(kids)
	j := slices.Index(kids, g.path[hi-1])
	g.rotateOn(kids[j], v, lo, hi-1)
	// Counting round the cycle from kid j, the links at odd distance become the matched ones.
	for i := range k {
		if (i-j+k)%k%2 == 1 {
			e := links[i]
			g.rotate(kids[i], e.a)
			g.rotate(kids[(i+1)%k], e.b)
			g.mate[e.a] = e.b
			g.mate[e.b] = e.a
		}
	}
	// Start the cycle at kid j.
	if j > 0 {
		rotateSlice(kids, j)
		rotateSlice(links, j)
	}
	g.base[b] = v
}

// rotateSlice turns s left by j places in place.
func rotateSlice[T any](s []T, j int) {
	reverse(s[:j])
	reverse(s[j:])
	reverse(s)
}

func reverse[T any](s []T) {
	for i, k := 0, len(s)-1; i < k; i, k = i+1, k-1 {
		s[i], s[k] = s[k], s[i]
	}
}
