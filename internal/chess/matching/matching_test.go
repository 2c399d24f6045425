package matching

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// bruteForce returns the largest total weight of a matching of the active vertices, by trying
// them all. w[u][v] is nil or zero for an absent edge.
func bruteForce(n int, active []bool, w [][]*big.Int) *big.Int {
	used := make([]bool, n)
	var best func(int) *big.Int
	best = func(i int) *big.Int {
		for i < n && (used[i] || !active[i]) {
			i++
		}
		if i == n {
			return new(big.Int)
		}
		used[i] = true
		result := best(i + 1) // i unmatched
		for j := i + 1; j < n; j++ {
			if used[j] || !active[j] || w[i][j] == nil || w[i][j].Sign() == 0 {
				continue
			}
			used[j] = true
			r := new(big.Int).Add(w[i][j], best(i+1))
			if r.Cmp(result) > 0 {
				result = r
			}
			used[j] = false
		}
		used[i] = false
		return result
	}
	return best(0)
}

// toWords writes x into a number of the given width.
func toWords(x *big.Int, words int) []uint64 {
	out := make([]uint64, words)
	for i, w := range x.Bits() {
		out[i] = uint64(w)
	}
	return out
}

// fixture is a graph under test with its weights kept as big integers for the brute force.
type fixture struct {
	t      *testing.T
	g      *Graph
	n      int
	bits   int
	active []bool
	hidden []bool // hidden by Restrict; nil when the graph is not restricted
	w      [][]*big.Int
	rng    *rand.Rand
	zeroP  float64
}

func newFixture(t *testing.T, rng *rand.Rand, n, bits int, zeroP float64) *fixture {
	f := &fixture{t: t, g: New(n, bits), n: n, bits: bits, active: make([]bool, n), rng: rng, zeroP: zeroP}
	f.w = make([][]*big.Int, n)
	for i := range n {
		f.active[i] = true
		f.w[i] = make([]*big.Int, n)
	}
	return f
}

// randomWeight draws a weight below 2^bits, often with few distinct values so that ties abound.
func (f *fixture) randomWeight() *big.Int {
	if f.rng.Float64() < f.zeroP {
		return new(big.Int)
	}
	x := new(big.Int)
	switch f.rng.IntN(3) {
	case 0: // a few small values in the top bits: many ties
		x.SetInt64(int64(1 + f.rng.IntN(3)))
		x.Lsh(x, uint(f.bits-2))
	case 1: // top bits plus noise in the low bits
		x.SetInt64(int64(1 + f.rng.IntN(3)))
		x.Lsh(x, uint(f.bits-2))
		x.Add(x, big.NewInt(int64(f.rng.IntN(1<<min(3, f.bits-2)))))
	default: // anything
		for i := 0; i < f.bits; i += 32 {
			x.Lsh(x, 32)
			x.Or(x, big.NewInt(int64(f.rng.Uint32())))
		}
		x.Rsh(x, uint((f.bits+31)/32*32-f.bits))
		if x.Sign() == 0 {
			x.SetInt64(1)
		}
	}
	return x
}

func (f *fixture) set(u, v int, x *big.Int) {
	f.w[u][v], f.w[v][u] = x, x
	f.g.SetWeight(u, v, toWords(x, f.g.Words()))
}

// visible returns the vertices the matching is over: the active ones, but those hidden.
func (f *fixture) visible() []bool {
	v := make([]bool, f.n)
	for u := range f.n {
		v[u] = f.active[u] && (f.hidden == nil || !f.hidden[u])
	}
	return v
}

// restrict hides the vertices for which hide is true, or, when the graph is restricted,
// shows them all again.
func (f *fixture) restrict(hide []bool) {
	if f.hidden != nil {
		f.g.Unrestrict()
		f.hidden = nil
		return
	}
	f.hidden = hide
	f.g.Restrict(func(v int) bool { return !hide[v] })
}

// check solves and compares with the brute force; it also checks the dual certificate.
func (f *fixture) check(step string) {
	f.t.Helper()
	f.g.Solve()
	total := new(big.Int)
	for u := range f.n {
		m := f.g.Mate(u)
		if m < 0 {
			continue
		}
		if f.hidden != nil && f.hidden[u] {
			continue // a hidden vertex keeps its pair with another hidden one
		}
		if !f.visible()[u] || !f.visible()[m] || f.g.Mate(m) != u {
			f.t.Fatalf("%s: mate(%d) = %d, mate(%d) = %d, active %v %v", step, u, m, m, f.g.Mate(m), f.active[u], f.active[m])
		}
		if f.w[u][m] == nil || f.w[u][m].Sign() == 0 {
			f.t.Fatalf("%s: matched absent edge {%d, %d}", step, u, m)
		}
		if u < m {
			total.Add(total, f.w[u][m])
		}
	}
	if want := bruteForce(f.n, f.visible(), f.w); total.Cmp(want) != 0 {
		f.t.Fatalf("%s: matching weight %v, maximum %v", step, total, want)
	}
	if err := f.g.certificate(); err != nil {
		f.t.Fatalf("%s: %v", step, err)
	}
}

func TestMaximumAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 800 {
		n := 1 + rng.IntN(10)
		bits := []int{3, 20, 61, 64, 100, 190}[rng.IntN(6)]
		f := newFixture(t, rng, n, bits, []float64{0, 0.3, 0.7}[rng.IntN(3)])
		for u := range n {
			for v := u + 1; v < n; v++ {
				f.set(u, v, f.randomWeight())
			}
		}
		f.check(fmt.Sprintf("trial %d initial", trial))
		for step := range 12 {
			vis := f.visible()
			switch rng.IntN(7) {
			case 0: // remove a vertex
				u := rng.IntN(n)
				if vis[u] {
					f.active[u] = false
					f.g.Remove(u)
				}
			case 1: // change every edge of a vertex
				u := rng.IntN(n)
				if !vis[u] {
					continue
				}
				for v := range n {
					if v != u && f.active[v] {
						f.set(u, v, f.randomWeight())
					}
				}
			case 2: // hide some vertices, or show them again
				hide := make([]bool, n)
				for u := range hide {
					hide[u] = rng.IntN(3) == 0
				}
				f.restrict(hide)
			case 3: // change a vertex's edges and hide it before the next matching: it is
				// repaired once shown again, against every vertex
				u := rng.IntN(n)
				if !vis[u] || f.hidden != nil {
					continue
				}
				for v := range n {
					if v != u && f.active[v] && rng.IntN(2) == 0 {
						f.set(u, v, f.randomWeight())
					}
				}
				hide := make([]bool, n)
				for v := range hide {
					hide[v] = v == u || rng.IntN(3) == 0
				}
				f.restrict(hide)
			default: // change a few edges, possibly around several vertices
				for range 1 + rng.IntN(3) {
					u, v := rng.IntN(n), rng.IntN(n)
					if u == v || !vis[u] || !f.active[v] {
						continue
					}
					f.set(u, v, f.randomWeight())
				}
			}
			f.check(fmt.Sprintf("trial %d step %d", trial, step))
		}
	}
}

// TestLargerGraphsStayCertified runs bigger random graphs, where brute force is out of reach,
// and checks the dual certificate after every change.
func TestLargerGraphsStayCertified(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 12 {
		n := 20 + rng.IntN(60)
		f := newFixture(t, rng, n, 150, 0.2)
		for u := range n {
			for v := u + 1; v < n; v++ {
				f.set(u, v, f.randomWeight())
			}
		}
		f.g.Solve()
		if err := f.g.certificate(); err != nil {
			t.Fatalf("trial %d initial: %v", trial, err)
		}
		for step := range 30 {
			u := rng.IntN(n)
			if !f.active[u] {
				continue
			}
			if rng.IntN(4) == 0 {
				f.active[u] = false
				f.g.Remove(u)
			} else {
				for v := range n {
					if v != u && f.active[v] && rng.IntN(2) == 0 {
						f.set(u, v, f.randomWeight())
					}
				}
			}
			f.g.Solve()
			if err := f.g.certificate(); err != nil {
				t.Fatalf("trial %d step %d: %v", trial, step, err)
			}
		}
	}
}

func TestNumberHelpers(t *testing.T) {
	a := []uint64{^uint64(0), 1}
	b := []uint64{1, 0}
	s := make([]uint64, 2)
	add(s, a, b)
	if s[0] != 0 || s[1] != 2 {
		t.Errorf("add carry: %v", s)
	}
	sub(s, s, b)
	if cmp(s, a) != 0 {
		t.Errorf("sub borrow: %v", s)
	}
	half(s, []uint64{0, 1})
	if s[0] != 1<<63 || s[1] != 0 {
		t.Errorf("half: %v", s)
	}
	double(s, []uint64{1 << 63, 0})
	if s[0] != 0 || s[1] != 1 {
		t.Errorf("double: %v", s)
	}
	addSmall(s, ^uint64(0))
	subSmall(s, ^uint64(0))
	if s[0] != 0 || s[1] != 1 {
		t.Errorf("addSmall/subSmall: %v", s)
	}
	g := New(2, 70)
	if g.fits([]uint64{0, 1 << 6}) || !g.fits([]uint64{^uint64(0), 1<<6 - 1}) {
		t.Error("fits disagrees with 70 bits")
	}
}
