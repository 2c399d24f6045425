package tiebreak

import (
	"fmt"
	"slices"

	"campus.example/apps/internal/chess"
)

// Breakdown says how one player's value of one tie-break is reached, with the numbers the
// value was computed from, so that a player or an arbiter can check it by hand. How the terms
// make the value is Method's:
//
//   - "sum": the sum of the Values of the terms not left out (PTS, the counts of C.07 7, PS,
//     BH, FB, SB, KS);
//   - "average": their average, rounded as the tie-break rounds it (ARO, AOB, APRO, APPO);
//   - "performance": the average of the ratings not left out plus Difference (TPR, C.07 10.2);
//   - "lowest_rating": the lowest rating whose expected score against the ratings reaches
//     Score (PTP, C.07 10.3);
//   - "place": the place among the players tied before the tie-break, from their games
//     against each other, the terms (DE, C.07 6); 0 when those games did not separate them;
//   - "own": the player's own start rank or rating (TPN, RTNG), without terms.
type Breakdown struct {
	Method string `json:"method"`
	Terms  []Term `json:"terms"`
	// Score is, for TPR and PTP, the points scored in the games counted (win 1, draw ½).
	Score Value `json:"score,omitzero"`
	// Difference is TPR's rating difference for that score (B.02 8.1.1).
	Difference Value `json:"difference,omitzero"`
	// Limit is, for KS, the score an opponent needs for the games against them to count.
	Limit Value `json:"limit,omitzero"`
}

// Term is one round's part in a Breakdown.
type Term struct {
	// Round is the round, from 1.
	Round int `json:"round"`
	// Opponent is the opponent's start rank, 0 when the round had none.
	Opponent int `json:"opponent,omitempty"`
	// Kind is what the round was: "game" (over the board), "forfeit", "pairing_bye" (the bye
	// the pairing gave), or "bye" (a requested or zero-point bye, or an absence).
	Kind string `json:"kind"`
	// Virtual is true when a dummy opponent stands for the round (C.07 16.4): Score is then
	// the dummy's score, not a real opponent's.
	Virtual bool `json:"virtual,omitempty"`
	// Score is the opponent's score as the tie-break counts it: adjusted (C.07 16.3) for BH
	// and SB, final for KS.
	Score Value `json:"score,omitzero"`
	// Points are the player's points in the round.
	Points Value `json:"points,omitzero"`
	// Value is what the term brings: a score, a product, a count of 1, a rating.
	Value Value `json:"value"`
	// LeftOut is true for a term the value does not count: cut (C.07 14), below the Koya
	// limit, or, for DE, a forfeit that does not count (6.1.1).
	LeftOut bool `json:"left_out,omitempty"`
}

// Explain computes the standings as Compute does, and gives every row one Breakdown per
// tie-break (Row.Breakdowns), each equal to the value beside it. It costs a few times what
// Compute does; a caller that only ranks should call Compute.
func Explain(ev Event, specs []Spec) (*Standings, error) {
	st, c, before, err := compute(ev, specs, true)
	if err != nil {
		return nil, err
	}
	index := make(map[int]int, len(c.es))
	for i := range c.es {
		index[c.es[i].start] = i
	}
	per := make([][]Breakdown, len(st.Specs)) // by spec, then entrant
	for k, s := range st.Specs {
		per[k] = c.explain(s, before[k])
	}
	for r := range st.Rows {
		i := index[st.Rows[r].StartRank]
		st.Rows[r].Breakdowns = make([]Breakdown, len(st.Specs))
		for k := range st.Specs {
			st.Rows[r].Breakdowns[k] = per[k][i]
		}
	}
	return st, nil
}

// explain gives every entrant's Breakdown of one tie-break; place is the ranking before it.
func (c *calc) explain(s Spec, place []int) []Breakdown {
	out := make([]Breakdown, len(c.es))
	switch s.Name {
	case "BH", "FB", "SB":
		c.explainBuchholz(s, out)
	case "AOB":
		base := Spec{Name: "BH", KoyaPercent: 50}
		if s.Fore {
			base.Name = "FB"
		}
		c.explainAverage(c.buchholz(base), out)
	case "APRO", "APPO":
		base := s
		base.Name = map[string]string{"APRO": "TPR", "APPO": "PTP"}[s.Name]
		c.explainAverage(c.performance(base), out)
	case "ARO", "TPR", "PTP":
		c.explainPerformance(s, out)
	case "KS":
		c.explainKoya(s, out)
	case "DE":
		c.explainDirect(s, place, out)
	case "TPN", "RTNG":
		for i := range out {
			out[i] = Breakdown{Method: "own", Terms: []Term{}}
		}
	default:
		for i := range c.es {
			out[i] = c.explainOwn(s, &c.es[i])
		}
	}
	return out
}

// term starts a Term for round i of e.
func (c *calc) term(e *entrant, i int) Term {
	r := e.rounds[i]
	t := Term{Round: i + 1, Points: halves(int64(r.points))}
	if r.opp >= 0 {
		t.Opponent = c.es[r.opp].start
	}
	switch {
	case r.otb():
		t.Kind = "game"
	case r.opp >= 0:
		t.Kind = "forfeit"
	case r.result == chess.PairingBye:
		t.Kind = "pairing_bye"
	default:
		t.Kind = "bye"
	}
	return t
}

// explainOwn explains PTS (C.07 4.2), PS (7.5) and the counts of C.07 7: one term per round.
func (c *calc) explainOwn(s Spec, e *entrant) Breakdown {
	b := Breakdown{Method: "sum", Terms: []Term{}}
	var run int64
	for i, r := range e.rounds {
		t := c.term(e, i)
		run += int64(r.points)
		switch s.Name {
		case "PTS":
			t.Value = halves(int64(r.points))
		case "PS": // the running score after each round; Cut-n leaves out the first n (14.1)
			t.Value, t.LeftOut = halves(run), i < s.Low
		default:
			if !c.counts(s.Name, r) {
				continue
			}
			t.Value = whole(1)
		}
		b.Terms = append(b.Terms, t)
	}
	return b
}

// explainBuchholz explains BH (C.07 8.1), FB (8.3) and SB (9.1) from the contributions that
// buchholz sums, with the ones the cut modifiers take away (14, 16.5).
func (c *calc) explainBuchholz(s Spec, out []Breakdown) {
	fore, sb := s.Name == "FB", s.Name == "SB"
	adj := make([]int64, len(c.es))
	for i := range c.es {
		adj[i] = c.adjusted(&c.es[i], fore)
	}
	for i := range c.es {
		e := &c.es[i]
		cs := c.contributions(e, adj, s.Played, fore, sb)
		gone := make([]bool, len(cs))
		markCut(cs, s.Low, s.High, c.rounds, gone)
		b := Breakdown{Method: "sum", Terms: make([]Term, 0, len(cs))}
		for k, ct := range cs {
			t := c.term(e, int(ct.round))
			t.Virtual, t.Score, t.LeftOut = !ct.game, halves(ct.score), gone[k]
			if sb {
				t.Value = quarters(ct.value)
			} else {
				t.Value = halves(ct.value)
			}
			b.Terms = append(b.Terms, t)
		}
		out[i] = b
	}
}

// explainAverage explains a tie-break that averages a value of the opponents met over the
// board, each meeting counted (AOB, C.07 8.2; APRO and APPO, 10.4 and 10.5): of is that value
// for every entrant; opponents without one are left out.
func (c *calc) explainAverage(of []Value, out []Breakdown) {
	for i := range c.es {
		e := &c.es[i]
		b := Breakdown{Method: "average", Terms: []Term{}}
		for k, r := range e.rounds {
			if !r.otb() {
				continue
			}
			t := c.term(e, k)
			t.Value, t.LeftOut = of[r.opp], !of[r.opp].ok
			b.Terms = append(b.Terms, t)
		}
		out[i] = b
	}
}

// explainPerformance explains ARO (C.07 10.1), TPR (10.2) and PTP (10.3): the opponents'
// ratings over the board (unrated ones at /Un), ARO's cut ones left out (14.1), and the score.
// Without a value (10: unrated players and no /Un) the terms are empty.
func (c *calc) explainPerformance(s Spec, out []Breakdown) {
	method := map[string]string{"ARO": "average", "TPR": "performance", "PTP": "lowest_rating"}[s.Name]
	valid := c.ratingsValid(s)
	for i := range c.es {
		e := &c.es[i]
		b := Breakdown{Method: method, Terms: []Term{}}
		out[i] = b
		if !valid {
			continue
		}
		var ratings []int
		for k, r := range e.rounds {
			if !r.otb() {
				continue
			}
			t := c.term(e, k)
			rt := c.es[r.opp].rating
			if rt == 0 {
				rt = s.Unrated
			}
			t.Value, t.Points = whole(int64(rt)), halves(int64(r.result.Score()))
			b.Terms = append(b.Terms, t)
			ratings = append(ratings, rt)
		}
		_, score := c.opponentRatings(e, s.Unrated)
		b.Score = halves(score)
		if len(ratings) > 0 {
			byRating := make([]int, len(b.Terms))
			for k := range byRating {
				byRating[k] = k
			}
			slices.SortStableFunc(byRating, func(x, y int) int { return int(b.Terms[x].Value.units - b.Terms[y].Value.units) })
			low := min(s.Low, c.rounds, len(byRating))
			high := min(s.High, c.rounds-min(s.Low, c.rounds), len(byRating)-low)
			for _, k := range byRating[:low] {
				b.Terms[k].LeftOut = true
			}
			for _, k := range byRating[len(byRating)-high:] {
				b.Terms[k].LeftOut = true
			}
			if s.Name == "TPR" {
				b.Difference = whole(tpr(ratings, score) - aro(ratings))
			}
		}
		out[i] = b
	}
}

// explainKoya explains KS (C.07 9.2): every paired round, those against an opponent below the
// limit left out.
func (c *calc) explainKoya(s Spec, out []Breakdown) {
	limit := c.koyaLimit(s) // hundredths of half points
	need := limit / 100
	if limit > 0 && limit%100 != 0 {
		need++
	}
	for i := range c.es {
		e := &c.es[i]
		b := Breakdown{Method: "sum", Terms: []Term{}, Limit: halves(need)}
		for k, r := range e.rounds {
			if r.opp < 0 {
				continue
			}
			t := c.term(e, k)
			t.Score, t.Value = halves(int64(c.es[r.opp].points)), halves(int64(r.points))
			t.LeftOut = int64(c.es[r.opp].points)*100 < limit
			b.Terms = append(b.Terms, t)
		}
		out[i] = b
	}
}

// explainDirect explains DE (C.07 6): the games against the players who shared the place
// before it; a forfeit counts only in a round robin (15.2) or with /P (6.1.1).
func (c *calc) explainDirect(s Spec, place []int, out []Breakdown) {
	for i := range c.es {
		e := &c.es[i]
		b := Breakdown{Method: "place", Terms: []Term{}}
		for k, r := range e.rounds {
			if r.opp < 0 || r.opp == i || place[r.opp] != place[i] {
				continue
			}
			t := c.term(e, k)
			t.Value = halves(int64(r.points))
			t.LeftOut = !(r.otb() || s.Played || c.format == RoundRobin)
			b.Terms = append(b.Terms, t)
		}
		out[i] = b
	}
}

// String writes a breakdown briefly, for tests and logs: "sum 1.0+0.5+[0.0]" with the terms
// left out in brackets.
func (b Breakdown) String() string {
	s := b.Method
	for k, t := range b.Terms {
		sep := "+"
		if k == 0 {
			sep = " "
		}
		if t.LeftOut {
			s += fmt.Sprintf("%s[%s]", sep, t.Value)
		} else {
			s += sep + t.Value.String()
		}
	}
	return s
}
