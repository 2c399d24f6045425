package trf

import "campus.example/apps/internal/chess"

// CheckPointsColumn checks every player's points column (81-84) against their results
// counted with the point system ps, as bbpPairings checks a file before pairing it: a file
// whose points disagree with its results was damaged or scored by other rules, and pairing or
// ranking it would silently follow one of the two. k is the number of rounds played (the
// rounds counted); a column k+1 holding a bye announced for the next round may be counted in
// the column or not, and so may the player's virtual points for the next round, given by
// virtual (nil when there are none), since programs write the column either way.
//
// The error is a *SyntaxError on the first disagreeing player's line, naming the player.
func (t *Tournament) CheckPointsColumn(ps chess.PointSystem, k int, virtual func(startRank int) chess.Score) error {
	for i := range t.Players {
		p := &t.Players[i]
		base := p.PointsWith(ps, k)
		var next, acc chess.Score
		if len(p.Rounds) > k {
			next = ps.Points(p.Rounds[k].Result)
		}
		if virtual != nil {
			acc = virtual(p.StartRank)
		}
		switch p.Points {
		case base, base + acc, base + next, base + next + acc:
			continue
		}
		return errorf(t.Line("001", i), colPoints, "player %d (%s): the points column says %s, the results of rounds 1-%d give %s",
			p.StartRank, p.Name, p.Points, k, base)
	}
	return nil
}
