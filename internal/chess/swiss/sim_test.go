package swiss

import (
	"math"
	"math/rand/v2"
	"testing"

	"campus.example/apps/internal/chess"
)

// simulation is a tournament played round by round: this package pairs each round, and
// results are drawn at random, weighted by rating as in the Elo model.
type simulation struct {
	rng     *rand.Rand
	req     Request
	ratings []int
	// Rates: chance that a player announces a half-point or zero-point bye for a round, that a
	// game is forfeited (one side or both), and that a game is drawn.
	byeRate, absentRate, forfeitRate, drawRate float64
	// eloDraws draws results so that White's expected score is the Elo expectation E, with
	// draws likelier between close ratings: drawRate·4E(1−E) of the games, the rate itself
	// between equal ratings.
	eloDraws bool
	// entry and leave, when set, hold per player (by index) the first round the player plays,
	// for a late entry, and the last, for a withdrawal (0: none); outside them the player is
	// absent for zero points.
	entry, leave []int
}

// newSimulation starts a tournament of n players (IDs 1..n, ratings falling with the ID) and
// the given number of rounds.
func newSimulation(seed uint64, n, rounds int) *simulation {
	s := &simulation{
		rng:        rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		byeRate:    0.02,
		absentRate: 0.02,
		// Few enough forfeits that the round can almost always be completed.
		forfeitRate: 0.03,
		drawRate:    0.3,
	}
	s.req.TotalRounds = rounds
	s.req.InitialColour = chess.White
	if s.rng.IntN(2) == 0 {
		s.req.InitialColour = chess.Black
	}
	rating := 2700
	for id := 1; id <= n; id++ {
		s.req.Players = append(s.req.Players, Player{ID: id})
		s.ratings = append(s.ratings, rating)
		rating -= s.rng.IntN(max(1, 2*1700/max(n, 1)))
	}
	return s
}

// played returns the number of rounds played so far.
func (s *simulation) played() int { return len(s.req.Players[0].Rounds) }

// announce picks the players who sit the next round out, and returns the request for it.
func (s *simulation) announce() (Request, map[int]chess.Result) {
	req := s.req
	req.Absent = nil
	out := map[int]chess.Result{}
	round := s.played() + 1
	for i, p := range s.req.Players {
		// The draw comes first whether or not the player is in, so that fields without late
		// entries or withdrawals draw as they always did.
		r := s.rng.Float64()
		if !s.takesPart(i, round) {
			out[p.ID] = chess.ZeroBye
			req.Absent = append(req.Absent, p.ID)
			continue
		}
		switch {
		case r < s.byeRate:
			out[p.ID] = chess.HalfBye
		case r < s.byeRate+s.absentRate:
			out[p.ID] = chess.ZeroBye
		default:
			continue
		}
		req.Absent = append(req.Absent, p.ID)
	}
	return req, out
}

// takesPart reports whether the player at index i is in the field in the given round: entered,
// and not withdrawn.
func (s *simulation) takesPart(i, round int) bool {
	if s.entry != nil && round < s.entry[i] {
		return false
	}
	return s.leave == nil || s.leave[i] == 0 || round <= s.leave[i]
}

// play records the round: the pairing's games with random results, the bye, the absences.
func (s *simulation) play(p Pairing, away map[int]chess.Result) {
	rounds := map[int]chess.Round{}
	for _, b := range p.Boards {
		w, bl := s.result(b.White, b.Black)
		rounds[b.White] = chess.Round{Opponent: b.Black, Colour: chess.White, Result: w}
		rounds[b.Black] = chess.Round{Opponent: b.White, Colour: chess.Black, Result: bl}
	}
	if p.Bye != 0 {
		rounds[p.Bye] = chess.Round{Result: chess.PairingBye}
	}
	for id, r := range away {
		rounds[id] = chess.Round{Result: r}
	}
	for i := range s.req.Players {
		pl := &s.req.Players[i]
		r, ok := rounds[pl.ID]
		if !ok {
			panic("a player was neither paired nor away")
		}
		pl.Rounds = append(pl.Rounds, r)
	}
}

// result draws the result of a game between White w and Black b.
func (s *simulation) result(w, b int) (chess.Result, chess.Result) {
	if s.rng.Float64() < s.forfeitRate {
		switch s.rng.IntN(3) {
		case 0:
			return chess.ForfeitWin, chess.ForfeitLoss
		case 1:
			return chess.ForfeitLoss, chess.ForfeitWin
		default:
			return chess.ForfeitLoss, chess.ForfeitLoss
		}
	}
	expected := 1 / (1 + math.Pow(10, float64(s.ratings[b-1]-s.ratings[w-1])/400))
	if s.eloDraws {
		// Wins E−D/2, draws D: White scores E on average.
		d := min(2*min(expected, 1-expected), s.drawRate*4*expected*(1-expected))
		switch r := s.rng.Float64(); {
		case r < expected-d/2:
			return chess.Win, chess.Loss
		case r < expected+d/2:
			return chess.Draw, chess.Draw
		}
		return chess.Loss, chess.Win
	}
	if s.rng.Float64() < s.drawRate {
		return chess.Draw, chess.Draw
	}
	if s.rng.Float64() < expected {
		return chess.Win, chess.Loss
	}
	return chess.Loss, chess.Win
}

// playRounds pairs and plays k rounds, failing the test on any error.
func (s *simulation) playRounds(t testing.TB, k int) {
	t.Helper()
	for range k {
		req, away := s.announce()
		p, err := Pair(req)
		if err != nil {
			t.Fatalf("round %d: %v", s.played()+1, err)
		}
		s.play(p, away)
	}
}
