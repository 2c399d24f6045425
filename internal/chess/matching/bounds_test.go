package matching

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// bestWith returns the largest weight of a matching of the active vertices that holds the edge
// {u, v}, or nil when the edge is absent.
func bestWith(n int, active []bool, w [][]*big.Int, u, v int) *big.Int {
	if w[u][v] == nil || w[u][v].Sign() == 0 {
		return nil
	}
	rest := append([]bool(nil), active...)
	rest[u], rest[v] = false, false
	return new(big.Int).Add(w[u][v], bruteForce(n, rest, w))
}

// TestSlackAboveBoundsEveryMatching checks SlackAbove against the brute force: when it says an
// edge's slack exceeds t, every matching holding the edge weighs more than t below the maximum;
// when it says not, the certificate's slack (which bounds that loss from below) is at most t,
// and an edge of a maximum matching always has slack 0.
func TestSlackAboveBoundsEveryMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		n := 2 + rng.IntN(9)
		bits := []int{3, 20, 64, 100}[rng.IntN(4)]
		f := newFixture(t, rng, n, bits, []float64{0, 0.3}[rng.IntN(2)])
		for u := range n {
			for v := u + 1; v < n; v++ {
				f.set(u, v, f.randomWeight())
			}
		}
		f.check(fmt.Sprintf("trial %d", trial))
		best := bruteForce(n, f.active, f.w)
		for u := range n {
			for v := u + 1; v < n; v++ {
				with := bestWith(n, f.active, f.w, u, v)
				if with == nil {
					continue
				}
				loss := new(big.Int).Sub(best, with)
				for _, tv := range []uint64{0, 1, 2, 7} {
					above := f.g.SlackAbove(u, v, tv)
					if above && loss.Cmp(new(big.Int).SetUint64(tv)) <= 0 {
						t.Fatalf("trial %d: edge {%d, %d} has slack above %d, but a matching holding it loses only %v", trial, u, v, tv, loss)
					}
					if f.g.Mate(u) == v && above {
						t.Fatalf("trial %d: matched edge {%d, %d} has slack above %d", trial, u, v, tv)
					}
				}
			}
		}
	}
}

// TestSwappableKeepsMaximum checks that an exchange Swappable allows in a maximum matching
// gives a matching of the same weight, and that it refuses one that would lose weight.
func TestSwappableKeepsMaximum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for trial := range 300 {
		n := 4 + rng.IntN(7)
		f := newFixture(t, rng, n, []int{3, 20, 100}[rng.IntN(3)], 0.2)
		for u := range n {
			for v := u + 1; v < n; v++ {
				f.set(u, v, f.randomWeight())
			}
		}
		f.check(fmt.Sprintf("trial %d", trial))
		best := bruteForce(n, f.active, f.w)
		weight := func(u, v int) *big.Int {
			if u < 0 || v < 0 || f.w[u][v] == nil {
				return new(big.Int)
			}
			return f.w[u][v]
		}
		for v := range n {
			m := f.g.Mate(v)
			if m < 0 {
				continue
			}
			for c := range n {
				if c == v || c == m {
					continue
				}
				x := f.g.Mate(c)
				if x == v {
					continue
				}
				after := new(big.Int).Sub(best, weight(v, m))
				after.Sub(after, weight(x, c))
				after.Add(after, weight(v, c))
				after.Add(after, weight(x, m))
				ok := f.g.Swappable(v, m, x, c)
				present := f.w[v][c] != nil && f.w[v][c].Sign() != 0
				if ok != (present && after.Cmp(best) == 0) {
					t.Fatalf("trial %d: Swappable(%d, %d, %d, %d) = %v, weight after %v, maximum %v", trial, v, m, x, c, ok, after, best)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no exchange was tried")
	}
}
