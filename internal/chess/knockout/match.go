package knockout

import "fmt"

// A knockout round may be a match of several games rather than one game. This file holds the
// rules of such a match as FIDE's World Cup regulations (FIDE Handbook D.I, "Regulations for
// the FIDE World Cup") set them: the players meet over a fixed number of games at the
// tournament's time control; when the match is level after them, tie-break stages are played
// one after the other — two rapid games, then two blitz games, then a single Armageddon game —
// each stage scored on its own, until one stage has a winner. In the Armageddon game a draw
// counts as a win for Black, so it always decides.

// Stage is a part of a match: its games at the tournament's time control, or one of the
// tie-break stages.
type Stage string

// The stages of a match.
const (
	Classical  Stage = "classical"
	Rapid      Stage = "rapid"
	Blitz      Stage = "blitz"
	Armageddon Stage = "armageddon"
)

// Limits on a match's format.
const (
	// MaxGames is the most games a match or one tie-break stage may have.
	MaxGames = 10
	// MaxTieBreaks is the most tie-break stages a match may have.
	MaxTieBreaks = 10
)

// StageGames is a tie-break stage and its number of games.
type StageGames struct {
	Stage Stage `json:"stage"`
	Games int   `json:"games"`
}

// MatchFormat is how a knockout's matches are played: Games games, then, while the match is
// level, the tie-break stages in order.
type MatchFormat struct {
	Games     int
	TieBreaks []StageGames
}

// DefaultTieBreaks are the tie-break stages of the FIDE World Cup regulations: two rapid
// games, two blitz games, then Armageddon.
func DefaultTieBreaks() []StageGames {
	return []StageGames{{Rapid, 2}, {Blitz, 2}, {Armageddon, 1}}
}

// Validate checks a match format: 1 to MaxGames games; at most MaxTieBreaks tie-break
// stages, each rapid or blitz with 1 to MaxGames games, or Armageddon with exactly one game,
// which may only come last (it always decides). A match of more than one game needs
// tie-break stages ending in Armageddon, so that every match is decided; a match of one game
// needs none (its drawn game is settled by a decider, as a single-game knockout records it).
// It returns an error wrapping ErrInvalid that names the first problem.
func (m MatchFormat) Validate() error {
	if m.Games < 1 || m.Games > MaxGames {
		return invalid("a match has 1 to %d games, not %d", MaxGames, m.Games)
	}
	if len(m.TieBreaks) > MaxTieBreaks {
		return invalid("at most %d tie-break stages, not %d", MaxTieBreaks, len(m.TieBreaks))
	}
	for i, s := range m.TieBreaks {
		switch s.Stage {
		case Rapid, Blitz:
			if s.Games < 1 || s.Games > MaxGames {
				return invalid("tie-break stage %d (%s) has 1 to %d games, not %d", i+1, s.Stage, MaxGames, s.Games)
			}
		case Armageddon:
			if s.Games != 1 {
				return invalid("tie-break stage %d: Armageddon is one game, not %d", i+1, s.Games)
			}
			if i != len(m.TieBreaks)-1 {
				return invalid("tie-break stage %d: Armageddon always decides, so it comes last", i+1)
			}
		default:
			return invalid("tie-break stage %d: %q is not rapid, blitz or armageddon", i+1, s.Stage)
		}
	}
	if m.Games > 1 && (len(m.TieBreaks) == 0 || m.TieBreaks[len(m.TieBreaks)-1].Stage != Armageddon) {
		return invalid("a match of %d games needs tie-break stages ending in armageddon, so that it is always decided", m.Games)
	}
	return nil
}

// stages returns the match's stages in order, the classical games first.
func (m MatchFormat) stages() []StageGames {
	return append([]StageGames{{Classical, m.Games}}, m.TieBreaks...)
}

// Game is one game of a match as seen from the match's player A.
type Game struct {
	Stage Stage
	// AWhite is true when A had White.
	AWhite bool
	// Played is false while the game has no result.
	Played bool
	// AHalves is A's score in half points: 0 (lost), 1 (drawn) or 2 (won).
	AHalves int
}

// StageScore is the score of one stage of a match, in half points.
type StageScore struct {
	Stage Stage
	// Games is the stage's number of games; Played those with a result.
	Games, Played int
	// AHalves and BHalves are the players' scores in the stage, an Armageddon draw counted
	// as Black's win.
	AHalves, BHalves int
	// Decided is true when the stage is complete and not level; WinnerIsA says who won it.
	Decided, WinnerIsA bool
	// Incomplete is true while a game of the stage has no result.
	Incomplete bool
}

// MatchState is what a match's games make of it.
type MatchState struct {
	// Stages holds the score of each stage begun, in order.
	Stages []StageScore
	// Decided is true once a stage has a winner; Winner is then 'A' or 'B'.
	Decided bool
	Winner  byte
	// Next is the stage whose games must be made now: the stage before it is complete and
	// level, and none of its games exist yet. Nil otherwise.
	Next *StageGames
	// Expected is the number of games the match should have now: those of every stage up to
	// the one deciding it or being played, plus Next's.
	Expected int
}

// Score works out a match from its games, given in the order played (game 1 first). A stage
// is decided by its own score (World Cup regulations: each tie-break stage is a mini-match);
// a drawn Armageddon game is a win for Black. It fails when the games do not fit the format:
// a game of the wrong stage, or more games than the format plays.
func (m MatchFormat) Score(games []Game) (MatchState, error) {
	var st MatchState
	i := 0
	for _, s := range m.stages() {
		if i == len(games) {
			if len(st.Stages) > 0 {
				next := s
				st.Next = &next
				st.Expected += s.Games
			}
			return st, nil
		}
		sc := StageScore{Stage: s.Stage, Games: s.Games}
		for k := 0; k < s.Games; k++ {
			if i+k >= len(games) {
				return st, invalid("game %d of the match is missing (%s stage)", i+k+1, s.Stage)
			}
			g := games[i+k]
			if g.Stage != s.Stage {
				return st, invalid("game %d of the match is %s, the format says %s", i+k+1, g.Stage, s.Stage)
			}
			if !g.Played {
				sc.Incomplete = true
				continue
			}
			sc.Played++
			a := g.AHalves
			if s.Stage == Armageddon && a == 1 {
				// Armageddon: the draw counts as a win for Black.
				a = 2
				if g.AWhite {
					a = 0
				}
			}
			sc.AHalves += a
			sc.BHalves += 2 - a
		}
		i += s.Games
		st.Expected += s.Games
		st.Stages = append(st.Stages, sc)
		if sc.Incomplete {
			if i < len(games) {
				return st, invalid("the match has %d games; stage %s is not complete after %d", len(games), s.Stage, i)
			}
			return st, nil
		}
		if sc.AHalves != sc.BHalves {
			st.Stages[len(st.Stages)-1].Decided = true
			st.Stages[len(st.Stages)-1].WinnerIsA = sc.AHalves > sc.BHalves
			st.Decided = true
			st.Winner = 'B'
			if sc.AHalves > sc.BHalves {
				st.Winner = 'A'
			}
			if i < len(games) {
				return st, invalid("the match was decided after %d games but has %d", i, len(games))
			}
			return st, nil
		}
	}
	if i < len(games) {
		return st, invalid("the format plays at most %d games, the match has %d", i, len(games))
	}
	return st, nil
}

// AWhiteIn reports whether player A has White in game k (from 1) of a match whose first game
// A plays with White when aFirst. Colours alternate from game to game through the whole
// match, tie-breaks included. The World Cup regulations draw the colours of the first game
// by lot and alternate them in the games that follow; a club draw needs no lot (the first
// game's colours come from White), and keeping the alternation across the stages gives each
// two-game stage one White each and the Armageddon game's White to whoever had Black in the
// game before.
func AWhiteIn(aFirst bool, k int) bool {
	if k < 1 {
		panic(fmt.Sprintf("knockout: game %d", k))
	}
	return aFirst == (k%2 == 1)
}
