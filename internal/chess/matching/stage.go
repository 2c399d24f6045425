package matching

// A stage grows an alternating tree from its root (a free vertex with a positive dual) over
// tight edges, labelling top-level nodes S (even distance from a root) or T (odd). When no tight
// edge leads further, the duals change by the largest δ that keeps them feasible: S vertices
// lose δ, T vertices gain it, S blossoms gain 2δ and T blossoms lose it. δ is the least of
//
//	δ1  the smallest dual of an S vertex (it reaches zero: that vertex may go free),
//	δ2  the smallest slack of an edge from an S vertex to an unlabelled node,
//	δ3  half the smallest slack of an edge between two S nodes,
//	δ4  half the smallest dual of a T blossom (it reaches zero: the blossom is expanded).
//
// To find δ2 and δ3 without looking at every edge again, each vertex keeps the S vertex nearest
// to it (bestS), and each S node its least-slack edge to another S node (bestSS); a node that
// becomes S looks at one vertex of its own per other vertex, the nearest (see nearTo), so that
// forming a blossom costs O(n) whatever its size. Slacks from S vertices to one vertex all move by the same amount
// when the duals change, so these choices stay right without being recomputed. Comparisons use
// keys that do not move at all: with Δ the sum of the δs so far in the stage, an S vertex s has
// the constant a(s) = U(s)+Δ, and the slack of an edge from s to x is a(s)-w(s,x)+U(x)-Δ, so
// among the S vertices next to x the least slack has the least a(s)-w(s,x); between two S
// vertices, the slack is a(s)+a(x)-w(s,x)-2Δ. Each a(s) is stored with big added, so that a key
// is one subtraction away from it.

const (
	unlabelled int8 = iota
	labelS
	labelT
)

// stageState is the bookkeeping of one stage; it is reset when the stage ends.
type stageState struct {
	label    []int8  // per node
	from, to []int32 // per labelled node: the tree edge to its parent, from inside the parent to inside the node
	bestS    []int32 // per vertex: the S vertex with the least slack to it, or -1
	bestSS   []edge  // per S node: least-slack edge (inside, outside) to another S node
	tight    []edge  // tight edges (S vertex, other vertex) still to look at
	toFree   []edge  // those of them that reach a free node: they end the stage, so they go first
	// tightLimit is the length of tight at which it is compacted next (compactTight).
	tightLimit int
	labelled   []int32 // nodes labelled in this stage, each once
	listed     []bool  // per node: in labelled
	mark       []int32 // per node, for finding common ancestors
	stamp      int32
	roots      []int32
	path       []int32 // nodes from a vertex up to a blossom, a stack (rotate)

	// Keys (see above), each offset by big so that it is never negative.
	delta   []uint64 // Δ
	a       []uint64 // per S vertex: U+Δ+big
	key     []uint64 // per vertex with a bestS: a(bestS)+big-w
	keyDual []uint64 // per vertex with a bestS: key+U, kept while the vertex is unlabelled (dualStep)
	sskey   []uint64 // per S node with a bestSS: a(in)+big-w+a(out)+big
	tightS  []uint64 // Δ+big: an edge from S vertex s to x is tight when a(s)+big-w+U(x) equals it
	tightSS []uint64 // 2Δ+2big: an edge between S vertices is tight when its sskey equals it

	// Per weight number, the key of the vertex being scanned (keyOf), valid when keyAt
	// holds the scan's keyGen, and the dual another vertex needs for the edge to be tight,
	// tightS minus the key (when the key is above tightS, no dual makes it tight: reach is
	// false).
	keys   []uint64
	needs  []uint64
	reach  []bool
	keyAt  []int32
	keyGen int32
}

func (g *Graph) initStage() {
	n := g.n
	g.label = make([]int8, 2*n)
	g.from = make([]int32, 2*n)
	g.to = make([]int32, 2*n)
	g.bestS = make([]int32, n)
	g.bestSS = make([]edge, 2*n)
	g.mark = make([]int32, 2*n)
	g.listed = make([]bool, 2*n)
	w := g.words
	g.delta = make([]uint64, w)
	g.a = make([]uint64, n*w)
	g.key = make([]uint64, n*w)
	g.keyDual = make([]uint64, n*w)
	g.sskey = make([]uint64, 2*n*w)
	g.tightS = make([]uint64, w)
	g.tightSS = make([]uint64, w)
	for i := range g.bestSS {
		g.bestSS[i] = noEdge
	}
}

// stage runs one stage and reports whether there was anything to do.
func (g *Graph) stage() bool {
	g.roots = g.roots[:0]
	for _, v := range g.alive {
		if g.mate[v] < 0 && !isZero(g.d(v)) {
			g.roots = append(g.roots, v)
		}
	}
	if len(g.roots) == 0 {
		return false
	}
	// One root per stage: the stage ends at the first augmentation anyway, so growing trees
	// from the other roots would be work thrown away. A tree that reaches another free vertex
	// over a tight edge augments to it.
	g.roots = g.roots[:1]
	for i := range g.bestS {
		g.bestS[i] = -1
	}
	for _, v := range g.roots {
		g.evenOut(v)
	}
	clear(g.delta)
	copy(g.tightS, g.big)
	double(g.tightSS, g.big)
	for _, v := range g.roots {
		b := g.top[v]
		if g.label[b] == unlabelled {
			g.setLabel(b, labelS, -1, -1)
			g.scanNode(b)
		}
	}
	defer g.endStage()
	for {
		for len(g.toFree) > 0 || len(g.tight) > 0 {
			var e edge
			if last := len(g.toFree) - 1; last >= 0 {
				e, g.toFree = g.toFree[last], g.toFree[:last]
			} else {
				e, g.tight = g.tight[len(g.tight)-1], g.tight[:len(g.tight)-1]
			}
			if g.useTightEdge(e.a, e.b) {
				return true
			}
		}
		if g.dualStep() {
			return true
		}
	}
}

// evenOut makes the dual of the free vertex v even, as the stage needs all roots of one parity
// (then every S–S slack is even and δ3 is a whole number). Raising a dual keeps it feasible;
// inside a blossom the whole blossom moves together, paid for by its own dual, or, when that is
// zero, by taking it apart (allowed: its base is free).
func (g *Graph) evenOut(v int32) {
	if !isOdd(g.d(v)) {
		return
	}
	for {
		b := g.top[v]
		if b == v {
			addSmall(g.d(v), 1)
			return
		}
		if z := g.d(b); !isZero(z) {
			subSmall(z, 2)
			for _, x := range g.verts[b] {
				addSmall(g.d(x), 1)
			}
			return
		}
		g.expand(b)
	}
}

// setLabel labels top-level node b, reached over the tree edge (from, to) with to inside b.
func (g *Graph) setLabel(b int32, l int8, from, to int32) {
	g.label[b] = l
	g.from[b] = from
	g.to[b] = to
	g.bestSS[b] = noEdge
	if l == labelS {
		// The vertices' constant a = U+Δ (plus big), set before any of them is scanned, since
		// a scan may meet the others.
		for _, v := range g.verts[b] {
			av := g.at(g.a, v)
			add(av, g.d(v), g.delta)
			add(av, av, g.big)
		}
	}
	if !g.listed[b] {
		g.listed[b] = true
		g.labelled = append(g.labelled, b)
	}
}

// scanNode looks at every edge of b, a node that just became S: tight edges are queued, and
// the nearest-S records of the other ends, and b's own, are updated. Of each blossom only the
// vertex nearest to each other vertex needs a look (see nearTo).
func (g *Graph) scanNode(b int32) {
	var nb []int32
	if b >= int32(g.n) {
		nb = g.near[b]
	}
	k, other := g.tmp[0], g.tmp[1]
	// A single vertex sees few distinct weights: its key a(v)+big-w towards each, and the dual
	// that makes such an edge tight, are computed once per weight (keyOf), not once per edge.
	var need []uint64
	reach := false
	last := int32(0) // the weight of the last edge looked at, which its neighbours often share
	g.keyGen++
	for _, x := range g.alive {
		if g.top[x] == b {
			continue
		}
		v := b
		if nb != nil {
			if v = nb[x]; v < 0 {
				continue
			}
			sub(k, g.at(g.a, v), g.w(v, x)) // a(v)+big-w(v,x)
		} else if id := g.ids[int(b)*g.n+int(x)]; id == 0 {
			continue
		} else {
			if id != last {
				k, need, reach = g.keyOf(b, id)
				last = id
			}
		}
		bx := g.top[x]
		if g.label[bx] == labelS {
			ssk := other
			add(ssk, k, g.at(g.a, x))
			g.offerSS(b, v, x, ssk)
			g.offerSS(bx, x, v, ssk)
			if cmp(ssk, g.tightSS) == 0 {
				g.queueTight(v, x)
			}
			continue
		}
		kx := g.at(g.key, x)
		if g.bestS[x] >= 0 {
			if c := cmp(k, kx); c > 0 {
				continue
			} else if c < 0 {
				g.bestS[x] = v
				copy(kx, k)
				add(g.at(g.keyDual, x), k, g.d(x))
			}
		} else {
			g.bestS[x] = v
			copy(kx, k)
			add(g.at(g.keyDual, x), k, g.d(x))
		}
		// Only an edge as good as the best one can be tight: k+U(x) = tightS. From a single
		// vertex, that is U(x) = need, one word compared in most cases rather than a sum.
		if nb == nil {
			if reach && equal(g.d(x), need) {
				g.pushTight(v, x)
			}
		} else if add(other, k, g.d(x)); cmp(other, g.tightS) == 0 {
			g.pushTight(v, x)
		}
	}
}

// keyOf returns, for vertex v and the weight numbered id, the key k = a(v)+big-w, and, when
// reach, need = tightS-k, the dual that makes such an edge tight. Both are computed once per
// scan (keyGen), during which tightS stands still, and kept in keys and needs, in place; the
// caller only reads them.
func (g *Graph) keyOf(v int32, id int32) (k, need []uint64, reach bool) {
	w := g.words
	g.growKeys(id)
	k = g.keys[int(id)*w : int(id+1)*w : int(id+1)*w]
	need = g.needs[int(id)*w : int(id+1)*w : int(id+1)*w]
	if g.keyAt[id] != g.keyGen {
		sub(k, g.at(g.a, v), g.weights.at(id))
		// Duals are never negative: a key above tightS makes no edge tight.
		if g.reach[id] = cmp(k, g.tightS) <= 0; g.reach[id] {
			sub(need, g.tightS, k)
		}
		g.keyAt[id] = g.keyGen
	}
	return k, need, g.reach[id]
}

// growKeys makes room in the per-weight caches of keyOf for the weight numbered id.
func (g *Graph) growKeys(id int32) {
	if int(id) < len(g.keyAt) {
		return
	}
	w := g.words
	n := max(2*len(g.keyAt), int(id)+1, g.weights.count)
	g.keyAt = append(g.keyAt, make([]int32, n-len(g.keyAt))...)
	g.reach = append(g.reach, make([]bool, n-len(g.reach))...)
	g.keys = append(g.keys, make([]uint64, n*w-len(g.keys))...)
	g.needs = append(g.needs, make([]uint64, n*w-len(g.needs))...)
}

// at returns the number of vertex or node i in the per-node array arr, in place.
func (g *Graph) at(arr []uint64, i int32) []uint64 {
	j := int(i) * g.words
	return arr[j : j+g.words : j+g.words]
}

// offerSS records (inside, outside), of key ssk, as S node b's edge to another S node if it
// is better than the one it has.
func (g *Graph) offerSS(b, inside, outside int32, ssk []uint64) {
	cur := g.at(g.sskey, b)
	if g.bestSS[b].a >= 0 && cmp(ssk, cur) >= 0 {
		return
	}
	g.bestSS[b] = edge{inside, outside}
	copy(cur, ssk)
}

// useTightEdge acts on the tight edge from S vertex s to x and reports whether the matching
// was augmented (which ends the stage).
func (g *Graph) useTightEdge(s, x int32) bool {
	bs, bx := g.top[s], g.top[x]
	if bs == bx || g.label[bs] != labelS || !g.active[x] {
		return false
	}
	switch g.label[bx] {
	case unlabelled:
		m := g.mate[g.base[bx]]
		if m < 0 {
			// A free node whose dual is zero: the path through it augments.
			g.rotate(bx, x)
			g.augmentFrom(s, x)
			g.mate[x] = s
			return true
		}
		g.setLabel(bx, labelT, s, x)
		bm := g.top[m]
		g.setLabel(bm, labelS, g.base[bx], m)
		g.scanNode(bm)
	case labelS:
		if g.rootOf(bs) != g.rootOf(bx) {
			g.augmentFrom(s, x)
			g.augmentFrom(x, s)
			return true
		}
		g.formBlossom(s, x)
	}
	return false
}

// treeParent returns the S node above S node b in its tree, or -1 at the root.
func (g *Graph) treeParent(b int32) int32 {
	if g.from[b] < 0 {
		return -1
	}
	t := g.top[g.from[b]]
	return g.top[g.from[t]]
}

func (g *Graph) rootOf(b int32) int32 {
	for {
		p := g.treeParent(b)
		if p < 0 {
			return b
		}
		b = p
	}
}

// augmentFrom matches s to partner (-1 to leave it free) and flips the tree path from s to its
// root, whose base ends matched. Every node on the way is rotated so that its new matched edge
// runs through its base.
func (g *Graph) augmentFrom(s, partner int32) {
	for {
		bs := g.top[s]
		g.rotate(bs, s)
		g.mate[s] = partner
		t := g.from[bs]
		if t < 0 {
			return
		}
		bt := g.top[t]
		p, q := g.from[bt], g.to[bt]
		g.rotate(bt, q)
		g.mate[q] = p
		s, partner = p, q
	}
}

// formBlossom shrinks the odd cycle closed by the tight edge (s, x) between two S nodes of one
// tree into a new S blossom.
func (g *Graph) formBlossom(s, x int32) {
	bs, bx := g.top[s], g.top[x]
	g.stamp++
	lca := int32(-1)
	for a, b := bs, bx; lca < 0; {
		if a >= 0 {
			if g.mark[a] == g.stamp {
				lca = a
				break
			}
			g.mark[a] = g.stamp
			a = g.treeParent(a)
		}
		if b >= 0 {
			if g.mark[b] == g.stamp {
				lca = b
				break
			}
			g.mark[b] = g.stamp
			b = g.treeParent(b)
		}
	}
	// The cycle: lca down to bs, across (s, x), then up from bx to just below lca. Each tree
	// edge runs from g.from[c] in the parent to g.to[c] in the child c.
	var up []int32
	for c := bs; c != lca; c = g.top[g.from[c]] {
		up = append(up, c)
	}
	kids := []int32{lca}
	var links []edge
	for i := len(up) - 1; i >= 0; i-- {
		c := up[i]
		kids = append(kids, c)
		links = append(links, edge{g.from[c], g.to[c]})
	}
	links = append(links, edge{s, x})
	for c := bx; c != lca; c = g.top[g.from[c]] {
		kids = append(kids, c)
		links = append(links, edge{g.to[c], g.from[c]})
	}
	kids = kids[:len(kids):len(kids)]

	from, to := g.from[lca], g.to[lca]
	b := g.newBlossom(kids, links)
	g.setLabel(b, labelS, from, to)
	g.scanNode(b)
}

// dualStep changes the duals by δ and acts on the event that bounded it. It reports whether the
// stage is over.
func (g *Graph) dualStep() bool {
	delta := g.tmp[3]
	kind, ev := 0, noEdge
	cand := g.tmp[0]
	better := func(k int, e edge) {
		if kind == 0 || cmp(cand, delta) < 0 {
			copy(delta, cand)
			kind, ev = k, e
		}
	}
	// The labelled vertices are those of the labelled top-level nodes, a tree's worth rather
	// than the whole graph. δ1 takes the least dual of an S vertex, the lowest-numbered of
	// equal ones.
	least := int32(-1)
	for _, b := range g.labelled {
		if g.label[b] != labelS || !g.isTop(b) {
			continue
		}
		for _, v := range g.verts[b] {
			if least < 0 {
				least = v
			} else if c := cmp(g.d(v), g.d(least)); c < 0 || c == 0 && v < least {
				least = v
			}
		}
	}
	if least >= 0 {
		copy(cand, g.d(least))
		better(1, edge{least, -1})
	}
	// δ2: the slack key+U(x)-tightS of an unlabelled vertex's best edge. An unlabelled vertex's
	// dual stands still during the stage, so key+U(x) is kept (keyDual) from the moment its
	// key changes, or, for a vertex that was in a T blossom, from the blossom's expansion; the
	// least of them gives the least slack (the first such vertex, as a sum per vertex would).
	best := int32(-1)
	for _, x := range g.alive {
		if s := g.bestS[x]; s >= 0 && g.label[g.top[x]] == unlabelled {
			if best < 0 || cmp(g.at(g.keyDual, x), g.at(g.keyDual, best)) < 0 {
				best = x
			}
		}
	}
	if best >= 0 {
		sub(cand, g.at(g.keyDual, best), g.tightS)
		better(2, edge{g.bestS[best], best})
	}
	for _, b := range g.labelled {
		if !g.isTop(b) {
			continue
		}
		switch g.label[b] {
		case labelS:
			if e := g.bestSS[b]; e.a >= 0 {
				sub(g.tmp[2], g.at(g.sskey, b), g.tightSS)
				half(cand, g.tmp[2])
				better(3, e)
			}
		case labelT:
			if b >= int32(g.n) {
				half(cand, g.d(b))
				better(4, edge{b, -1})
			}
		}
	}

	twice := g.tmp[1]
	double(twice, delta)
	add(g.delta, g.delta, delta)
	add(g.tightS, g.tightS, delta)
	add(g.tightSS, g.tightSS, twice)
	for _, b := range g.labelled {
		if !g.isTop(b) {
			continue
		}
		switch g.label[b] {
		case labelS:
			for _, v := range g.verts[b] {
				sub(g.d(v), g.d(v), delta)
			}
			if b >= int32(g.n) {
				add(g.d(b), g.d(b), twice)
			}
		case labelT:
			for _, v := range g.verts[b] {
				add(g.d(v), g.d(v), delta)
			}
			if b >= int32(g.n) {
				sub(g.d(b), g.d(b), twice)
			}
		}
	}

	switch kind {
	case 1:
		g.augmentFrom(ev.a, -1)
		return true
	case 2, 3:
		g.tight = append(g.tight, ev)
	case 4:
		g.expandT(ev.a)
	}
	return false
}

// isTop reports whether node b is a top-level node in use.
func (g *Graph) isTop(b int32) bool {
	if g.parent[b] >= 0 {
		return false
	}
	return b < int32(g.n) || g.inUse[b]
}

// expandT expands T blossom b, whose dual reached zero, in the middle of a stage. Its kids on
// the even path from the kid that was reached to the base kid take T and S labels in turn; the
// others are unlabelled, unless a tight edge reaches them.
func (g *Graph) expandT(b int32) {
	kids := append([]int32(nil), g.kids[b]...)
	links := append([]edge(nil), g.links[b]...)
	k := len(kids)
	from, to := g.from[b], g.to[b]
	j := g.kidHolding(b, to)
	g.expand(b)

	onPath := make([]bool, k)
	var newS []int32
	l := labelT
	i := j
	for {
		onPath[i] = true
		g.setLabel(kids[i], l, from, to)
		if l == labelS {
			newS = append(newS, kids[i])
		}
		if i == 0 {
			break
		}
		// Step to the next kid along the even side, remembering the link crossed.
		if j%2 == 0 {
			e := links[i-1]
			from, to = e.b, e.a
			i--
		} else {
			e := links[i]
			from, to = e.a, e.b
			i = (i + 1) % k
		}
		if l == labelT {
			l = labelS
		} else {
			l = labelT
		}
	}
	for i, kid := range kids {
		if onPath[i] {
			continue
		}
		for _, v := range g.verts[kid] {
			if s := g.bestS[v]; s >= 0 {
				// v's dual moved while it was in a T blossom: its keyDual is taken again.
				sl := g.at(g.keyDual, v)
				if add(sl, g.at(g.key, v), g.d(v)); cmp(sl, g.tightS) == 0 {
					g.tight = append(g.tight, edge{s, v})
				}
			}
		}
	}
	for _, kid := range newS {
		g.scanNode(kid)
	}
}

// endStage clears the labels. Blossoms stay, even those whose dual is zero: they are still
// valid, and forming them again would cost a scan of their vertices.
func (g *Graph) endStage() {
	for _, b := range g.labelled {
		g.label[b] = unlabelled
		g.listed[b] = false
		g.bestSS[b] = noEdge
	}
	g.labelled = g.labelled[:0]
	if cap(g.tight) > 8*g.n {
		g.tight = nil // a long queue is not kept from one stage to the next
	}
	g.tight = g.tight[:0]
	g.tightLimit = 0
	g.toFree = g.toFree[:0]
}

// pushTight queues the tight edge from S vertex s to x, an unlabelled vertex. An edge to a
// free node augments the matching and ends the stage, so it is taken before any other: in a
// bracket of many equal weights nearly every edge of a scanned vertex is tight, and taking
// them last in, first out let the tree wander through hundreds of matched vertices before it
// came back to the free one it had seen at the start (round 2 of 4 000 players: its
// questions took seven times fewer scans once the free nodes came first).
func (g *Graph) pushTight(s, x int32) {
	if g.mate[g.base[g.top[x]]] < 0 {
		g.toFree = append(g.toFree, edge{s, x})
		return
	}
	g.queueTight(s, x)
}

// queueTight queues the tight edge from S vertex s to x, keeping the queue short.
func (g *Graph) queueTight(s, x int32) {
	g.tight = append(g.tight, edge{s, x})
	if len(g.tight) >= max(g.tightLimit, 8*g.n) {
		g.compactTight()
	}
}

// compactTight drops from the queue of tight edges those that no longer lead anywhere: to a
// node now labelled T, or inside one node. The others keep their order. (A T node that a new
// blossom takes in becomes S with it, and the blossom's scan queues its tight edges again.)
// Over many equal weights a stage queues an edge for nearly every pair of an S vertex and an
// unlabelled node, most of which a single edge labels; the queue reached 730 MB in round 9 of
// 9 999 players before it was kept short.
func (g *Graph) compactTight() {
	kept := g.tight[:0]
	for _, e := range g.tight {
		bs, bx := g.top[e.a], g.top[e.b]
		if bs == bx || g.label[bx] == labelT || !g.active[e.b] {
			continue
		}
		kept = append(kept, e)
	}
	g.tight = kept
	g.tightLimit = 2 * len(kept)
}
