package tiebreak

import "campus.example/apps/internal/chess"

// calc holds a prepared event while its tie-breaks are computed.
type calc struct {
	es     []entrant
	rounds int
	format Format
	pts    chess.PointSystem // the event's point system, never the zero value
	rules  Rules
}

// own computes the tie-breaks that look at the player's own record only (C.07 7).
func (c *calc) own(name string, e *entrant) Value {
	count := 0
	for _, r := range e.rounds {
		if c.counts(name, r) {
			count++
		}
	}
	return whole(int64(count))
}

// counts reports whether one round counts for a tie-break that counts rounds (C.07 7).
func (c *calc) counts(name string, r round) bool {
	var hit bool
	switch name {
	case "WIN": // C.07 7.1: rounds that gave a win's points, played or not
		hit = r.points == c.pts.Win
	case "WON": // C.07 7.2: games won over the board
		hit = r.otb() && r.points == c.pts.Win
	case "BPG": // C.07 7.3: games played over the board with Black
		hit = r.otb() && r.colour == chess.Black
	case "BWG": // C.07 7.4: games won over the board with Black
		hit = r.otb() && r.colour == chess.Black && r.points == c.pts.Win
	case "REP", "GE": // C.07 7.6: rounds less half-point and zero-point byes and forfeit losses
		hit = !r.vur()
	case "NUM": // games played over the board (TieBreakServer's NUM)
		hit = r.otb()
	case "VUR": // voluntary unplayed rounds (C.07 16.1.2; TieBreakServer's VUR)
		hit = r.vur()
	}
	return hit
}

// progressive is C.07 7.5, the sum of the player's running score after each round; Cut-n
// leaves out the scores after the first n rounds (C.07 14.1: "PS-C1 drops the score after
// round 1").
func progressive(e *entrant, cut int) Value {
	var run, sum chess.Score
	for i, r := range e.rounds {
		run += r.points
		if i >= cut {
			sum += run
		}
	}
	return halves(int64(sum))
}
