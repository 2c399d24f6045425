package swiss

import (
	"cmp"
	"slices"

	"campus.example/apps/internal/chess"
)

// float is the float a player received in one round (C.04.3 1.4).
type float int8

const (
	noFloat float = iota
	downFloat
	upFloat
)

// entrant is a player to be paired, with what the rules derive from their history.
type entrant struct {
	id    int
	rank  int         // effective pairing number, from 0 (see effectiveRanks)
	score chess.Score // pairing score: points from rounds 1..k plus virtual points, in half points
	// points are the points alone, without virtual points (C.04.5): they order the boards.
	points chess.Score

	played    int            // games played over the board
	games     []chess.Colour // the colours of those games, in order
	pref      chess.Colour   // colour preference (C.04.3 1.7), NoColour for none
	imbalance int            // |whites - blacks| over played games (C.04.3 1.6)
	repeated  chess.Colour   // colour of the two latest played games when they are the same
	strong    bool           // strong colour preference (C.04.3 1.7.2)

	// floats[1] is the float of the previous round, floats[2] of the round before it.
	floats [3]float
	// byeEligible: the player may get the pairing-allocated bye (C.04.1, [C2]).
	byeEligible bool
	// topscorer: more than half the maximum score, when pairing the last round (C.04.3 1.8).
	topscorer bool
	// barred lists the ids of the players p may not meet ([C1]: opponents over the board and
	// forbidden pairs), the same pairs as engine.banned: compatible asks it for every pair of
	// the round, n²/2 times, and a scan of a few ids costs less than a hash of the pair.
	barred []int
}

// absolute reports an absolute colour preference (C.04.3 1.7.1): a colour difference beyond ±1,
// or the same colour in the two latest games played.
func (p *entrant) absolute() bool { return p.imbalance > 1 || p.repeated != chess.NoColour }

// higher reports whether a comes before b in the pairing order (C.04.3 1.2): higher score,
// then lower pairing number.
func higher(a, b *entrant) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank < b.rank
}

// newEntrants builds the players to pair, in pairing order.
func newEntrants(r *Request, k int, index map[int]int) []*entrant {
	absent := make(map[int]bool, len(r.Absent))
	for _, id := range r.Absent {
		absent[id] = true
	}
	before := scoresBefore(r)
	virt := virtualScores(r, k)
	ranks := effectiveRanks(r, absent)
	last := k >= r.TotalRounds-1
	pts := r.Points.Or()
	var ps []*entrant
	for i, p := range r.Players {
		if absent[p.ID] {
			continue
		}
		e := &entrant{id: p.ID, rank: ranks[p.ID], points: before[i][k], byeEligible: true}
		e.score = e.points + virt.at(k, i)
		e.colourHistory(p.Rounds)
		for back := 1; back <= 2 && back <= k; back++ {
			e.floats[back] = floatIn(r, index, before, virt, i, k-back)
		}
		for _, x := range p.Rounds {
			// C.04.1 (Art. 4), [C2]: no pairing-allocated bye for a player who has had one, or
			// who scored a win's points without playing (a forfeit win or a full-point bye;
			// with the point system's values, as bbpPairings reads the rule).
			if !x.Result.Played() && (x.Result == chess.PairingBye || pts.Points(x.Result) >= pts.Win) {
				e.byeEligible = false
			}
		}
		// C.04.3 1.8: topscorers are players with more than half of the maximum possible score
		// when the last round is paired; with k rounds played that is more than k times the
		// best result's points, halved (k/2 points with the standard points).
		e.topscorer = last && 2*int(e.score) > k*int(max(pts.Win, pts.Draw))
		ps = append(ps, e)
	}
	slices.SortFunc(ps, func(a, b *entrant) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Compare(a.rank, b.rank)
	})
	return ps
}

// scoresBefore returns, per player (index in r.Players), the score before each round: [r] is
// the score after rounds 1..r, with the request's point system.
func scoresBefore(r *Request) [][]chess.Score {
	out := make([][]chess.Score, len(r.Players))
	for i, p := range r.Players {
		s := make([]chess.Score, len(p.Rounds)+1)
		for j, x := range p.Rounds {
			s[j+1] = s[j] + r.Points.Points(x.Result)
		}
		out[i] = s
	}
	return out
}

// effectiveRanks numbers, from 0 by ID, the players who take part in the pairing: those paired
// now and those who were paired in an earlier round (given an opponent or the
// pairing-allocated bye). A player who has only ever announced byes or absences is left out,
// as bbpPairings does; the numbers decide colours when nothing else does (C.04.3 5.2.5).
func effectiveRanks(r *Request, absent map[int]bool) map[int]int {
	ids := make([]int, 0, len(r.Players))
	for _, p := range r.Players {
		in := !absent[p.ID]
		for _, x := range p.Rounds {
			if x.Opponent != 0 || x.Result == chess.PairingBye {
				in = true
			}
		}
		if in {
			ids = append(ids, p.ID)
		}
	}
	slices.Sort(ids)
	ranks := make(map[int]int, len(ids))
	for i, id := range ids {
		ranks[id] = i
	}
	return ranks
}

// colourHistory sets the colour difference and preference from the games played
// (C.04.3 1.6, 1.7; forfeits and byes have no colour: C.04.2 "played games").
func (p *entrant) colourHistory(rounds []chess.Round) {
	whites, blacks, run := 0, 0, 0
	var last chess.Colour
	for _, x := range rounds {
		if !x.Played() {
			continue
		}
		p.played++
		p.games = append(p.games, x.Colour)
		if x.Colour == chess.White {
			whites++
		} else {
			blacks++
		}
		if run > 0 && x.Colour == last {
			run++
		} else {
			run = 1
		}
		last = x.Colour
	}
	lower := chess.White // the colour played less
	if whites > blacks {
		lower = chess.Black
	}
	p.imbalance = max(whites-blacks, blacks-whites)
	switch {
	case p.imbalance > 1: // 1.7.1: absolute, by the colour difference
		p.pref = lower
	case run > 1: // 1.7.1: absolute, the same colour in the two latest games
		p.pref = last.Opposite()
	case p.imbalance > 0: // 1.7.2: strong
		p.pref = lower
	case run > 0: // 1.7.3: mild, alternate
		p.pref = last.Opposite()
	}
	if run > 1 {
		p.repeated = last
	}
	p.strong = !p.absolute() && p.imbalance > 0
}

// floatIn returns the float player i (index in r.Players) received in round rd (from 0)
// (C.04.3 1.4.2, 1.4.3): down or up after a game against a player of another score, down after
// a round that gave more than a loss's points without a game (byes, forfeit wins; counted with
// the point system, as bbpPairings counts them). The scores
// compared are the pairing scores of that round, virtual points included (C.04.5).
func floatIn(r *Request, index map[int]int, before [][]chess.Score, virt virtual, i, rd int) float {
	x := r.Players[i].Rounds[rd]
	if !x.Played() {
		if r.Points.Points(x.Result) > r.Points.Or().Loss {
			return downFloat
		}
		return noFloat
	}
	j := index[x.Opponent]
	mine, theirs := before[i][rd]+virt.at(rd, i), before[j][rd]+virt.at(rd, j)
	switch {
	case mine > theirs:
		return downFloat
	case mine < theirs:
		return upFloat
	}
	return noFloat
}
