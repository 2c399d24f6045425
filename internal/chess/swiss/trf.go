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
// as an absence (Z). The file must say how many rounds the tournament has (XXR or 142) and,
// before round 1 is paired, its initial colour (XXC or 152). Byes announced in 240 records
// count as well, prohibited pairings (260 records, XXP lines) become forbidden pairs, and
// accelerated rounds (250 records, XXA lines) become Accelerations (see readRecords).
//
// The file's point system (162, BBW to BBU; trf.Tournament.PointSystem) counts the scores, and
// every player's points column must agree with it (trf.Tournament.CheckPointsColumn).
// A file whose records would be paired wrongly by this package is refused, not paired without
// them: points it does not implement (XXS, 299), another pairing system, or an acceleration
// left to the engine (see readSystem). Errors wrap ErrInvalid and name the record.
func NextRound(t *trf.Tournament) (Request, error) {
	k := 0
	for _, p := range t.Players {
		for r, x := range p.Rounds {
			if x.Opponent != 0 || x.Result == chess.PairingBye {
				k = max(k, r+1)
			}
		}
	}
	points, err := t.PointSystem()
	if err != nil {
		return Request{}, invalid("%v", err)
	}
	rec, err := readRecords(t.Other, k+1)
	if err != nil {
		return Request{}, err
	}
	req := Request{TotalRounds: t.TotalRounds, InitialColour: t.InitialColour, Points: points}
	if err := settle(&req.TotalRounds, t.NumRounds, "XXR and 142 give different numbers of rounds"); err != nil {
		return Request{}, err
	}
	if err := settle(&req.InitialColour, t.InitialColour2026, "XXC and 152 give different initial colours"); err != nil {
		return Request{}, err
	}
	if req.InitialColour == chess.NoColour {
		req.InitialColour = t.FirstColour()
	}
	if req.TotalRounds == 0 {
		return Request{}, invalid("the file does not give the number of rounds (XXR or 142)")
	}
	if req.InitialColour == chess.NoColour {
		return Request{}, invalid("the file does not give the initial colour (XXC or 152), and round 1 does not show it")
	}
	ids := make(map[int]bool, len(t.Players))
	for _, p := range t.Players {
		ids[p.StartRank] = true
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
	for _, id := range rec.absent {
		if !slices.Contains(req.Absent, id) {
			req.Absent = append(req.Absent, id)
		}
	}
	for _, g := range rec.forbidden {
		for i, a := range g {
			for _, b := range g[i+1:] {
				req.Forbidden = append(req.Forbidden, [2]int{a, b})
			}
		}
	}
	r250, err := t.Accelerations()
	if err != nil {
		return Request{}, invalid("%v", err)
	}
	if req.Accelerations, err = fileAccelerations(r250, rec.xxa, req.TotalRounds, ids); err != nil {
		return Request{}, err
	}
	if rec.baku != "" && len(req.Accelerations) == 0 && len(rec.xxa) == 0 {
		return Request{}, invalid("record %q: the Baku acceleration must be written out as 250 records (C.04.5.1; Baku computes them): pairing engines size its group A differently", rec.baku)
	}
	// The points column must agree with the results, as bbpPairings requires: a file that
	// disagrees with itself is refused, not paired by one of its two readings.
	virt := virtualPoints(&req, k+1)
	at := make(map[int]int, len(req.Players))
	for i, p := range req.Players {
		at[p.ID] = i
	}
	nextVirtual := func(id int) chess.Score {
		if virt == nil {
			return 0
		}
		return virt[at[id]]
	}
	if err := t.CheckPointsColumn(points, k, nextVirtual); err != nil {
		return Request{}, invalid("%v", err)
	}
	return req, nil
}

// settle merges a value the file gives in two forms (the pairing engines' tag, and the
// TRF-2026 record): either may be missing (the zero value), and if both are given they must
// agree.
func settle[T comparable](v *T, other T, conflict string) error {
	var zero T
	switch {
	case other == zero:
	case *v == zero:
		*v = other
	case *v != other:
		return invalid("%s", conflict)
	}
	return nil
}
