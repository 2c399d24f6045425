package trf

import (
	"slices"

	"campus.example/apps/internal/chess"
)

// PointsAfter returns the player's points from rounds 1..k with the standard scoring (win 1,
// draw ½, loss 0; C.04 Annex 2, tag 162's defaults), recomputed from the results: the points
// column holds the total after the last round in the file, the wrong figure for a prefix.
// k beyond the rounds recorded counts what there is.
func (p *Player) PointsAfter(k int) chess.Score { return p.PointsWith(chess.StandardPoints, k) }

// PointsWith is PointsAfter with the point system ps (a file's: Tournament.PointSystem).
func (p *Player) PointsWith(ps chess.PointSystem, k int) chess.Score {
	var s chess.Score
	for _, rd := range p.Rounds[:min(max(k, 0), len(p.Rounds))] {
		s += ps.Points(rd.Result)
	}
	return s
}

// RoundsRecorded returns the number of rounds the file records: the most rounds of any player.
func (t *Tournament) RoundsRecorded() int {
	n := 0
	for _, p := range t.Players {
		n = max(n, len(p.Rounds))
	}
	return n
}

// RoundsPlayed returns the number of rounds played: the last round in which some player had
// an opponent (a game, played or forfeited) or the pairing-allocated bye. A round after it
// that holds only byes announced in advance (H, F, Z: the players who will sit out the round
// still to pair), or nothing, is not a round played: C.07 ranks by the rounds played, and a
// pairing program reads such a column as the next round's absences.
func (t *Tournament) RoundsPlayed() int {
	n := 0
	for _, p := range t.Players {
		for r := len(p.Rounds) - 1; r >= n; r-- {
			if x := p.Rounds[r]; x.Opponent != 0 || x.Result == chess.PairingBye {
				n = r + 1
				break
			}
		}
	}
	return n
}

// RankOrderDiffers reports whether the file asks (XXC rank) to pair by the players' order in
// the file and that order is not the order of their start ranks: a pairing engine that pairs
// by start rank would then pair another tournament.
func (t *Tournament) RankOrderDiffers() bool {
	if !t.UseRank {
		return false
	}
	for i := 1; i < len(t.Players); i++ {
		if t.Players[i].StartRank < t.Players[i-1].StartRank {
			return true
		}
	}
	return false
}

// Rounds returns the number of rounds of the tournament: XXR or 142 when the file gives it
// (Read checks that they agree), otherwise the rounds it records.
func (t *Tournament) Rounds() int {
	switch {
	case t.TotalRounds > 0:
		return t.TotalRounds
	case t.NumRounds > 0:
		return t.NumRounds
	}
	return t.RoundsRecorded()
}

// FirstColour returns the initial colour: XXC or 152 when the file gives it, otherwise what round 1
// shows, otherwise NoColour. The initial colour is the one the highest-ranked player paired in
// round 1 gets (C.04 Annex 2, tag 152), and round 1's colours alternate down the players who
// were paired, by start rank; so the first of them with a colour shows it, inverted when an
// odd number of paired players come before them. A player counts as paired in round 1 when
// they had an opponent or the pairing-allocated bye.
func (t *Tournament) FirstColour() chess.Colour {
	if t.InitialColour != chess.NoColour {
		return t.InitialColour
	}
	if t.InitialColour2026 != chess.NoColour {
		return t.InitialColour2026
	}
	byRank := make([]*Player, len(t.Players))
	for i := range t.Players {
		byRank[i] = &t.Players[i]
	}
	slices.SortFunc(byRank, func(a, b *Player) int { return a.StartRank - b.StartRank })
	paired := 0
	for _, p := range byRank {
		if len(p.Rounds) == 0 {
			continue
		}
		rd := p.Rounds[0]
		if rd.Opponent == 0 && rd.Result != chess.PairingBye {
			continue
		}
		if rd.Colour != chess.NoColour {
			if paired%2 == 1 {
				return rd.Colour.Opposite()
			}
			return rd.Colour
		}
		paired++
	}
	return chess.NoColour
}

// Prefix returns a copy of t as it stood after round k: every player's rounds cut to 1..k, their
// points recomputed (PointsWith the file's point system, the standard one when its records
// cannot be read) and their rank cleared (the file's rank is the final one).
// The copy keeps what the rest of the tournament needs to know: TotalRounds is set to
// t.Rounds() and InitialColour to t.FirstColour(), so that a pairing engine given the copy
// knows the length of the event and round 1's colours even for k = 0. t is not changed.
func (t *Tournament) Prefix(k int) *Tournament {
	c := t.clone()
	c.TotalRounds = t.Rounds()
	c.InitialColour = t.FirstColour()
	ps, err := t.PointSystem()
	if err != nil {
		ps = chess.StandardPoints // the copy keeps the records: whoever reads it is told
	}
	for i := range c.Players {
		p := &c.Players[i]
		p.Rounds = p.Rounds[:min(max(k, 0), len(p.Rounds))]
		p.Points = t.Players[i].PointsWith(ps, k)
		p.Rank = 0
	}
	return c
}

// ByStartRank returns the players indexed by start rank.
func (t *Tournament) ByStartRank() map[int]*Player {
	m := make(map[int]*Player, len(t.Players))
	for i := range t.Players {
		m[t.Players[i].StartRank] = &t.Players[i]
	}
	return m
}

// WithColours returns a copy of t in which every game written without a colour has one: the
// opposite of the colour its opponent's line gives, or, when neither line gives one (a forfeit
// written "12 - +" and "5 - -", as Swiss-Manager writes it), White for the lower start rank.
// Only games not played are written so, and their colours count in no pairing rule (C.04.1:
// the colour history holds the games played) and no tie-break; a pairing engine that wants a
// colour for every game of a player's history is given this copy. t is not changed.
func (t *Tournament) WithColours() *Tournament {
	c := t.clone()
	by := c.ByStartRank()
	for _, p := range c.Players {
		for r := range p.Rounds {
			x := &p.Rounds[r]
			o := by[x.Opponent]
			if x.Opponent == 0 || x.Colour != chess.NoColour || o == nil || len(o.Rounds) <= r {
				continue
			}
			switch oc := o.Rounds[r].Colour; {
			case oc != chess.NoColour:
				x.Colour = oc.Opposite()
			case p.StartRank < x.Opponent:
				x.Colour = chess.White
			default:
				x.Colour = chess.Black
			}
		}
	}
	return c
}

// clone returns a copy of t that shares nothing it could change with t.
func (t *Tournament) clone() *Tournament {
	c := *t
	c.DeputyArbiters = slices.Clone(t.DeputyArbiters)
	c.RoundDates = slices.Clone(t.RoundDates)
	c.Other = slices.Clone(t.Other)
	c.layout = slices.Clone(t.layout)
	c.Players = make([]Player, len(t.Players))
	for i, p := range t.Players {
		p.Rounds = slices.Clone(p.Rounds)
		c.Players[i] = p
	}
	return &c
}
