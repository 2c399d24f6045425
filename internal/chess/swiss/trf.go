package swiss

import (
	"slices"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// NextRound builds the request to pair the round after those a TRF file records. Rounds 1..k
// are the rounds in which someone was paired (given an opponent or the pairing-allocated bye);
// a further column may only hold byes announced before the pairing (H, F or Z without an
// opponent), and those players sit round k+1 out. A round missing from a player's line counts
// as an absence (Z). The file must say how many rounds the tournament has (XXR) and, before
// round 1 is paired, its initial colour (XXC). Byes announced in 240 records count as well,
// and prohibited pairings (260 records, XXP lines) become forbidden pairs (see roundRecords).
// Errors wrap ErrInvalid.
func NextRound(t *trf.Tournament) (Request, error) {
	k := 0
	for _, p := range t.Players {
		for r, x := range p.Rounds {
			if x.Opponent != 0 || x.Result == chess.PairingBye {
				k = max(k, r+1)
			}
		}
	}
	req := Request{TotalRounds: t.TotalRounds, InitialColour: t.FirstColour()}
	if req.TotalRounds == 0 {
		return Request{}, invalid("the file does not give the number of rounds (XXR)")
	}
	if req.InitialColour == chess.NoColour {
		return Request{}, invalid("the file does not give the initial colour (XXC), and round 1 does not show it")
	}
	for _, p := range t.Players {
		rounds := make([]chess.Round, k)
		copy(rounds, p.Rounds)
		for r := len(p.Rounds); r < k; r++ {
			rounds[r] = chess.Round{Result: chess.ZeroBye}
		}
		switch {
		case len(p.Rounds) > k+1:
			return Request{}, invalid("player %d has round %d recorded, after round %d, the last one paired", p.StartRank, len(p.Rounds), k+1)
		case len(p.Rounds) == k+1:
			x := p.Rounds[k]
			if x.Opponent != 0 || (x.Result != chess.HalfBye && x.Result != chess.FullBye && x.Result != chess.ZeroBye) {
				return Request{}, invalid("player %d: round %d, the round to pair, may only hold a bye announced in advance (H, F or Z)", p.StartRank, k+1)
			}
			req.Absent = append(req.Absent, p.StartRank)
		}
		req.Players = append(req.Players, Player{ID: p.StartRank, Rounds: rounds})
	}
	groups, absent, err := roundRecords(t.Other, k+1)
	if err != nil {
		return Request{}, err
	}
	for _, id := range absent {
		if !slices.Contains(req.Absent, id) {
			req.Absent = append(req.Absent, id)
		}
	}
	for _, g := range groups {
		for i, a := range g {
			for _, b := range g[i+1:] {
				req.Forbidden = append(req.Forbidden, [2]int{a, b})
			}
		}
	}
	return req, nil
}
