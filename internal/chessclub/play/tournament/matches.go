package tournament

import (
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
)

// A knockout with GamesPerMatch above 1 plays each pairing as a match (knockout.MatchFormat):
// each game is a board of the round with its game number and stage, the match's tie-break
// games are added to the round when its games so far leave it level, and the match's winner
// goes through. A knockout of single games is the same with one game a match, whose draw is
// recorded by a decider.

// MatchRecord is one match of a knockout round: its two players (A had White in game 1) and
// its games, game 1 first.
type MatchRecord struct {
	A, B   int64
	Boards []*BoardRecord
}

// AllowedMatchResult is AllowedResult for a game of a knockout match of several games: a
// game may be drawn (the match's tie-breaks settle a level match), but needs no decider, and
// a double forfeit would leave the match without a winner.
func AllowedMatchResult(result string) (bool, string) {
	if _, ok := Outcomes[result]; !ok {
		return false, "must be one of 1-0, 0-1, 1/2-1/2, 1-0 forfeit, 0-1 forfeit"
	}
	switch result {
	case ResultWhiteDecider, ResultBlackDecider:
		return false, "a game of a match is not settled by a decider: the match's tie-break games settle a level match"
	case ResultDoubleForfeit:
		return false, "a game of a match needs at least one player: a double forfeit would leave the match without a winner"
	}
	return true, ""
}

// RoundMatches groups round r's boards into its matches, in the order of their first games.
func (f *Field) RoundMatches(r *RoundRecord) []*MatchRecord {
	var out []*MatchRecord
	byPair := map[[2]int64]*MatchRecord{}
	for _, b := range r.Boards {
		key := [2]int64{min(b.White, b.Black), max(b.White, b.Black)}
		m := byPair[key]
		if m == nil {
			m = &MatchRecord{A: b.White, B: b.Black}
			byPair[key] = m
			out = append(out, m)
		}
		m.Boards = append(m.Boards, b)
	}
	for _, m := range out {
		first := m.Boards[0]
		for _, b := range m.Boards {
			if b.Game < first.Game {
				first = b
			}
		}
		m.A, m.B = first.White, first.Black
		sortByGame(m.Boards)
	}
	return out
}

// sortByGame orders a match's boards by game number (insertion sort: a match has few games).
func sortByGame(bs []*BoardRecord) {
	for i := 1; i < len(bs); i++ {
		for j := i; j > 0 && bs[j].Game < bs[j-1].Game; j-- {
			bs[j], bs[j-1] = bs[j-1], bs[j]
		}
	}
}

// MatchOf returns the match of round r that board bd belongs to.
func (f *Field) MatchOf(r *RoundRecord, bd *BoardRecord) *MatchRecord {
	for _, m := range f.RoundMatches(r) {
		if (m.A == bd.White && m.B == bd.Black) || (m.A == bd.Black && m.B == bd.White) {
			return m
		}
	}
	return nil
}

// matchFormat is the format the tournament's matches are scored by: a single game, settled
// by its decider, when the tournament does not play matches.
func (f *Field) matchFormat() knockout.MatchFormat {
	if !f.Tournament.Matches() {
		return knockout.MatchFormat{Games: 1}
	}
	return f.Tournament.Match()
}

// Score works out match m by the tournament's match format. A game won by a decider counts
// as won for who goes through, so that a single-game knockout's match is decided by it.
func (f *Field) Score(m *MatchRecord) (knockout.MatchState, error) {
	games := make([]knockout.Game, len(m.Boards))
	for i, b := range m.Boards {
		g := knockout.Game{Stage: b.Stage, AWhite: b.White == m.A, Played: b.Result != nil, AHalves: 1}
		if b.Result != nil {
			switch Outcomes[*b.Result].Winner {
			case chess.White:
				g.AHalves = 2 * boolInt(g.AWhite)
			case chess.Black:
				g.AHalves = 2 * boolInt(!g.AWhite)
			}
		}
		games[i] = g
	}
	st, err := f.matchFormat().Score(games)
	if err != nil {
		return st, fmt.Errorf("match %d v %d: %w", f.ByID[m.A].StartRank, f.ByID[m.B].StartRank, err)
	}
	return st, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// MatchWinner returns the member id of match m's winner, or 0 while it is undecided.
func (f *Field) MatchWinner(m *MatchRecord) (int64, error) {
	st, err := f.Score(m)
	if err != nil || !st.Decided {
		return 0, err
	}
	if st.Winner == 'A' {
		return m.A, nil
	}
	return m.B, nil
}

// TieBreakGames returns the games to add to match m of round r now: those of its next
// stage when its games so far leave it level, numbered on from its last game, with colours
// alternating through the match (knockout.AWhiteIn). first is the board number the first of
// them takes: one past the round's last board.
func (f *Field) TieBreakGames(r *RoundRecord, m *MatchRecord) (games []PairedBoard, first int, err error) {
	st, err := f.Score(m)
	if err != nil || st.Next == nil {
		return nil, 0, err
	}
	for _, b := range r.Boards {
		first = max(first, b.Number)
	}
	for i := range st.Next.Games {
		k := len(m.Boards) + i + 1
		w, b := m.A, m.B
		if !knockout.AWhiteIn(true, k) {
			w, b = b, w
		}
		games = append(games, PairedBoard{White: w, Black: b, Game: k, Stage: st.Next.Stage})
	}
	return games, first + 1, nil
}
