package matching

import "math/big"

// ClassDuals proposes duals for a maximum-weight perfect matching of a graph whose vertices
// fall into classes of interchangeable vertices: sizes[c] vertices in class c, and every edge
// between a vertex of class c and one of class d weighing weight(c, d) (nil when such
// vertices may not meet). It solves the problem with classes for vertices, as a
// transportation problem in which each class sends its size and receives it, and returns,
// per class, the sum of its two duals there: twice a dual y_c such that y_c + y_d covers
// weight(c, d) for every pair of classes, with equality where the transportation's optimum
// uses the pair. ok is false when no such transport exists.
//
// It is a proposal, not a proof: the graph's own edges (some pairs of one class may not meet)
// may have no perfect matching over the pairs of classes it makes tight. Graph.Start checks
// the proof. A large bracket of a Swiss round has a handful of classes (the players' colour
// preferences and floats), so that its matching starts from these duals in a few
// milliseconds, where stages would take seconds.
func ClassDuals(sizes []int, weight func(c, d int) *big.Int) (twice []*big.Int, ok bool) {
	k := len(sizes)
	// Nodes: the source, k senders, k receivers, the sink.
	src, sink := 0, 2*k+1
	f := &flow{n: 2*k + 2}
	for c := range k {
		f.arc(src, 1+c, sizes[c], new(big.Int))
		f.arc(1+k+c, sink, sizes[c], new(big.Int))
	}
	total := 0
	for c := range k {
		total += sizes[c]
		for d := range k {
			w := weight(c, d)
			if w == nil || c == d && sizes[c] < 2 {
				continue
			}
			// The largest weight is the cheapest: costs are weights negated.
			f.arc(1+c, 1+k+d, 1<<30, new(big.Int).Neg(w))
		}
	}
	sent := 0
	for sent < total {
		path, amount := f.cheapestPath(src, sink)
		if path == nil {
			return nil, false
		}
		for _, a := range path {
			f.cap[a] -= amount
			f.cap[a^1] += amount
		}
		sent += amount
	}
	// Distances from a virtual root joined to every node at no cost: on the residual arcs of
	// an optimal flow they leave no arc with a negative reduced cost, and they are the
	// transportation's duals.
	dist := make([]*big.Int, f.n)
	for v := range dist {
		dist[v] = new(big.Int)
	}
	if !f.relax(dist) {
		return nil, false
	}
	twice = make([]*big.Int, k)
	for c := range k {
		// u_c = dist(sender c), v_c = -dist(receiver c): u_c + v_d - w(c, d) is the reduced
		// cost of the arc from sender c to receiver d, non-negative, zero where flow runs.
		twice[c] = new(big.Int).Sub(dist[1+c], dist[1+k+c])
		if twice[c].Sign() < 0 {
			return nil, false
		}
	}
	return twice, true
}

// flow is a residual network: arc i runs from from[i] to to[i]; arc i^1 is its reverse.
type flow struct {
	n             int
	from, to, cap []int
	cost          []*big.Int
}

func (f *flow) arc(u, v, c int, cost *big.Int) {
	f.from = append(f.from, u, v)
	f.to = append(f.to, v, u)
	f.cap = append(f.cap, c, 0)
	f.cost = append(f.cost, cost, new(big.Int).Neg(cost))
}

// cheapestPath returns the arcs of a cheapest path from s to t over arcs with room
// (Bellman–Ford: costs may be negative, cycles may not, the flow being cheapest so far), and
// the most it can carry.
func (f *flow) cheapestPath(s, t int) ([]int, int) {
	dist := make([]*big.Int, f.n)
	via := make([]int, f.n)
	for v := range via {
		via[v] = -1
	}
	dist[s] = new(big.Int)
	for range f.n {
		changed := false
		for a := range f.cap {
			u, v := f.from[a], f.to[a]
			if f.cap[a] == 0 || dist[u] == nil {
				continue
			}
			d := new(big.Int).Add(dist[u], f.cost[a])
			if dist[v] == nil || d.Cmp(dist[v]) < 0 {
				dist[v], via[v], changed = d, a, true
			}
		}
		if !changed {
			break
		}
	}
	if dist[t] == nil {
		return nil, 0
	}
	var path []int
	amount := -1
	for v := t; v != s; v = f.from[via[v]] {
		a := via[v]
		path = append(path, a)
		if amount < 0 || f.cap[a] < amount {
			amount = f.cap[a]
		}
	}
	return path, amount
}

// relax lowers dist (all zero: a virtual root at every node) along the arcs with room until
// no arc can lower it, and reports false if that does not end (a negative cycle).
func (f *flow) relax(dist []*big.Int) bool {
	for range f.n + 1 {
		changed := false
		for a := range f.cap {
			if f.cap[a] == 0 {
				continue
			}
			d := new(big.Int).Add(dist[f.from[a]], f.cost[a])
			if d.Cmp(dist[f.to[a]]) < 0 {
				dist[f.to[a]], changed = d, true
			}
		}
		if !changed {
			return true
		}
	}
	return false
}
