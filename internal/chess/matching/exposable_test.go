package matching

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// exposableByEnumeration answers Exposable's question by trying every matching.
func exposableByEnumeration(n int, adj [][]bool) ([]bool, int) {
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	best := -1
	var exposedSets [][]bool
	var walk func(i, pairs int)
	walk = func(i, pairs int) {
		for i < n && mate[i] >= 0 {
			i++
		}
		if i == n {
			exposed := make([]bool, n)
			for v := range n {
				exposed[v] = mate[v] < 0 || mate[v] == v
			}
			switch {
			case pairs > best:
				best, exposedSets = pairs, [][]bool{exposed}
			case pairs == best:
				exposedSets = append(exposedSets, exposed)
			}
			return
		}
		mate[i] = i // i stays unmatched: it partners itself while the walk goes on
		walk(i+1, pairs)
		mate[i] = -1
		for j := i + 1; j < n; j++ {
			if mate[j] < 0 && adj[i][j] {
				mate[i], mate[j] = j, i
				walk(i+1, pairs+1)
				mate[i], mate[j] = -1, -1
			}
		}
	}
	walk(0, 0)
	union := make([]bool, n)
	for _, s := range exposedSets {
		for v, x := range s {
			union[v] = union[v] || x
		}
	}
	return union, n - 2*best
}

func TestExposable(t *testing.T) {
	// A few graphs whose answer is known by hand, then random ones against enumeration.
	cases := []struct {
		name       string
		n          int
		edges      [][2]int
		exposable  []int
		deficiency int
	}{
		{"no vertices", 0, nil, nil, 0},
		{"one vertex", 1, nil, []int{0}, 1},
		{"path of three", 3, [][2]int{{0, 1}, {1, 2}}, []int{0, 2}, 1},
		{"triangle", 3, [][2]int{{0, 1}, {1, 2}, {0, 2}}, []int{0, 1, 2}, 1},
		{"star of four", 4, [][2]int{{0, 1}, {0, 2}, {0, 3}}, []int{1, 2, 3}, 2},
		{"two triangles joined by a path", 7,
			[][2]int{{0, 1}, {1, 2}, {0, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {4, 6}},
			[]int{0, 1, 2, 4, 5, 6}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			adj := map[[2]int]bool{}
			for _, e := range c.edges {
				adj[[2]int{e[0], e[1]}] = true
			}
			got, d := exposableAll(c.n, func(u, v int) bool { return adj[[2]int{u, v}] })
			var ids []int
			for v, x := range got {
				if x {
					ids = append(ids, v)
				}
			}
			if d != c.deficiency || !slices.Equal(ids, c.exposable) {
				t.Errorf("got %v, deficiency %d; want %v, %d", ids, d, c.exposable, c.deficiency)
			}
		})
	}

	rng := rand.New(rand.NewPCG(2026, 23))
	for trial := range 3000 {
		n := 1 + rng.IntN(11)
		p := []float64{0.15, 0.35, 0.6, 0.9}[trial%4]
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					adj[i][j], adj[j][i] = true, true
				}
			}
		}
		// The whole graph, and the subgraph of some of its vertices.
		a := NewAdjacency(n, func(u, v int) bool { return adj[u][v] })
		var of []int32
		sub := make([][]bool, n)
		for v := range n {
			sub[v] = make([]bool, n)
			if trial%3 == 0 || rng.IntN(4) > 0 {
				of = append(of, int32(v))
			}
		}
		for _, u := range of {
			for _, v := range of {
				sub[u][v] = adj[u][v]
			}
		}
		for _, c := range []struct {
			of  []int32
			adj [][]bool
		}{{all(n), adj}, {of, sub}} {
			got, d := a.Exposable(c.of)
			want, wd := exposableByEnumeration(n, c.adj)
			// Enumeration counts the vertices left out of the subgraph as exposed.
			wd -= n - len(c.of)
			for v := range n {
				if !slices.Contains(c.of, int32(v)) {
					want[v] = false
				}
			}
			if d != wd || !slices.Equal(got, want) {
				t.Fatalf("trial %d, n=%d, graph %v, vertices %v: got %v, deficiency %d; want %v, %d", trial, n, adj, c.of, got, d, want, wd)
			}
		}
	}
}

func all(n int) []int32 {
	out := make([]int32, n)
	for v := range out {
		out[v] = int32(v)
	}
	return out
}

func exposableAll(n int, adjacent func(u, v int) bool) ([]bool, int) {
	return NewAdjacency(n, adjacent).Exposable(all(n))
}
