package matching

import (
	"fmt"
	"math/big"
)

// certificate checks the optimality conditions the algorithm maintains: every edge has
// non-negative slack counting the duals of the blossoms that hold both ends, matched edges and
// blossom links are tight, free vertices have a zero dual, blossom duals are even, and each
// blossom's vertices but its base are matched inside it. Together they prove the matching
// maximum, independently of how it was found.
func (g *Graph) certificate() error {
	toBig := func(x []uint64) *big.Int {
		var b big.Int
		for i := len(x) - 1; i >= 0; i-- {
			b.Lsh(&b, 64)
			b.Or(&b, new(big.Int).SetUint64(x[i]))
		}
		return &b
	}
	ancestors := func(v int32) map[int32]bool {
		m := map[int32]bool{}
		for b := g.parent[v]; b >= 0; b = g.parent[b] {
			m[b] = true
		}
		return m
	}
	slack := func(u, v int32) *big.Int {
		s := new(big.Int).Add(toBig(g.d(u)), toBig(g.d(v)))
		au := ancestors(u)
		for b := g.parent[v]; b >= 0; b = g.parent[b] {
			if au[b] {
				s.Add(s, toBig(g.d(b)))
			}
		}
		return s.Sub(s, toBig(g.w(u, v)))
	}
	n := int32(g.n)
	// While the graph is restricted, the certificate is over the vertices not hidden.
	visible := func(v int32) bool { return g.active[v] && !g.isHidden[v] }
	for u := range n {
		if !visible(u) {
			continue
		}
		if g.mate[u] < 0 && !isZero(g.d(u)) {
			return fmt.Errorf("free vertex %d has dual %v", u, toBig(g.d(u)))
		}
		if m := g.mate[u]; m >= 0 {
			if !g.present(u, m) {
				return fmt.Errorf("matched edge {%d, %d} is absent", u, m)
			}
			if s := slack(u, m); s.Sign() != 0 {
				return fmt.Errorf("matched edge {%d, %d} has slack %v", u, m, s)
			}
		}
		for v := u + 1; v < n; v++ {
			if visible(v) && g.present(u, v) {
				if s := slack(u, v); s.Sign() < 0 {
					return fmt.Errorf("edge {%d, %d} has negative slack %v", u, v, s)
				}
			}
		}
	}
	for b := n; b < 2*n; b++ {
		if !g.inUse[b] || !visible(g.base[b]) {
			continue
		}
		if isOdd(g.d(b)) {
			return fmt.Errorf("blossom %d has an odd dual", b)
		}
		if len(g.kids[b])%2 == 0 {
			return fmt.Errorf("blossom %d has %d kids", b, len(g.kids[b]))
		}
		for _, e := range g.links[b] {
			if s := slack(e.a, e.b); s.Sign() != 0 {
				return fmt.Errorf("blossom %d link {%d, %d} has slack %v", b, e.a, e.b, s)
			}
		}
		inside := map[int32]bool{}
		for _, v := range g.verts[b] {
			inside[v] = true
		}
		for _, v := range g.verts[b] {
			if v == g.base[b] {
				if m := g.mate[v]; m >= 0 && inside[m] {
					return fmt.Errorf("blossom %d base %d matched inside", b, v)
				}
			} else if !inside[g.mate[v]] {
				return fmt.Errorf("blossom %d vertex %d matched outside", b, v)
			}
		}
	}
	return nil
}
