package swiss

import (
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
	out := make([]RoundVerdict, 0, last)
	for r := 1; r <= last; r++ {
		req, prop, err := RoundRequest(t, r)
		if err != nil {
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

// RoundRequest returns the request that pairs round r (from 1) of t again, from rounds
// 1..r-1 without the players t does not pair in round r, and t's pairing of round r, for
// Check. Only the players' opponents and colours in round r count, not its results: a round
// just paired can be checked. Errors are NextRound's.
func RoundRequest(t *trf.Tournament, r int) (Request, Pairing, error) {
	req, err := NextRound(before(t, r-1))
	if err != nil {
		return Request{}, Pairing{}, err
	}
	req.Absent = req.Absent[:0]
	var prop Pairing
	for _, p := range t.Players {
		if len(p.Rounds) < r || !paired(p.Rounds[r-1]) {
			req.Absent = append(req.Absent, p.StartRank)
			continue
		}
		x := p.Rounds[r-1]
		switch {
		case x.Opponent == 0:
			prop.Bye = p.StartRank
		case x.Colour == chess.White:
			prop.Boards = append(prop.Boards, Board{White: p.StartRank, Black: x.Opponent})
		}
	}
	return req, prop, nil
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
