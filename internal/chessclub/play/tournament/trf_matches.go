package tournament

import (
	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
)

// TRF-2026 (FIDE Handbook, Data Exchange Format) has one column per round in each player's
// line, one game to a column, and nothing for a match of several games. So the TRF export of
// a knockout of matches writes each game as its own column: round r of the bracket takes as
// many columns as its longest match has games, game k of a match is the k-th of its round's
// columns, and a player with fewer games in that round (a shorter match, a bye, knocked out)
// has zero-point byes (Z) in the columns left — a full-point bye of round 1 stands in its
// round's first column. The classical games keep their rated codes (1 = 0 + -); the
// tie-break games are not games at the tournament's time control, so they are written with
// TRF's unrated codes (W D L), a forfeit staying + or -. A drawn Armageddon game is a draw
// (D) in the file: the Armageddon rule settles the match, not the game's score.

// gameRecords returns each player's TRF rounds, one column per game (see above), and the
// number of columns the rounds paired take.
func (f *Field) gameRecords() (map[int64][]chess.Round, int) {
	out := make(map[int64][]chess.Round, len(f.Players))
	columns := 0
	for _, r := range f.Rounds {
		width := 1
		for _, b := range r.Boards {
			width = max(width, b.Game)
		}
		for _, b := range r.Boards {
			w, bl := f.ByID[b.White], f.ByID[b.Black]
			o := pending
			if b.Result != nil {
				o = Outcomes[*b.Result]
			}
			col := columns + b.Game
			out[w.MemberID] = setRound(out[w.MemberID], col, chess.Round{Opponent: bl.StartRank, Colour: chess.White, Result: trfGameCode(o.White, b.Stage)})
			out[bl.MemberID] = setRound(out[bl.MemberID], col, chess.Round{Opponent: w.StartRank, Colour: chess.Black, Result: trfGameCode(o.Black, b.Stage)})
		}
		for _, b := range r.Byes {
			out[b.Member] = setRound(out[b.Member], columns+1, chess.Round{Result: b.Kind})
		}
		columns += width
	}
	for _, e := range f.Players {
		rounds := out[e.MemberID]
		for len(rounds) < columns {
			rounds = append(rounds, chess.Round{Result: chess.ZeroBye})
		}
		out[e.MemberID] = rounds
	}
	return out, columns
}

// trfGameCode is the TRF code of a game of stage s: a tie-break game's played result as
// its unrated code.
func trfGameCode(r chess.Result, s knockout.Stage) chess.Result {
	if s == knockout.Classical || s == "" {
		return r
	}
	switch r {
	case chess.Win:
		return chess.UnratedWin
	case chess.Draw:
		return chess.UnratedDraw
	case chess.Loss:
		return chess.UnratedLoss
	}
	return r
}

// matchColumns is the number of TRF columns a knockout of matches will have: those of the
// rounds paired, and GamesPerMatch for each round to come.
func (f *Field) matchColumns(paired int) int {
	return paired + max(0, f.TotalRounds()-len(f.Rounds))*f.Tournament.GamesPerMatch
}
