package tiebreak

import (
	"slices"
)

// directEncounter computes DE (C.07 6) for players ranked so far: place[i] is player i's place
// after the tie-breaks before DE in the list. Among the players sharing a place:
//
//   - each scores the points of their games against the others of the group (6.1); a forfeit
//     counts only in a round robin (15.2) or with /P (6.1.1), and two players who met more than
//     once count the average of their games (6.1.2);
//   - if all of them have met (6.2), or in a round robin, they are ordered by those points,
//     equal points sharing a place;
//   - otherwise (6.3) the leader is placed first only if their points are more than any other
//     member could have, counting a win for each game that member did not play against the
//     group; then the next, and so on, until one cannot be placed;
//   - the procedure starts again inside every group it creates, until it separates no one.
//
// The value is the player's place within their group, from 1, when DE split the group, and 0
// when it did not (which includes a player who was not tied).
//
// TieBreakServer 1.9.57 counts a repeated meeting as the only opponent a player met within the
// group, which matters only when two players of a Swiss group met twice over the board; here
// each opponent counts once.
func (c *calc) directEncounter(s Spec, place []int) []Value {
	sub := slices.Clone(place)
	all := make([]int, len(place))
	for i := range all {
		all[i] = i
	}
	groups := groupBy(all, place)
	in := make([]bool, len(c.es)) // splitGroup's marks of its group's members, cleared after
	for len(groups) > 0 {
		g := groups[len(groups)-1]
		groups = groups[:len(groups)-1]
		if len(g) < 2 {
			continue
		}
		if c.splitGroup(s, g, sub, in) {
			groups = append(groups, groupBy(g, sub)...)
		}
	}
	out := make([]Value, len(c.es))
	for _, g := range groupBy(all, place) {
		lo, hi := sub[g[0]], sub[g[0]]
		for _, i := range g {
			lo, hi = min(lo, sub[i]), max(hi, sub[i])
		}
		for _, i := range g {
			if lo == hi {
				out[i] = whole(0)
			} else {
				out[i] = whole(int64(sub[i] - lo + 1))
			}
		}
	}
	return out
}

// splitGroup applies 6.1-6.3 once to the group g (indexes of players sharing sub-place
// sub[g[0]]), writing the new sub-places; it reports whether the group was split. in marks
// the group's members while it runs (all false before and after): one slice for every group,
// so that the many small groups of a large field do not each cost the field's size.
func (c *calc) splitGroup(s Spec, g []int, sub []int, in []bool) bool {
	base := sub[g[0]]
	for _, i := range g {
		in[i] = true
	}
	defer func() {
		for _, i := range g {
			in[i] = false
		}
	}()
	type standing struct {
		i         int
		pts, most int64 // half points against the group; the most they could have
	}
	all := c.format == RoundRobin
	// Each player's games against each opponent of the group: total half points and count.
	games := make([]map[int][2]int64, len(g))
	scale := int64(1) // 6.1.2 averages: a common multiple of the meeting counts keeps them exact
	for k, i := range g {
		games[k] = map[int][2]int64{}
		for _, r := range c.es[i].rounds {
			if r.opp < 0 || !in[r.opp] || !(r.otb() || s.Played || all) {
				continue
			}
			v := games[k][r.opp]
			games[k][r.opp] = [2]int64{v[0] + int64(r.points), v[1] + 1}
		}
		for _, v := range games[k] {
			scale = lcm(scale, v[1])
		}
	}
	st := make([]standing, len(g))
	metAll := true
	for k, i := range g {
		var pts int64
		for _, v := range games[k] {
			pts += v[0] * (scale / v[1])
		}
		missing := int64(len(g) - 1 - len(games[k]))
		st[k] = standing{i: i, pts: pts, most: pts + int64(c.pts.Win)*missing*scale} // a win for each game not played
		if missing > 0 && !all {
			metAll = false
		}
	}
	changed := false
	if metAll {
		slices.SortStableFunc(st, func(a, b standing) int { return cmpDesc(a.pts, b.pts, c.es[a.i].start, c.es[b.i].start) })
		for k := range st {
			switch {
			case k == 0:
				sub[st[k].i] = base
			case st[k].pts != st[k-1].pts:
				sub[st[k].i] = base + k
				changed = true
			default:
				sub[st[k].i] = sub[st[k-1].i]
			}
		}
		return changed
	}
	slices.SortStableFunc(st, func(a, b standing) int {
		if a.pts != b.pts {
			return cmpDesc(a.pts, b.pts, 0, 0)
		}
		return cmpDesc(a.most, b.most, c.es[a.i].start, c.es[b.i].start)
	})
	sub[st[0].i] = base
	// best[k] is the most that any of st[k:] could have: computed once, from the end, so
	// that a large group (a Swiss's score group of thousands) costs its size, not its square.
	best := make([]int64, len(st)+1)
	best[len(st)] = -1
	for k := len(st) - 1; k >= 0; k-- {
		best[k] = max(best[k+1], st[k].most)
	}
	placing := true
	for k := 1; k < len(st); k++ {
		if placing && st[k-1].pts > best[k] {
			sub[st[k].i] = base + k
			changed = true
		} else {
			sub[st[k].i] = sub[st[k-1].i]
			placing = false
		}
	}
	return changed
}

// cmpDesc orders by a descending, then by start rank ascending.
func cmpDesc(a, b int64, sa, sb int) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return sa - sb
}

func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// groupBy splits the indexes idx into groups of equal key[i], each group in the order of idx,
// the groups in the order their first member appears.
func groupBy(idx, key []int) [][]int {
	m := map[int][]int{}
	var order []int
	for _, i := range idx {
		if _, ok := m[key[i]]; !ok {
			order = append(order, key[i])
		}
		m[key[i]] = append(m[key[i]], i)
	}
	out := make([][]int, 0, len(order))
	for _, k := range order {
		out = append(out, m[k])
	}
	return out
}
