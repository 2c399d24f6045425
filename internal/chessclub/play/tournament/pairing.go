package tournament

import (
	"errors"
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chess/roundrobin"
	"campus.example/apps/internal/chess/swiss"
)

// Pairing is a round about to be stored: its boards in order, and its byes.
type Pairing struct {
	Boards []PairedBoard
	Byes   []ByeRecord
}

// PairedBoard is a new board. result is set when the game cannot be played: a player who
// withdrew loses it by forfeit (a round robin's and a knockout's schedules are fixed).
type PairedBoard struct {
	White, Black int64
	Result       *string
	// Game and Stage place the board in its knockout match; zero is game 1, classical.
	Game  int
	Stage knockout.Stage
}

// PairNext pairs round len(f.rounds)+1 by the tournament's format: the Dutch system for a
// Swiss, the Berger tables for a round robin, the seeded bracket for a knockout. The caller
// has checked that the tournament runs, that the last round is complete and that rounds are
// left. It returns a Conflict refusal when the rules find no pairing.
func (f *Field) PairNext() (Pairing, error) {
	next := len(f.Rounds) + 1
	switch f.Tournament.Format {
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
func (f *Field) pairSwiss(next int) (Pairing, error) {
	file, err := f.TRF(nil)
	if err != nil {
		return Pairing{}, fmt.Errorf("pair round %d: %w", next, err)
	}
	req, err := swiss.NextRound(file)
	if err != nil {
		return Pairing{}, fmt.Errorf("pair round %d: %w", next, err)
	}
	p, err := swiss.Pair(req)
	if errors.Is(err, swiss.ErrNoPairing) {
		return Pairing{}, &Error{Kind: Conflict, Current: f.Tournament.Current(), Err: err,
			Detail: fmt.Sprintf("No pairing of round %d meets the absolute criteria of the Dutch system (C.04.3 C1–C3): the arbiter must decide (FIDE C.04.3 1.9.3).", next)}
	}
	if err != nil {
		return Pairing{}, fmt.Errorf("pair round %d: %w", next, err)
	}
	byRank := f.ByStartRank()
	var out Pairing
	for _, b := range p.Boards {
		out.Boards = append(out.Boards, PairedBoard{White: byRank[b.White].MemberID, Black: byRank[b.Black].MemberID})
	}
	if p.Bye != 0 {
		out.Byes = append(out.Byes, ByeRecord{Round: next, Member: byRank[p.Bye].MemberID, Kind: chess.PairingBye})
	}
	out.Byes = append(out.Byes, f.absentees(next)...)
	return out, nil
}

// absentees returns the byes of the players who sit round r out: those they asked for (kept
// as asked) and zero-point byes for those who withdrew.
func (f *Field) absentees(r int) []ByeRecord {
	var out []ByeRecord
	for _, e := range f.Players {
		if kind, ok := f.absence(e, r); ok {
			_, asked := e.Requested[r]
			out = append(out, ByeRecord{Round: r, Member: e.MemberID, Kind: kind, Requested: asked})
		}
	}
	return out
}

// ByStartRank indexes the players who have a pairing number.
func (f *Field) ByStartRank() map[int]*Entrant {
	out := make(map[int]*Entrant, len(f.Players))
	for _, e := range f.Players {
		if e.StartRank != 0 {
			out[e.StartRank] = e
		}
	}
	return out
}

// pairRoundRobin takes round next of the Berger tables (single or double), with the pairing
// numbers as draw numbers. The free round of an odd field is a zero-point bye, as TRF
// records it. A game with a player who has withdrawn is lost by forfeit at once.
func (f *Field) pairRoundRobin(next int) (Pairing, error) {
	n := len(f.Players)
	schedule, err := RoundRobinSchedule(n, f.Tournament.DoubleRoundRobin)
	if err != nil || next > len(schedule) {
		return Pairing{}, fmt.Errorf("round robin of %d players has no round %d: %v", n, next, err)
	}
	byRank := f.ByStartRank()
	var out Pairing
	for _, p := range schedule[next-1] {
		w := byRank[p.White]
		if p.Black == 0 {
			out.Byes = append(out.Byes, ByeRecord{Round: next, Member: w.MemberID, Kind: chess.ZeroBye})
			continue
		}
		b := byRank[p.Black]
		out.Boards = append(out.Boards, PairedBoard{White: w.MemberID, Black: b.MemberID, Result: forfeitFor(w.Active(next), b.Active(next))})
	}
	return out, nil
}

// RoundRobinSchedule returns the Berger tables for n players.
func RoundRobinSchedule(n int, double bool) ([]roundrobin.Round, error) {
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
// the rounds before: a bye of round 1 is a full-point bye (F), and the colours of each
// match's first game follow knockout.White. A match of several games has its GamesPerMatch
// games paired at once, the colours alternating (knockout.AWhiteIn); its tie-break games come
// when they are needed (TieBreakGames). A game with a player who has withdrawn is lost by
// forfeit at once; when both have withdrawn, the higher seed goes through by forfeit, since
// someone must.
func (f *Field) pairKnockout(next int) (Pairing, error) {
	n := len(f.Players)
	byRank := f.ByStartRank()
	winners, whites, err := f.knockoutWinners()
	if err != nil {
		return Pairing{}, err
	}
	matches, err := knockout.Pair(n, winners)
	if err != nil {
		return Pairing{}, fmt.Errorf("knockout round %d: %w", next, err)
	}
	games := f.matchFormat().Games
	var out Pairing
	for _, m := range matches {
		if m.B == 0 {
			out.Byes = append(out.Byes, ByeRecord{Round: next, Member: byRank[m.A].MemberID, Kind: chess.FullBye})
			continue
		}
		first := knockout.White(m.A, m.B, next, whites[m.A], whites[m.B])
		for k := 1; k <= games; k++ {
			white := first
			if !knockout.AWhiteIn(true, k) {
				white = m.A + m.B - first
			}
			black := m.A + m.B - white
			w, b := byRank[white], byRank[black]
			result := forfeitFor(w.Active(next), b.Active(next))
			if result != nil && *result == ResultDoubleForfeit {
				r := ResultWhiteForfeit
				if black < white {
					r = ResultBlackForfeit
				}
				result = &r
			}
			out.Boards = append(out.Boards, PairedBoard{White: w.MemberID, Black: b.MemberID, Result: result, Game: k, Stage: knockout.Classical})
		}
	}
	return out, nil
}

// knockoutWinners reads, for each round paired, the winner of each match in the bracket's
// order (as knockout.Pair wants them), and counts each seed's Whites in the first games of
// its matches. It fails when a match has no winner yet.
func (f *Field) knockoutWinners() ([][]int, map[int]int, error) {
	n := len(f.Players)
	var winners [][]int
	whites := map[int]int{}
	for _, r := range f.Rounds {
		matches, err := knockout.Pair(n, winners)
		if err != nil {
			return nil, nil, fmt.Errorf("knockout round %d: %w", r.Number, err)
		}
		played := f.RoundMatches(r)
		won := make([]int, len(matches))
		for i, m := range matches {
			w, err := f.matchWinner(r, played, m)
			if err != nil {
				return nil, nil, err
			}
			won[i] = w
		}
		for _, b := range r.Boards {
			if b.Game == 1 {
				whites[f.ByID[b.White].StartRank]++
			}
		}
		winners = append(winners, won)
	}
	return winners, whites, nil
}

// matchWinner finds match m of round r among its matches played and returns its winner's
// seed; a bye's winner is its player.
func (f *Field) matchWinner(r *RoundRecord, played []*MatchRecord, m knockout.Match) (int, error) {
	if m.B == 0 {
		return m.A, nil
	}
	for _, mr := range played {
		a, b := f.ByID[mr.A].StartRank, f.ByID[mr.B].StartRank
		if (a != m.A || b != m.B) && (a != m.B || b != m.A) {
			continue
		}
		w, err := f.MatchWinner(mr)
		if err != nil {
			return 0, err
		}
		if w == 0 {
			return 0, fmt.Errorf("round %d: the match %d v %d is not decided", r.Number, m.A, m.B)
		}
		return f.ByID[w].StartRank, nil
	}
	return 0, fmt.Errorf("round %d has no board for %d v %d", r.Number, m.A, m.B)
}
