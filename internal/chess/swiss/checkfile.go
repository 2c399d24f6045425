package swiss

import (
	"errors"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// RoundVerdict is the checker's verdict on one round of a file.
type RoundVerdict struct {
	Round int // from 1
	Verdict
}

// CheckFile checks every paired round of a TRF tournament, as bbpPairings' checker (-c) does
// (C.04.2: a pairing program checks a tournament's pairings): round r is paired again from
// rounds 1..r-1, with the players who were not paired in round r (byes announced in advance,
// absences, missing rounds) left out, and compared with the file's round r (Check). The
// forbidden pairs and accelerations of the file apply as NextRound reads them, for round r.
// A round is paired when someone in it has an opponent or the pairing-allocated bye; the
// verdicts come in round order, one per paired round up to the last one.
//
// Like bbpPairings, CheckFile first holds the file's points column to its results
// (trf.Tournament.CheckPointsColumn, over the rounds paired; a column after them of byes
// announced for the next round, and the next round's virtual points, may be counted or not):
// a file that disagrees with itself is refused, as NextRound refuses to pair it. A game
// written without colours (a forfeit, "12 - +" and "5 - -") is taken with the colours the
// engine gives it, as bbpPairings takes it: its colours count nowhere.
//
// Errors are those of RoundRequest (a file this package would not pair, wrapping ErrInvalid)
// and of Check.
func CheckFile(t *trf.Tournament) ([]RoundVerdict, error) {
	last := 0
	for _, p := range t.Players {
		for r, x := range p.Rounds {
			if paired(x) {
				last = max(last, r+1)
			}
		}
	}
	if err := checkPointsColumn(t, last); err != nil {
		return nil, err
	}
	out := make([]RoundVerdict, 0, last)
	for r := 1; r <= last; r++ {
		req, prop, err := RoundRequest(t, r)
		if err != nil {
			return nil, err
		}
		if err := orientUncoloured(t, r, req, &prop); err != nil {
			return nil, err
		}
		v, err := Check(req, prop)
		if err != nil {
			return nil, err
		}
		out = append(out, RoundVerdict{Round: r, Verdict: v})
	}
	return out, nil
}

// checkPointsColumn holds every player's points column to their results over the rounds
// 1..k paired, counted with the file's point system, as NextRound does before pairing round
// k+1; the virtual points are those of round k+1.
func checkPointsColumn(t *trf.Tournament, k int) error {
	ps, err := t.PointSystem()
	if err != nil {
		return invalid("%v", err)
	}
	rec, err := readRecords(t.Other, k+1)
	if err != nil {
		return err
	}
	r250, err := t.Accelerations()
	if err != nil {
		return invalid("%v", err)
	}
	req := Request{TotalRounds: max(t.Rounds(), k+1)}
	ids := make(map[int]bool, len(t.Players))
	at := make(map[int]int, len(t.Players))
	for i, p := range t.Players {
		req.Players = append(req.Players, Player{ID: p.StartRank})
		ids[p.StartRank], at[p.StartRank] = true, i
	}
	if req.Accelerations, err = fileAccelerations(r250, rec.xxa, req.TotalRounds, ids); err != nil {
		return err
	}
	virt := virtualPoints(&req, k+1)
	next := func(id int) chess.Score {
		if virt == nil {
			return 0
		}
		return virt[at[id]]
	}
	if err := t.CheckPointsColumn(ps, k, next); err != nil {
		return invalid("%v", err)
	}
	return nil
}

// orientUncoloured gives each game of round r that the file writes without colours on either
// side the colours of the engine's pairing when the engine pairs the same two players, so that
// Check compares them as bbpPairings' checker does: a game without colours matches the
// engine's game of the same two players either way round.
func orientUncoloured(t *trf.Tournament, r int, req Request, prop *Pairing) error {
	uncoloured := map[[2]int]bool{}
	by := t.ByStartRank()
	for _, p := range t.Players {
		if len(p.Rounds) < r {
			continue
		}
		x := p.Rounds[r-1]
		if x.Opponent == 0 || x.Colour != chess.NoColour || p.StartRank > x.Opponent {
			continue
		}
		if o := by[x.Opponent]; o != nil && len(o.Rounds) >= r && o.Rounds[r-1].Colour == chess.NoColour {
			uncoloured[[2]int{p.StartRank, x.Opponent}] = true
		}
	}
	if len(uncoloured) == 0 {
		return nil
	}
	engine, err := Pair(req)
	if errors.Is(err, ErrNoPairing) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, b := range engine.Boards {
		for i, pb := range prop.Boards {
			if uncoloured[[2]int{min(pb.White, pb.Black), max(pb.White, pb.Black)}] && pb.White == b.Black && pb.Black == b.White {
				prop.Boards[i] = b
			}
		}
	}
	return nil
}

// RoundRequest returns the request that pairs round r (from 1) of t again, from rounds
// 1..r-1 without the players t does not pair in round r, and t's pairing of round r, for
// Check. Only the players' opponents and colours in round r count, not its results: a round
// just paired can be checked. Errors are NextRound's.
func RoundRequest(t *trf.Tournament, r int) (Request, Pairing, error) {
	req, err := NextRound(before(t.WithColours(), r-1)) // games without colours get the ones they count with: none
	if err != nil {
		return Request{}, Pairing{}, err
	}
	req.Absent = req.Absent[:0]
	var prop Pairing
	by := t.ByStartRank()
	for _, p := range t.Players {
		if len(p.Rounds) < r || !paired(p.Rounds[r-1]) {
			req.Absent = append(req.Absent, p.StartRank)
			continue
		}
		x := p.Rounds[r-1]
		switch {
		case x.Opponent == 0:
			prop.Bye = p.StartRank
		case whiteOf(p.StartRank, x, by[x.Opponent], r):
			prop.Boards = append(prop.Boards, Board{White: p.StartRank, Black: x.Opponent})
		}
	}
	return req, prop, nil
}

// whiteOf reports whether player me, whose round r is x, is the White of the game: the file
// says so, or leaves the colour to the opponent's line (which says Black), or writes neither
// colour (a forfeit without colours), and then the lower start rank is taken as White.
func whiteOf(me int, x chess.Round, opp *trf.Player, r int) bool {
	if x.Colour != chess.NoColour || opp == nil || len(opp.Rounds) < r {
		return x.Colour == chess.White
	}
	switch opp.Rounds[r-1].Colour {
	case chess.Black:
		return true
	case chess.White:
		return false
	}
	return me < x.Opponent
}

// paired reports whether a round took part in the pairing: a game (forfeits included) or the
// pairing-allocated bye.
func paired(x chess.Round) bool { return x.Opponent != 0 || x.Result == chess.PairingBye }

// before returns the tournament as it stood when round r+1 was to be paired: rounds 1..r, and
// for round r+1 the byes announced in advance (H, F, Z), which keep those players out of it.
func before(t *trf.Tournament, r int) *trf.Tournament {
	c := t.Prefix(r)
	for i, p := range t.Players {
		if len(p.Rounds) > r && !paired(p.Rounds[r]) {
			c.Players[i].Rounds = append(c.Players[i].Rounds, p.Rounds[r])
		}
	}
	return c
}
