package tiebreak

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/roundrobin"
	"campus.example/apps/internal/chess/trf"
)

// genOptions describes a tournament for generate.
type genOptions struct {
	players, rounds int  // rounds is ignored for a round robin
	roundRobin      bool // a Berger schedule instead of Swiss pairings
	double          bool // a double round robin
	unrated         int  // every unrated-th player is unrated (0: nobody)
	// Per mille of games forfeited, of forfeits that are double, of games played but not
	// rated (TRF W, D, L), and of player-rounds taken as a requested bye (H, Z or F).
	forfeits, doubles, unratedGames, byes int
	// Per mille of players who enter late (absent, Z, from round 1 up to a round drawn at
	// random, or with half-point byes for those rounds when halfLate), and of players who
	// withdraw (no round recorded after one drawn at random); Swiss only.
	late, withdraw int
	halfLate       bool
	// start is the start date (record 042), which decides the rules version; "" for none.
	start string
}

// generate makes a complete tournament from a seed: Swiss rounds paired by score groups (no
// pairing engine, just a simple legal scheme: the best-placed unpaired player meets the next one
// they have not met, or anyone if there is none, which gives repeated meetings), or a Berger
// schedule; results are drawn with the ratings' expected score, and forfeits, double forfeits,
// unrated games and byes of every kind are sprinkled in. The same seed gives the same file.
func generate(seed uint64, o genOptions) *trf.Tournament {
	rng := rand.New(rand.NewPCG(seed, 0x7466))
	t := &trf.Tournament{Name: fmt.Sprintf("Generated %d", seed), Type: "Swiss (generated)", StartDate: o.start}
	for i := range o.players {
		p := trf.Player{StartRank: i + 1, Name: fmt.Sprintf("Player %04d", i+1)}
		if o.unrated == 0 || (i+1)%o.unrated != 0 {
			p.Rating = 2700 - i*1600/max(o.players, 1) - rng.IntN(40)
		}
		t.Players = append(t.Players, p)
	}
	var schedule []roundrobin.Round
	if o.roundRobin {
		t.Type = "Individual: Round-Robin (generated)"
		if o.double {
			schedule, _ = roundrobin.Double(o.players)
		} else {
			schedule, _ = roundrobin.Single(o.players)
		}
		o.rounds = len(schedule)
	}
	// The rounds each player takes part in, from entry to exit (from 0, exit excluded).
	entry, exit := make([]int, o.players), make([]int, o.players)
	for i := range exit {
		exit[i] = o.rounds
		if o.late > 0 && rng.IntN(1000) < o.late {
			entry[i] = 1 + rng.IntN(max(o.rounds-1, 1))
		}
		if o.withdraw > 0 && rng.IntN(1000) < o.withdraw {
			exit[i] = entry[i] + 1 + rng.IntN(max(o.rounds-entry[i]-1, 1))
		}
	}
	for r := range o.rounds {
		for i := range t.Players {
			if r < entry[i] {
				res := chess.ZeroBye
				if o.halfLate {
					res = chess.HalfBye
				}
				t.Players[i].Rounds = append(t.Players[i].Rounds, chess.Round{Result: res})
			}
		}
		var pairs []roundrobin.Pair
		if o.roundRobin {
			pairs = schedule[r]
		} else {
			pairs = swissRound(t, rng, o, r, exit)
		}
		for _, pr := range pairs {
			play(t, rng, o, pr)
		}
		for i := range t.Players { // everyone not paired had a requested bye
			if len(t.Players[i].Rounds) == r && r < exit[i] {
				res := []chess.Result{chess.HalfBye, chess.ZeroBye, chess.FullBye}[rng.IntN(3)]
				t.Players[i].Rounds = append(t.Players[i].Rounds, chess.Round{Result: res})
			}
		}
	}
	for i := range t.Players {
		p := &t.Players[i]
		p.Points = p.PointsAfter(len(p.Rounds))
	}
	return t
}

// swissRound pairs one Swiss round: some players take a requested bye, those not yet entered
// or withdrawn (exit) sit out, the rest are paired in order of points and start rank, the
// lowest without one taking the pairing-allocated bye.
func swissRound(t *trf.Tournament, rng *rand.Rand, o genOptions, r int, exit []int) []roundrobin.Pair {
	var present []int // start ranks
	for i, p := range t.Players {
		if len(p.Rounds) > r || r >= exit[i] { // entering later, or withdrawn
			continue
		}
		if r > 0 && rng.IntN(1000) < o.byes {
			continue
		}
		present = append(present, p.StartRank)
	}
	pts := func(sr int) chess.Score { p := &t.Players[sr-1]; return p.PointsAfter(r) }
	slices.SortStableFunc(present, func(a, b int) int {
		if pa, pb := pts(a), pts(b); pa != pb {
			return int(pb - pa)
		}
		return a - b
	})
	var pairs []roundrobin.Pair
	if len(present)%2 == 1 {
		k := len(present) - 1
		for ; k > 0; k-- {
			if !hadBye(&t.Players[present[k]-1]) {
				break
			}
		}
		pairs = append(pairs, roundrobin.Pair{White: present[k], Black: 0})
		present = slices.Delete(present, k, k+1)
	}
	for len(present) > 0 {
		a := present[0]
		k := 1
		for ; k < len(present); k++ {
			if !met(&t.Players[a-1], present[k]) {
				break
			}
		}
		if k == len(present) {
			k = 1 // everyone met: a repeated meeting
		}
		b := present[k]
		present = slices.Delete(present, k, k+1)[1:]
		if rng.IntN(2) == 0 {
			a, b = b, a
		}
		pairs = append(pairs, roundrobin.Pair{White: a, Black: b})
	}
	return pairs
}

func hadBye(p *trf.Player) bool {
	return slices.ContainsFunc(p.Rounds, func(r chess.Round) bool { return r.Result == chess.PairingBye })
}

func met(p *trf.Player, opp int) bool {
	return slices.ContainsFunc(p.Rounds, func(r chess.Round) bool { return r.Opponent == opp })
}

// play records one pairing's result; Black 0 is the pairing-allocated bye (a Swiss event) or
// the free round (a round robin, recorded as an absence).
func play(t *trf.Tournament, rng *rand.Rand, o genOptions, pr roundrobin.Pair) {
	w := &t.Players[pr.White-1]
	if pr.Black == 0 {
		res := chess.PairingBye
		if o.roundRobin {
			res = chess.ZeroBye
		}
		w.Rounds = append(w.Rounds, chess.Round{Result: res})
		return
	}
	b := &t.Players[pr.Black-1]
	rw, rb := result(rng, o, w.Rating, b.Rating)
	w.Rounds = append(w.Rounds, chess.Round{Opponent: b.StartRank, Colour: chess.White, Result: rw})
	b.Rounds = append(b.Rounds, chess.Round{Opponent: w.StartRank, Colour: chess.Black, Result: rb})
}

// result draws a game's result for White and Black.
func result(rng *rand.Rand, o genOptions, rw, rb int) (chess.Result, chess.Result) {
	if rng.IntN(1000) < o.forfeits {
		switch {
		case rng.IntN(1000) < o.doubles:
			return chess.ForfeitLoss, chess.ForfeitLoss
		case rng.IntN(2) == 0:
			return chess.ForfeitWin, chess.ForfeitLoss
		}
		return chess.ForfeitLoss, chess.ForfeitWin
	}
	if rw == 0 {
		rw = 1500
	}
	if rb == 0 {
		rb = 1500
	}
	unrated := rng.IntN(1000) < o.unratedGames
	x := rng.IntN(100)
	exp := 50 + (rw-rb)/10 // a rough expectation in per cent
	switch {
	case x < exp-15:
		if unrated {
			return chess.UnratedWin, chess.UnratedLoss
		}
		return chess.Win, chess.Loss
	case x < exp+15:
		if unrated {
			return chess.UnratedDraw, chess.UnratedDraw
		}
		return chess.Draw, chess.Draw
	}
	if unrated {
		return chess.UnratedLoss, chess.UnratedWin
	}
	return chess.Loss, chess.Win
}
