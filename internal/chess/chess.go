// Package chess holds the vocabulary of the club's tournament rules: colours, result codes,
// a player's round-by-round record and the scores they add up to. Its sub-packages implement
// the rules themselves, each after the FIDE Handbook article it names:
//
//   - trf: the FIDE Data Exchange Format (TRF-2026), read and written;
//   - roundrobin: Berger tables (C.05 Annex 1);
//   - tiebreak: standings and the Tie-Break Regulations (C.07);
//   - rating: Elo ratings (B.02);
//   - knockout: seeded single-elimination brackets;
//   - swiss: pairings by the Dutch system (C.04.1, C.04.3).
//
// The tree is pure domain code: no database, no HTTP, no files but through io.Reader and
// io.Writer. The Chess Club service maps its rows to these types at its edge; nothing here
// knows about the club.
package chess

import "fmt"

// Colour is the colour a player had, or is to have, in one round.
type Colour int8

// The colours. NoColour is the colour of a round without a game on the board: a bye, an
// absence, or a round not yet paired.
const (
	NoColour Colour = iota
	White
	Black
)

// Opposite returns the other colour; NoColour stays NoColour.
func (c Colour) Opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// String returns the colour as TRF writes it: "w", "b" or "-".
func (c Colour) String() string {
	switch c {
	case White:
		return "w"
	case Black:
		return "b"
	}
	return "-"
}

// Score is a number of points counted in half points, so that sums and comparisons are exact:
// a win is 2, a draw 1. Tie-break values that are not multiples of a half use their own types.
type Score int

// Float returns the score in points.
func (s Score) Float() float64 { return float64(s) / 2 }

// String formats the score in points with one decimal, as TRF does ("4.5", "0.0").
func (s Score) String() string { return fmt.Sprintf("%d.%d", s/2, (s%2)*5) }

// Result is a TRF-2026 result code: what one round gave one player.
type Result byte

// The result codes of TRF-2026 (FIDE Data Exchange Format, player section, field "result").
const (
	// NoResult marks a round that is paired but not yet played or reported (a blank in TRF).
	NoResult Result = ' '
	// Win, Draw and Loss are games that were played and are rated.
	Win  Result = '1'
	Draw Result = '='
	Loss Result = '0'
	// ForfeitWin and ForfeitLoss are pairings whose game was not played. Both sides of a
	// pairing may lose by forfeit.
	ForfeitWin  Result = '+'
	ForfeitLoss Result = '-'
	// UnratedWin, UnratedDraw and UnratedLoss are games that were played but are not rated
	// (for example a game shorter than the rules allow for rating).
	UnratedWin  Result = 'W'
	UnratedDraw Result = 'D'
	UnratedLoss Result = 'L'
	// PairingBye is the pairing-allocated bye of a round with an odd number of players.
	PairingBye Result = 'U'
	// HalfBye is a half-point bye the player asked for in advance.
	HalfBye Result = 'H'
	// FullBye is a full-point bye (not allocated by the pairing).
	FullBye Result = 'F'
	// ZeroBye is a round the player was absent from, for zero points.
	ZeroBye Result = 'Z'
)

// Valid reports whether r is one of the TRF-2026 result codes (NoResult included).
func (r Result) Valid() bool {
	switch r {
	case NoResult, Win, Draw, Loss, ForfeitWin, ForfeitLoss, UnratedWin, UnratedDraw, UnratedLoss,
		PairingBye, HalfBye, FullBye, ZeroBye:
		return true
	}
	return false
}

// Score returns the points the result gives with the standard scoring (win 1, draw ½, loss 0).
func (r Result) Score() Score {
	switch r {
	case Win, ForfeitWin, UnratedWin, PairingBye, FullBye:
		return 2
	case Draw, UnratedDraw, HalfBye:
		return 1
	}
	return 0
}

// Played reports whether a game was actually played over the board: only such a game counts
// as a meeting of the two players and in their colour history (C.04.1, "played games").
func (r Result) Played() bool {
	switch r {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		return true
	}
	return false
}

// Rated reports whether the game counts for Elo ratings (B.02: forfeits and byes do not).
func (r Result) Rated() bool {
	switch r {
	case Win, Draw, Loss:
		return true
	}
	return false
}

// Bye reports whether the round had no opponent: a pairing-allocated, requested, full-point
// or zero-point bye.
func (r Result) Bye() bool {
	switch r {
	case PairingBye, HalfBye, FullBye, ZeroBye:
		return true
	}
	return false
}

// Forfeit reports whether the pairing was made but its game was not played.
func (r Result) Forfeit() bool { return r == ForfeitWin || r == ForfeitLoss }

// Round is one player's record of one round: whom they met, with which colour, and what it gave
// them. Opponent is the opponent's start rank, 0 when there was none (a bye or absence).
type Round struct {
	Opponent int
	Colour   Colour
	Result   Result
}

// Played reports whether the round was a game played over the board.
func (r Round) Played() bool { return r.Opponent != 0 && r.Result.Played() }
