package swiss

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"testing"

	"campus.example/apps/internal/chess"
)

// Shapes of the fields newField plays. The realistic one is a Swiss as clubs and opens run it;
// the others are made to be hard: the engine's cost is driven by the largest scoregroup and
// by how freely its players may meet.
const (
	// shapeRealistic: ratings spread as an open's are (around 1 750, most within 300 points),
	// results drawn from the Elo expectation with 20–35 % of the games drawn, forfeits,
	// half-point byes, absences, late entries and withdrawals; one seed in three accelerated by
	// Baku.
	shapeRealistic = "realistic"
	// shapeRated: ratings falling evenly from 2 700 to 1 000 (the simulation's own), results
	// with the Elo expectation and draws likelier between close ratings (45 % between equal
	// ones, a fifth to a quarter of all games), so that the lopsided games of the first rounds are seldom drawn: after round 2
	// the scoregroups of 2, 1 and 0 points hold nearly everyone; absences and forfeits as in
	// the realistic shape.
	shapeRated = "rated"
	// shapeOneGroup: every game drawn, so every round is one scoregroup of the whole field.
	shapeOneGroup = "onegroup"
	// shapeTiny: virtual points by bands of ten players for the whole tournament, half a
	// point a band, so every round has up to 200 small scoregroups (bands are larger in fields
	// of over 2 000, as a TRF file gives at most 99.5 virtual points).
	shapeTiny = "tiny"
	// shapeColourLocked: rounds 1 and 2 played top half against bottom half with the top half
	// White both times, so that round 3 starts with every player's colour fixed (C.04.3 [C3]).
	shapeColourLocked = "colourlocked"
)

// fieldShapes lists every shape, for the benchmark and the test of the generator.
var fieldShapes = []string{shapeRealistic, shapeRated, shapeOneGroup, shapeTiny, shapeColourLocked}

// newField returns a tournament of n players and the given rounds in the given shape, seeded:
// the same arguments give the same tournament, round after round, as long as the engine
// pairs the same. Its rounds are paired by playing it (s.announce, Pair, s.play); the
// colour-locked shape has its first two rounds played already.
func newField(seed uint64, n, rounds int, shape string) *simulation {
	s := newSimulation(seed, n, rounds)
	switch shape {
	case shapeRealistic:
		s.ratings = openRatings(s, n)
		s.drawRate = 0.20 + 0.15*s.rng.Float64()
		s.forfeitRate = 0.01 + 0.02*s.rng.Float64()
		s.byeRate, s.absentRate = 0.02, 0.01
		s.entry, s.leave = entriesAndWithdrawals(s, n, rounds)
		if seed%3 == 0 {
			s.req.Accelerations, _ = Baku(ids(n), rounds)
		}
	case shapeRated:
		s.eloDraws, s.drawRate = true, 0.45
		s.forfeitRate = 0.01 + 0.02*s.rng.Float64()
		s.byeRate, s.absentRate = 0.02, 0.01
		s.entry, s.leave = entriesAndWithdrawals(s, n, rounds)
	case shapeOneGroup:
		s.drawRate, s.forfeitRate, s.byeRate, s.absentRate = 1, 0, 0, 0
	case shapeTiny:
		s.ratings = openRatings(s, n)
		s.byeRate, s.absentRate = 0.01, 0.01
		s.req.Accelerations = bands(n, max(10, (n+198)/199), rounds)
	case shapeColourLocked:
		s.ratings = openRatings(s, n)
		s.byeRate, s.absentRate = 0, 0
		playLockedStart(s, min(2, rounds-1))
	default:
		panic("unknown field shape " + shape)
	}
	return s
}

// openRatings draws ratings as an open's field has them: normal around 1 750 with a
// deviation of 280, within 1 000 to 2 750, the players numbered by rating (C.04.2 C.1).
func openRatings(s *simulation, n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = min(2750, max(1000, int(math.Round(1750+280*s.rng.NormFloat64()))))
	}
	slices.SortFunc(r, func(a, b int) int { return cmp.Compare(b, a) })
	return r
}

// entriesAndWithdrawals makes 3 % of the players late entries (in from round 2 or 3) and 2 %
// withdraw after a round before the last.
func entriesAndWithdrawals(s *simulation, n, rounds int) (entry, leave []int) {
	entry, leave = make([]int, n), make([]int, n)
	if rounds < 3 {
		return entry, leave
	}
	for i := range n {
		switch r := s.rng.Float64(); {
		case r < 0.03:
			entry[i] = 2 + s.rng.IntN(2)
		case r < 0.05:
			leave[i] = 1 + s.rng.IntN(rounds-1)
		}
	}
	return entry, leave
}

// bands gives every player virtual points for every round by bands of size players: the
// last band none, each band above it half a point more than the one below.
func bands(n, size, rounds int) []Acceleration {
	var acc []Acceleration
	count := (n + size - 1) / size
	for b := range count - 1 {
		acc = append(acc, Acceleration{
			Points:     chess.Score(count - 1 - b),
			FirstRound: 1, LastRound: rounds,
			FirstID: b*size + 1, LastID: (b + 1) * size,
		})
	}
	return acc
}

// playLockedStart plays the first k rounds (at most 2) top half against bottom half, the top
// half White every time and meeting another opponent each round, results drawn as usual. In
// an odd field the last player sits them out.
func playLockedStart(s *simulation, k int) {
	n := len(s.req.Players)
	h := n / 2
	for round := range k {
		away := map[int]chess.Result{}
		if n%2 == 1 {
			away[n] = chess.ZeroBye
		}
		var p Pairing
		for i := 1; i <= h; i++ {
			p.Boards = append(p.Boards, Board{White: i, Black: h + (i-1+round)%h + 1})
		}
		s.play(p, away)
	}
}

// TestNewField plays every shape of field for a few rounds and checks that it is what its
// shape promises and that the same seed gives the same tournament.
func TestNewField(t *testing.T) {
	for _, shape := range fieldShapes {
		t.Run(shape, func(t *testing.T) {
			t.Parallel()
			const n, rounds = 300, 7
			a, b := newField(9, n, rounds, shape), newField(9, n, rounds, shape)
			a.playRounds(t, rounds-a.played())
			b.playRounds(t, rounds-b.played())
			if !slices.EqualFunc(a.req.Players, b.req.Players, func(x, y Player) bool {
				return slices.Equal(x.Rounds, y.Rounds)
			}) {
				t.Fatal("the same seed played two different tournaments")
			}
			c := countField(a)
			t.Logf("%s: %v", shape, c)
			switch shape {
			case shapeRealistic, shapeRated:
				if share := float64(c.draws) / float64(c.games); share < 0.15 || share > 0.40 {
					t.Errorf("%.2f of the games drawn, want 0.20–0.35 give or take chance", share)
				}
				if c.forfeits == 0 || c.halfByes == 0 || c.late == 0 || c.withdrawn == 0 {
					t.Errorf("missing a kind of event: %+v", c)
				}
			case shapeOneGroup:
				if c.draws != c.games {
					t.Errorf("%d of %d games drawn, want all", c.draws, c.games)
				}
			case shapeTiny:
				if groups := scoregroups(a.req, rounds); groups < n/20 {
					t.Errorf("%d scoregroups in the last round, want at least %d", groups, n/20)
				}
			case shapeColourLocked:
				for _, p := range a.req.Players[:n/2] {
					if p.Rounds[0].Colour != chess.White || p.Rounds[1].Colour != chess.White {
						t.Fatalf("player %d did not have White in rounds 1 and 2", p.ID)
					}
				}
			}
		})
	}
}

// fieldCounts counts what happened in a simulated tournament.
type fieldCounts struct {
	games, draws, forfeits, halfByes, late, withdrawn int
}

func countField(s *simulation) fieldCounts {
	var c fieldCounts
	for i, p := range s.req.Players {
		for _, r := range p.Rounds {
			switch r.Result {
			case chess.Draw:
				c.draws++
			case chess.ForfeitWin, chess.ForfeitLoss:
				c.forfeits++
			case chess.HalfBye:
				c.halfByes++
			}
			if r.Result == chess.Draw || r.Result == chess.Win || r.Result == chess.Loss {
				c.games++
			}
		}
		if s.entry != nil && s.entry[i] > 1 {
			c.late++
		}
		if s.leave != nil && s.leave[i] > 0 {
			c.withdrawn++
		}
	}
	c.games /= 2
	c.draws /= 2
	return c
}

// scoregroups counts the distinct pairing scores (points and virtual points) of the given
// round among the players.
func scoregroups(req Request, round int) int {
	seen := map[chess.Score]bool{}
	for _, p := range req.Players {
		var pts chess.Score
		for _, r := range p.Rounds[:round-1] {
			pts += req.Points.Points(r.Result)
		}
		for _, a := range req.Accelerations {
			if p.ID >= a.FirstID && p.ID <= a.LastID && round >= a.FirstRound && round <= a.LastRound {
				pts += a.Points
			}
		}
		seen[pts] = true
	}
	return len(seen)
}

// String describes the field, for logs.
func (c fieldCounts) String() string {
	return fmt.Sprintf("%d games, %d drawn, %d forfeits, %d half-point byes, %d late, %d withdrawn",
		c.games, c.draws, c.forfeits, c.halfByes, c.late, c.withdrawn)
}
