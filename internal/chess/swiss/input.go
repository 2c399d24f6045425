package swiss

import (
	"errors"
	"fmt"

	"campus.example/apps/internal/chess"
)

// Player is one player of the tournament as the pairing sees them.
type Player struct {
	// ID is the pairing number (the TRF start rank), from 1. Pairing numbers order the players
	// of equal score (C.04.3 1.2.2) and decide round-one colours (C.04.3 5.2.5).
	ID int
	// Rounds holds the player's rounds 1..k, the rounds already played; every player has the
	// same number of them. Opponents are given by ID, 0 for none.
	Rounds []chess.Round
}

// Request asks for the pairing of round k+1 of a tournament whose rounds 1..k are known.
type Request struct {
	// Players lists every player of the tournament, in any order, including those who sit the
	// round out: their past rounds decide the floats of their former opponents.
	Players []Player
	// TotalRounds is the number of rounds of the tournament (TRF tag XXR), at least k+1. The
	// last round relaxes the colour rule for topscorers (C.04.3 1.8, 2.1.3 [C3]).
	TotalRounds int
	// InitialColour is the colour the highest-ranked player paired in round 1 had or gets
	// (TRF tag XXC): White or Black (C.04.3 5.1).
	InitialColour chess.Colour
	// Absent lists the IDs of players who are not paired this round: they asked for a bye or
	// announced an absence (TRF H, Z or F in round k+1). They keep their score and history.
	Absent []int
	// Forbidden lists pairs of IDs who must not meet, for example members of one family; it
	// adds to the absolute criterion against rematches (C.04.3 2.1.1 [C1]).
	Forbidden [][2]int
	// Accelerations give virtual points for the pairing (C.04.5; see Acceleration, and Baku
	// for the Baku method); where two cover the same player and round, the later one counts.
	Accelerations []Acceleration
	// Points is the tournament's point system (TRF record 162), the zero value for the
	// standard one (win 1, draw ½, loss 0). The scores that make the scoregroups (C.04.3
	// 1.2), the floats of rounds without a game (1.4), the topscorers (1.8) and the players
	// barred from the pairing-allocated bye (C.04.1 [C2]) are counted with it, as bbpPairings
	// counts them with its point records.
	Points chess.PointSystem
}

// Board is one game of the round: White and Black by ID.
type Board struct{ White, Black int }

// Pairing is the pairing of one round.
type Pairing struct {
	// Boards lists the games in the order pairing programs publish them: by the higher score
	// of the two players, then the lower score, then the higher-ranked player's number.
	Boards []Board
	// Bye is the ID of the player who gets the pairing-allocated bye, 0 when there is none.
	Bye int
}

// Errors returned by Pair. Both are wrapped with details.
var (
	// ErrInvalid means that the request is not a consistent tournament.
	ErrInvalid = errors.New("swiss: invalid request")
	// ErrNoPairing means that no pairing satisfies the absolute criteria (C.04.3 1.9.3: the
	// chief arbiter must decide); for example everyone has already met everyone.
	ErrNoPairing = errors.New("swiss: no pairing satisfies the absolute criteria")
)

// Limits of a request, enforced by Pair so that no input can make it run away.
const (
	// MaxPlayers is the largest number of players Pair accepts: as many as a TRF file can
	// number (MaxID). Memory grows with the square of the players paired, at about 8 bytes a
	// pair (276 MB at 4 000), and time faster: about a minute of CPU for round 2 of 4 000
	// players (see the package comment).
	MaxPlayers = 9999
	// MaxID is the largest player ID, the most a TRF start rank can hold.
	MaxID = 9999
	// MaxRounds is the largest number of rounds.
	MaxRounds = 200
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// validate checks that the request describes a consistent tournament and returns the number of
// rounds played and each ID's index in r.Players.
func (r *Request) validate() (int, map[int]int, error) {
	if len(r.Players) > MaxPlayers {
		return 0, nil, invalid("%d players, more than %d", len(r.Players), MaxPlayers)
	}
	index := make(map[int]int, len(r.Players))
	k := -1
	for i, p := range r.Players {
		if p.ID < 1 || p.ID > MaxID {
			return 0, nil, invalid("player ID %d out of 1..%d", p.ID, MaxID)
		}
		if _, dup := index[p.ID]; dup {
			return 0, nil, invalid("player ID %d used twice", p.ID)
		}
		index[p.ID] = i
		if k < 0 {
			k = len(p.Rounds)
		} else if len(p.Rounds) != k {
			return 0, nil, invalid("player %d has %d rounds, player %d has %d", p.ID, len(p.Rounds), r.Players[0].ID, k)
		}
	}
	k = max(k, 0)
	if k >= MaxRounds || r.TotalRounds > MaxRounds {
		return 0, nil, invalid("more than %d rounds", MaxRounds)
	}
	if r.TotalRounds <= k {
		return 0, nil, invalid("%d rounds played of %d: there is no round to pair", k, r.TotalRounds)
	}
	if r.InitialColour != chess.White && r.InitialColour != chess.Black {
		return 0, nil, invalid("the initial colour must be white or black")
	}
	if err := r.Points.Validate(); err != nil {
		return 0, nil, invalid("%v", err)
	}
	for _, p := range r.Players {
		for rd, x := range p.Rounds {
			if err := checkRound(r, index, p, rd, x); err != nil {
				return 0, nil, err
			}
		}
	}
	for _, id := range r.Absent {
		if _, ok := index[id]; !ok {
			return 0, nil, invalid("absent player %d is not a player", id)
		}
	}
	for _, f := range r.Forbidden {
		for _, id := range f {
			if _, ok := index[id]; !ok {
				return 0, nil, invalid("forbidden pair names %d, not a player", id)
			}
		}
	}
	if err := r.validateAccelerations(); err != nil {
		return 0, nil, err
	}
	return k, index, nil
}

// checkRound checks round rd (from 0) of player p: a known result, and a game that the
// opponent records the same way, with the other colour.
func checkRound(r *Request, index map[int]int, p Player, rd int, x chess.Round) error {
	if !x.Result.Valid() || x.Result == chess.NoResult {
		return invalid("player %d round %d: result %q is not a result of a played round", p.ID, rd+1, x.Result)
	}
	if x.Opponent == 0 {
		if !x.Result.Bye() || x.Colour != chess.NoColour {
			return invalid("player %d round %d: a round without an opponent must be a bye without colour", p.ID, rd+1)
		}
		return nil
	}
	if x.Result.Bye() || (x.Colour != chess.White && x.Colour != chess.Black) {
		return invalid("player %d round %d: a game needs a colour and a game result", p.ID, rd+1)
	}
	j, ok := index[x.Opponent]
	if !ok || x.Opponent == p.ID {
		return invalid("player %d round %d: opponent %d is not another player", p.ID, rd+1, x.Opponent)
	}
	y := r.Players[j].Rounds[rd]
	if y.Opponent != p.ID || y.Colour != x.Colour.Opposite() || x.Result.Played() != y.Result.Played() {
		return invalid("player %d round %d: opponent %d records the game differently", p.ID, rd+1, x.Opponent)
	}
	return nil
}
