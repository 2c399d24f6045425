package matching

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
	return b
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
func (g *Graph) rotate(b, v int32) {
	if g.base[b] == v {
		return
	}
	kids, links := g.kids[b], g.links[b]
	k := len(kids)
	j := g.kidHolding(b, v)
	g.rotate(kids[j], v)
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
