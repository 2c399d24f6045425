package tiebreak

// koya computes KS (C.07 9.2): the points a player scored against the opponents who finished
// with at least half the maximum score, a limit the modifier 14.5 moves (/Ln sets the per
// cent, /L+n and /L-n move it by half points). Every paired round counts, a forfeit included.
// The maximum score is a win in every round; in a round robin of an odd field every player has
// one free round per cycle, and each player who was never paired lowers it by one more, as
// TieBreakServer counts it.
func (c *calc) koya(s Spec) []Value {
	limit := c.koyaLimit(s)
	out := make([]Value, len(c.es))
	for i := range c.es {
		var ks int64
		for _, r := range c.es[i].rounds {
			if r.opp >= 0 && int64(c.es[r.opp].points)*100 >= limit {
				ks += int64(r.points)
			}
		}
		out[i] = halves(ks)
	}
	return out
}

// koyaLimit returns the score an opponent must reach for KS, in hundredths of half points.
func (c *calc) koyaLimit(s Spec) int64 {
	maxGames := c.rounds
	if c.format == RoundRobin && len(c.es) > 0 {
		if c.rounds%len(c.es) == 0 {
			maxGames -= c.rounds / len(c.es)
		}
		for i := range c.es {
			if c.es[i].lastMet == 0 {
				maxGames--
			}
		}
	}
	// In hundredths of half points: the opponent's score × 100 must reach percent × a win's
	// half points (two with the standard points) × games, plus the shift.
	return int64(s.KoyaPercent)*int64(c.pts.Win)*int64(maxGames) + int64(s.KoyaShift)*100
}
