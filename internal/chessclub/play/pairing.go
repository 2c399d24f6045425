package play

import (
	"errors"
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chess/roundrobin"
	"campus.example/apps/internal/chess/swiss"
	"campus.example/apps/internal/problem"
)

// pairing is a round about to be stored: its boards in order, and its byes.
type pairing struct {
	boards []pairedBoard
	byes   []bye
}

// pairedBoard is a new board. result is set when the game cannot be played: a player who
// withdrew loses it by forfeit (a round robin's and a knockout's schedules are fixed).
type pairedBoard struct {
	white, black int64
	result       *string
}

// pairNext pairs round len(f.rounds)+1 by the tournament's format: the Dutch system for a
// Swiss, the Berger tables for a round robin, the seeded bracket for a knockout. The caller
// has checked that the tournament runs, that the last round is complete and that rounds are
// left. It returns a Conflict problem when the rules find no pairing.
func (f *field) pairNext() (pairing, error) {
	next := len(f.rounds) + 1
	switch f.t.Format {
	case FormatRoundRobin:
		return f.pairRoundRobin(next)
	case FormatKnockout:
		return f.pairKnockout(next)
	}
	return f.pairSwiss(next)
}

// pairSwiss pairs a Swiss round from the tournament's own TRF file (trfFile), through the
// same reader a pairing program uses (swiss.NextRound), so that the file a federation gets
// pairs exactly like the club did. Absent players keep the bye they asked for; players who
// withdrew get a zero-point bye; the pairing-allocated bye is U.
func (f *field) pairSwiss(next int) (pairing, error) {
	req, err := swiss.NextRound(f.trfFile(nil))
	if err != nil {
		return pairing{}, fmt.Errorf("pair round %d: %w", next, err)
	}
	p, err := swiss.Pair(req)
	if errors.Is(err, swiss.ErrNoPairing) {
		return pairing{}, &problem.Error{Kind: problem.Conflict, Current: f.t.current(), Err: err,
			Detail: fmt.Sprintf("No pairing of round %d meets the absolute criteria of the Dutch system (C.04.3 C1–C3): the arbiter must decide (FIDE C.04.3 1.9.3).", next)}
	}
	if err != nil {
		return pairing{}, fmt.Errorf("pair round %d: %w", next, err)
	}
	byRank := f.byStartRank()
	var out pairing
	for _, b := range p.Boards {
		out.boards = append(out.boards, pairedBoard{white: byRank[b.White].MemberID, black: byRank[b.Black].MemberID})
	}
	if p.Bye != 0 {
		out.byes = append(out.byes, bye{Round: next, Member: byRank[p.Bye].MemberID, Kind: chess.PairingBye})
	}
	out.byes = append(out.byes, f.absentees(next)...)
	return out, nil
}

// absentees returns the byes of the players who sit round r out: those they asked for (kept
// as asked) and zero-point byes for those who withdrew.
func (f *field) absentees(r int) []bye {
	var out []bye
	for _, e := range f.players {
		if kind, ok := f.absence(e, r); ok {
			_, asked := e.requested[r]
			out = append(out, bye{Round: r, Member: e.MemberID, Kind: kind, Requested: asked})
		}
	}
	return out
}

// byStartRank indexes the players who have a pairing number.
func (f *field) byStartRank() map[int]*entrant {
	out := make(map[int]*entrant, len(f.players))
	for _, e := range f.players {
		if e.StartRank != 0 {
			out[e.StartRank] = e
		}
	}
	return out
}

// pairRoundRobin takes round next of the Berger tables (single or double), with the pairing
// numbers as draw numbers. The free round of an odd field is a zero-point bye, as TRF
// records it. A game with a player who has withdrawn is lost by forfeit at once.
func (f *field) pairRoundRobin(next int) (pairing, error) {
	n := len(f.players)
	schedule, err := roundRobinSchedule(n, f.t.DoubleRoundRobin)
	if err != nil || next > len(schedule) {
		return pairing{}, fmt.Errorf("round robin of %d players has no round %d: %v", n, next, err)
	}
	byRank := f.byStartRank()
	var out pairing
	for _, p := range schedule[next-1] {
		w := byRank[p.White]
		if p.Black == 0 {
			out.byes = append(out.byes, bye{Round: next, Member: w.MemberID, Kind: chess.ZeroBye})
			continue
		}
		b := byRank[p.Black]
		out.boards = append(out.boards, pairedBoard{white: w.MemberID, black: b.MemberID, result: forfeitFor(w.active(next), b.active(next))})
	}
	return out, nil
}

// roundRobinSchedule returns the Berger tables for n players.
func roundRobinSchedule(n int, double bool) ([]roundrobin.Round, error) {
	if double {
		return roundrobin.Double(n)
	}
	return roundrobin.Single(n)
}

// forfeitFor is the result of a game that cannot be played because a player withdrew; nil
// when both still play.
func forfeitFor(whitePlays, blackPlays bool) *string {
	var r string
	switch {
	case whitePlays && blackPlays:
		return nil
	case whitePlays:
		r = ResultWhiteForfeit
	case blackPlays:
		r = ResultBlackForfeit
	default:
		r = ResultDoubleForfeit
	}
	return &r
}

// pairKnockout pairs round next of the seeded bracket (package knockout) from the winners of
// the rounds before: a bye of round 1 is a full-point bye (F), and colours follow
// knockout.White. A game with a player who has withdrawn is lost by forfeit at once; when
// both have withdrawn, the higher seed goes through by forfeit, since someone must.
func (f *field) pairKnockout(next int) (pairing, error) {
	n := len(f.players)
	byRank := f.byStartRank()
	winners, whites, err := f.knockoutWinners()
	if err != nil {
		return pairing{}, err
	}
	matches, err := knockout.Pair(n, winners)
	if err != nil {
		return pairing{}, fmt.Errorf("knockout round %d: %w", next, err)
	}
	var out pairing
	for _, m := range matches {
		if m.B == 0 {
			out.byes = append(out.byes, bye{Round: next, Member: byRank[m.A].MemberID, Kind: chess.FullBye})
			continue
		}
		white := knockout.White(m.A, m.B, next, whites[m.A], whites[m.B])
		black := m.A + m.B - white
		w, b := byRank[white], byRank[black]
		result := forfeitFor(w.active(next), b.active(next))
		if result != nil && *result == ResultDoubleForfeit {
			r := ResultWhiteForfeit
			if black < white {
				r = ResultBlackForfeit
			}
			result = &r
		}
		out.boards = append(out.boards, pairedBoard{white: w.MemberID, black: b.MemberID, result: result})
	}
	return out, nil
}

// knockoutWinners reads, for each round paired, the winner of each match in the bracket's
// order (as knockout.Pair wants them), and counts each seed's Whites. It fails when a match
// has no winner yet.
func (f *field) knockoutWinners() ([][]int, map[int]int, error) {
	n := len(f.players)
	var winners [][]int
	whites := map[int]int{}
	for _, r := range f.rounds {
		matches, err := knockout.Pair(n, winners)
		if err != nil {
			return nil, nil, fmt.Errorf("knockout round %d: %w", r.Number, err)
		}
		won := make([]int, len(matches))
		for i, m := range matches {
			w, err := f.matchWinner(r, m)
			if err != nil {
				return nil, nil, err
			}
			won[i] = w
		}
		for _, b := range r.Boards {
			whites[f.byID[b.White].StartRank]++
		}
		winners = append(winners, won)
	}
	return winners, whites, nil
}

// matchWinner finds match m of round r among its boards and byes and returns its winner's
// seed.
func (f *field) matchWinner(r *round, m knockout.Match) (int, error) {
	if m.B == 0 {
		return m.A, nil
	}
	for _, b := range r.Boards {
		w, bl := f.byID[b.White].StartRank, f.byID[b.Black].StartRank
		if (w != m.A || bl != m.B) && (w != m.B || bl != m.A) {
			continue
		}
		if b.Result == nil {
			return 0, fmt.Errorf("round %d, board %d has no result", r.Number, b.Number)
		}
		switch outcomes[*b.Result].winner {
		case chess.White:
			return w, nil
		case chess.Black:
			return bl, nil
		}
		return 0, fmt.Errorf("round %d, board %d: %s leaves no winner", r.Number, b.Number, *b.Result)
	}
	return 0, fmt.Errorf("round %d has no board for %d v %d", r.Number, m.A, m.B)
}
