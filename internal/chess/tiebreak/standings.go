package tiebreak

import (
	"fmt"
	"slices"
)

// Standings is a tournament's ranking: every player's value for each tie-break and their
// place, in final order.
type Standings struct {
	// Specs is the tie-break list used, points first.
	Specs []Spec
	// Rows are the players in final order.
	Rows []Row
}

// Row is one player's line in the standings.
type Row struct {
	StartRank int
	// Place is the player's place, from 1. Players still equal after the last tie-break
	// share a place (C.07 2.1: the event's regulations may let tied players share it) and
	// are listed by start rank; the next place is then skipped ("1, 2, 2, 4").
	Place int
	// Values holds one value per Spec.
	Values []Value
	// Breakdowns says, per Spec, how each value is reached: filled by Explain, nil from
	// Compute.
	Breakdowns []Breakdown
}

// Compute ranks the event's players by the list of tie-breaks (C.07 4.2): by the first, then,
// among players still equal, by the next, and so on. The list must start with PTS, the
// points; without it, PTS is put first, since tie-breaks only separate players with equal
// points. Compute fails on an event it cannot rank (an unknown opponent, a duplicate start
// rank, more than MaxRounds rounds) and on a list CheckList refuses (PTS elsewhere than
// first, a tie-break twice, more than MaxSpecs, a Spec not made by Parse).
func Compute(ev Event, specs []Spec) (*Standings, error) {
	st, _, _, err := compute(ev, specs, false)
	return st, err
}

// compute is Compute; with keep it also returns the prepared event and, for each spec, the
// places before it was applied (which Direct Encounter's explanation needs).
func compute(ev Event, specs []Spec, keep bool) (*Standings, *calc, [][]int, error) {
	es, rounds, err := prepare(ev)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := CheckList(specs); err != nil {
		return nil, nil, nil, fmt.Errorf("tiebreak: %w", err)
	}
	specs = slices.Clone(specs)
	if len(specs) == 0 || specs[0].Name != "PTS" {
		pts, _ := Parse("PTS")
		specs = append([]Spec{pts}, specs...)
	}
	c := &calc{es: es, rounds: rounds, format: ev.Format, pts: ev.Points.Or(), rules: ev.Rules}

	order := make([]int, len(es)) // indexes in ranking order
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return es[a].start - es[b].start })
	place := make([]int, len(es)) // by index
	for i := range place {
		place[i] = 1
	}
	values := make([][]Value, len(specs)) // by spec, then index
	var before [][]int
	for k, s := range specs {
		if keep {
			before = append(before, slices.Clone(place))
		}
		values[k] = c.values(s, place)
		rank(order, place, values[k], s.lowerIsBetter(), es)
	}
	st := &Standings{Specs: specs, Rows: make([]Row, len(order))}
	for pos, i := range order {
		row := Row{StartRank: es[i].start, Place: place[i], Values: make([]Value, len(specs))}
		for k := range specs {
			row.Values[k] = values[k][i]
		}
		st.Rows[pos] = row
	}
	return st, c, before, nil
}

// values computes one tie-break for every player; place is the ranking so far, which only
// Direct Encounter looks at.
func (c *calc) values(s Spec, place []int) []Value {
	switch s.Name {
	case "BH", "FB", "SB":
		return c.buchholz(s)
	case "AOB":
		return c.averageOfBuchholz(s)
	case "KS":
		return c.koya(s)
	case "DE":
		return c.directEncounter(s, place)
	case "ARO", "TPR", "PTP":
		return c.performance(s)
	case "APRO", "APPO":
		return c.averagePerformance(s)
	case "RTNG":
		return c.ownRating(s)
	}
	out := make([]Value, len(c.es))
	for i := range c.es {
		e := &c.es[i]
		switch s.Name {
		case "PTS": // C.07 4.2: the score, byes and forfeits included
			out[i] = halves(int64(e.points))
		case "PS":
			out[i] = progressive(e, s.Low)
		case "TPN": // C.07 7.8: the pairing number, lowest first
			out[i] = whole(int64(e.start))
		default:
			out[i] = c.own(s.Name, e)
		}
	}
	return out
}

// rank reorders order by the places so far, then the new values (best first), then start
// rank, and gives equal places to players equal in both (competition ranking: 1, 2, 2, 4).
func rank(order, place []int, v []Value, lowerBetter bool, es []entrant) {
	better := func(a, b int) int { // < 0 when a ranks before b on this tie-break
		c := v[b].cmp(v[a])
		if lowerBetter && v[a].ok && v[b].ok {
			c = -c
		}
		return c
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if place[a] != place[b] {
			return place[a] - place[b]
		}
		if c := better(a, b); c != 0 {
			return c
		}
		return es[a].start - es[b].start
	})
	prevOld := 0
	for pos, i := range order {
		old := place[i]
		if pos > 0 && old == prevOld && better(order[pos-1], i) == 0 {
			place[i] = place[order[pos-1]]
		} else {
			place[i] = pos + 1
		}
		prevOld = old
	}
}
