package tiebreak

import (
	"fmt"

	"campus.example/apps/internal/chess"
)

// Format is the kind of tournament, which decides how unplayed rounds count (C.07 15).
type Format int

const (
	// Swiss is a tournament paired round by round: unplayed rounds follow C.07 16.
	Swiss Format = iota
	// RoundRobin is a tournament with pre-determined pairings (a round robin): a forfeit
	// counts as a game for the tie-breaks that look at opponents (C.07 15.2).
	RoundRobin
)

// String returns "swiss" or "round_robin", the names the command line uses.
func (f Format) String() string {
	if f == RoundRobin {
		return "round_robin"
	}
	return "swiss"
}

// Player is one participant: their start rank, their rating (0 when unrated) and their record,
// Rounds[0] being round 1.
type Player struct {
	StartRank int
	Rating    int
	Rounds    []chess.Round
}

// Event is what the tie-breaks are computed from.
type Event struct {
	Format Format
	// Rounds is the number of rounds to count: the rounds played so far, or all of them for
	// the final standings. A player with fewer rounds recorded was absent from the rest
	// (zero-point byes, C.07 16.1.1). 0 means the most rounds any player has.
	Rounds  int
	Players []Player
	// Points is the point system the results are counted with (TRF record 162), the zero
	// value for the standard one (win 1, draw ½, loss 0). Where C.07 speaks of a win's or a
	// draw's points (7.1, 8.3, 9.2, 16.3.2, 16.4.2, 6 for games not played) it means this
	// system's.
	Points chess.PointSystem
	// Rules is the version of C.07 the event is ranked by: the one in force when it started
	// (RulesOn). The zero value is the latest, Rules2026.
	Rules Rules
}

// Rules is a version of the FIDE Tie-Break Regulations (C.07). The versions differ in how a
// Swiss event's unplayed rounds count (16.4): since 2026 the dummy opponent that stands for
// one has the player's own score capped (16.4.1 for a forfeit, 16.4.2 for a bye); before, it
// had the player's own score. Everything else is the same.
type Rules int8

const (
	// Rules2026 is C.07 as amended by the FIDE Council on 2 February 2026, in force from 1
	// March 2026.
	Rules2026 Rules = iota
	// Rules2024 is C.07 in force from 1 August 2024 to 28 February 2026. TieBreakServer uses it
	// for every earlier event too, as the oldest version it implements; so does this package.
	Rules2024
)

// String returns the date the version came into force, as TieBreakServer names it:
// "2026-03-01" or "2024-08-01".
func (r Rules) String() string {
	if r == Rules2024 {
		return "2024-08-01"
	}
	return "2026-03-01"
}

// RulesOn returns the version in force on a date: the rules an event starting that day is
// ranked by, as TieBreakServer picks them from the tournament's start date.
func RulesOn(year, month, day int) Rules {
	if year*10000+month*100+day < 20260301 {
		return Rules2024
	}
	return Rules2026
}

// ParseRules reads a version by the year it came into force, "2024" or "2026", or its date,
// "2024-08-01" or "2026-03-01".
func ParseRules(s string) (Rules, error) {
	switch s {
	case "2026", "2026-03-01":
		return Rules2026, nil
	case "2024", "2024-08-01":
		return Rules2024, nil
	}
	return 0, fmt.Errorf("tie-break rules %q: want 2024 or 2026", s)
}

// MaxRounds bounds Event.Rounds, and MaxPlayers the number of players: the limits of a TRF
// file, so that any file the trf package reads can be ranked.
const (
	MaxRounds  = 200
	MaxPlayers = 9999
)

// entrant is a Player prepared for the tie-breaks: rounds padded to the event's length,
// opponents as indexes, and the sums every tie-break needs.
type entrant struct {
	start   int
	rating  int
	rounds  []round
	points  chess.Score // C.07 7: the score, all rounds
	lastAct int         // the last round (from 1) that was not a VUR (C.07 16.1.2); 0 if none
	lastMet int         // the last round with an opponent or the pairing-allocated bye; 0 if none
}

// round is one round of an entrant.
type round struct {
	opp    int // index of the opponent in the event, -1 when there was none
	colour chess.Colour
	result chess.Result
	points chess.Score
	isVUR  bool // see vur
}

// otb reports whether the round was a game played over the board (rated or not).
func (r round) otb() bool { return r.opp >= 0 && r.result.Played() }

// vur reports whether the round is a voluntary unplayed round (C.07 16.1.2): unplayed and
// worth less than a win. That is a half-point or zero-point bye, a forfeit loss, a round not
// recorded (an absence); the pairing-allocated bye, a full-point bye and a forfeit win are not.
func (r round) vur() bool { return r.isVUR }

// prepare checks an event and builds its entrants.
func prepare(ev Event) ([]entrant, int, error) {
	if len(ev.Players) > MaxPlayers {
		return nil, 0, fmt.Errorf("tiebreak: %d players, more than %d", len(ev.Players), MaxPlayers)
	}
	if ev.Rules != Rules2026 && ev.Rules != Rules2024 {
		return nil, 0, fmt.Errorf("tiebreak: rules %d are not a version of C.07", ev.Rules)
	}
	if err := ev.Points.Validate(); err != nil {
		return nil, 0, fmt.Errorf("tiebreak: %w", err)
	}
	pts := ev.Points.Or()
	n := ev.Rounds
	index := make(map[int]int, len(ev.Players))
	for i, p := range ev.Players {
		if _, dup := index[p.StartRank]; dup {
			return nil, 0, fmt.Errorf("tiebreak: start rank %d appears twice", p.StartRank)
		}
		index[p.StartRank] = i
		if ev.Rounds == 0 {
			n = max(n, len(p.Rounds))
		} else if len(p.Rounds) > ev.Rounds {
			return nil, 0, fmt.Errorf("tiebreak: player %d has %d rounds, the event %d", p.StartRank, len(p.Rounds), ev.Rounds)
		}
	}
	if n > MaxRounds || n < 0 {
		return nil, 0, fmt.Errorf("tiebreak: %d rounds; at most %d", n, MaxRounds)
	}
	es := make([]entrant, len(ev.Players))
	cells := make([]round, n*len(ev.Players)) // one allocation for every round of every player
	for i, p := range ev.Players {
		e := &es[i]
		e.start, e.rating = p.StartRank, p.Rating
		e.rounds = cells[i*n : (i+1)*n : (i+1)*n]
		for r := range e.rounds {
			rd := chess.Round{Result: chess.ZeroBye} // a round not recorded: absent (16.1.1)
			if r < len(p.Rounds) {
				rd = p.Rounds[r]
			}
			if !rd.Result.Valid() {
				return nil, 0, fmt.Errorf("tiebreak: player %d, round %d: result %q is not a TRF code", p.StartRank, r+1, rd.Result)
			}
			opp := -1
			if rd.Opponent != 0 {
				j, ok := index[rd.Opponent]
				if !ok {
					return nil, 0, fmt.Errorf("tiebreak: player %d, round %d: opponent %d is not a player", p.StartRank, r+1, rd.Opponent)
				}
				opp = j
			}
			cur := round{opp: opp, colour: rd.Colour, result: rd.Result, points: pts.Points(rd.Result)}
			cur.isVUR = !cur.result.Played() && cur.result != chess.PairingBye && cur.points < pts.Win
			e.rounds[r] = cur
			e.points += cur.points
			if !cur.vur() {
				e.lastAct = r + 1
			}
			if cur.opp >= 0 || cur.result == chess.PairingBye {
				e.lastMet = r + 1
			}
		}
	}
	return es, n, nil
}
