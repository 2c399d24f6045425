package tiebreak

// adjusted returns a player's score as their opponents' tie-breaks see it (C.07 16.3), in half
// points: every round counts its points (16.3.1), except a requested bye after the player's
// last round that was not a VUR, which counts as a draw (16.3.2: "requested byes followed only
// by VURs, or in the last round", which takes in the rounds after a withdrawal). A round robin
// has no such byes to adjust (15.2); a free round there counts nothing.
//
// fore computes it for Fore Buchholz (C.07 8.3): a player who had an opponent in the last round
// counts that game as a draw, whatever its result; then, having been paired in the last round,
// they have no trailing requested byes.
func (c *calc) adjusted(e *entrant, fore bool) int64 {
	last := e.lastAct
	n := len(e.rounds)
	foreDraw := fore && n > 0 && e.lastMet == n
	if foreDraw {
		last = n
	}
	var sum int64
	for i, r := range e.rounds {
		switch {
		case foreDraw && i == n-1 && r.opp >= 0:
			sum += int64(c.pts.Draw) // C.07 8.3: the final round's game as a draw
		case i < last || r.opp >= 0:
			sum += int64(r.points) // 16.3.1
		case c.format == Swiss:
			sum += int64(c.pts.Draw) // 16.3.2: a draw
		}
	}
	return sum
}

// ownFore returns a player's own score for Fore Buchholz: their points, with a game in the last
// round counted as a draw (C.07 8.3).
func (c *calc) ownFore(e *entrant) int64 {
	n := len(e.rounds)
	s := int64(e.points)
	if n > 0 && e.lastMet == n && e.rounds[n-1].opp >= 0 {
		s += int64(c.pts.Draw) - int64(e.rounds[n-1].points)
	}
	return s
}
