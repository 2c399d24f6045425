package matching

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestClassDuals checks the duals ClassDuals proposes against the graph the classes stand for:
// they cover every edge, and, when the pairs of classes they make tight pair every vertex (as
// Start requires), their sum is the maximum weight of a perfect matching found by Solve.
func TestClassDuals(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	proved := 0
	for trial := range 400 {
		k := 1 + rng.IntN(4)
		sizes := make([]int, k)
		n := 0
		for c := range sizes {
			sizes[c] = 1 + rng.IntN(3)
			n += sizes[c]
		}
		if n%2 == 1 {
			sizes[0]++
			n++
		}
		w := make([][]*big.Int, k)
		for c := range w {
			w[c] = make([]*big.Int, k)
		}
		for c := range k {
			for d := c; d < k; d++ {
				if rng.IntN(6) > 0 {
					x := big.NewInt(int64(8 + rng.IntN(4)))
					w[c][d], w[d][c] = x, x
				}
			}
		}
		twice, ok := ClassDuals(sizes, func(c, d int) *big.Int { return w[c][d] })
		class := make([]int, 0, n)
		for c, s := range sizes {
			for range s {
				class = append(class, c)
			}
		}
		g := New(n, 8)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if x := w[class[u]][class[v]]; x != nil {
					g.SetWeight(u, v, []uint64{x.Uint64()})
				}
			}
		}
		g.Solve()
		perfect, best := true, new(big.Int)
		for u := range n {
			if m := g.Mate(u); m < 0 {
				perfect = false
			} else if u < m {
				best.Add(best, w[class[u]][class[m]])
			}
		}
		if !ok {
			if perfect {
				t.Fatalf("trial %d: sizes %v weights %v: no duals, but a perfect matching exists", trial, sizes, w)
			}
			continue
		}
		sum := new(big.Int)
		for c := range k {
			sum.Add(sum, new(big.Int).Mul(big.NewInt(int64(sizes[c])), twice[c]))
			for d := range k {
				if w[c][d] == nil || c == d && sizes[c] < 2 {
					continue
				}
				cover := new(big.Int).Add(twice[c], twice[d])
				if cover.Cmp(new(big.Int).Lsh(w[c][d], 1)) < 0 {
					t.Fatalf("trial %d: classes %d, %d: twice the duals %v + %v below twice the weight %v", trial, c, d, twice[c], twice[d], w[c][d])
				}
			}
		}
		// sum is twice the duals' total, twice the dual objective: never below the optimum.
		if perfect && sum.Cmp(new(big.Int).Lsh(best, 1)) < 0 {
			t.Fatalf("trial %d: duals' total %v/2 below the maximum %v", trial, sum, best)
		}
		// Start accepts them exactly when the tight pairs pair everybody.
		mate := make([]int32, n)
		for u := range n {
			mate[u] = int32(g.Mate(u))
		}
		g2 := New(n, 8)
		for u := range n {
			for v := u + 1; v < n; v++ {
				if x := w[class[u]][class[v]]; x != nil {
					g2.SetWeight(u, v, []uint64{x.Uint64()})
				}
			}
		}
		if perfect && sum.Cmp(new(big.Int).Lsh(best, 1)) == 0 {
			if !g2.Start(mate, func(v int, d []uint64) { d[0] = twice[class[v]].Uint64() }) {
				t.Fatalf("trial %d: Start refused duals whose total is the maximum", trial)
			}
			proved++
		}
	}
	if proved < 100 {
		t.Errorf("only %d of 400 class problems proved at once", proved)
	}
}
