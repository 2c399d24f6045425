package matching

import "testing"

func TestStart(t *testing.T) {
	// Weights 1 + f(u) + f(v): every edge is tight with duals of 1/2 + f(v), so any perfect
	// matching is maximum and those duals prove it.
	f := []uint64{0, 1, 1, 0, 2, 0}
	perfect := []int32{1, 0, 3, 2, 5, 4}
	halves := func(v int, d []uint64) { clear(d); d[0] = 1 + 2*f[v] }
	cases := []struct {
		name  string
		mate  []int32
		twice func(v int, d []uint64)
		ok    bool
	}{
		{"a perfect matching, half a weight each", perfect, halves, true},
		{"one dual too low", perfect, func(v int, d []uint64) {
			halves(v, d)
			if v == 4 {
				d[0]--
			}
		}, false},
		{"a matched edge not tight", perfect, func(v int, d []uint64) {
			halves(v, d)
			if v == 0 || v == 2 || v == 4 {
				d[0]++
			}
		}, false},
		{"a free vertex with a dual", []int32{1, 0, 3, 2, -1, -1}, halves, false},
		{"mates that disagree", []int32{1, 2, 3, 2, 5, 4}, halves, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := New(len(f), 8)
			for u := range len(f) {
				for v := u + 1; v < len(f); v++ {
					g.SetWeight(u, v, []uint64{1 + f[u] + f[v]})
				}
			}
			if got := g.Start(c.mate, c.twice); got != c.ok {
				t.Fatalf("Start = %v, want %v", got, c.ok)
			}
			g.Solve()
			if err := g.certificate(); err != nil {
				t.Fatal(err)
			}
			if !c.ok {
				return
			}
			for v, m := range c.mate {
				if g.Mate(v) != int(m) {
					t.Errorf("mate(%d) = %d after Solve, want %d as started", v, g.Mate(v), m)
				}
			}
		})
	}
}
