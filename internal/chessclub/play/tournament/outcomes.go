package tournament

import "campus.example/apps/internal/chess"

// The results a board may have, as the API writes them: white's score first.
const (
	ResultWhiteWins     = "1-0"
	ResultBlackWins     = "0-1"
	ResultDraw          = "1/2-1/2"
	ResultWhiteForfeit  = "1-0 forfeit" // white wins by forfeit: black did not play
	ResultBlackForfeit  = "0-1 forfeit"
	ResultDoubleForfeit = "0-0 forfeit" // neither played; both lose
	ResultWhiteDecider  = "1-0 decider" // a knockout game drawn, won by white in the decider
	ResultBlackDecider  = "0-1 decider"
)

// Outcome is what a board's result means for the rules: each player's TRF code (the
// points, the tie-breaks and the ratings count these), and for a knockout who goes through.
type Outcome struct {
	White, Black chess.Result
	// Winner is chess.White or chess.Black when one player goes through, NoColour for a
	// draw or a double forfeit.
	Winner chess.Colour
}

// Outcomes maps every result the API accepts to what it means. A decider settles a drawn
// knockout game (rapid games, Armageddon, as the event's regulations say): the game itself
// stays a draw, which is what points, tie-breaks, ratings and the TRF file record, and the
// decider only says who goes through.
var Outcomes = map[string]Outcome{
	ResultWhiteWins:     {chess.Win, chess.Loss, chess.White},
	ResultBlackWins:     {chess.Loss, chess.Win, chess.Black},
	ResultDraw:          {chess.Draw, chess.Draw, chess.NoColour},
	ResultWhiteForfeit:  {chess.ForfeitWin, chess.ForfeitLoss, chess.White},
	ResultBlackForfeit:  {chess.ForfeitLoss, chess.ForfeitWin, chess.Black},
	ResultDoubleForfeit: {chess.ForfeitLoss, chess.ForfeitLoss, chess.NoColour},
	ResultWhiteDecider:  {chess.Draw, chess.Draw, chess.White},
	ResultBlackDecider:  {chess.Draw, chess.Draw, chess.Black},
}

// ResultFor returns the API's result for a pair of TRF codes (white's, black's), the reverse
// of outcomes without the deciders; ok is false when the pair is not one the API has.
func ResultFor(white, black chess.Result) (string, bool) {
	for _, r := range []string{ResultWhiteWins, ResultBlackWins, ResultDraw, ResultWhiteForfeit, ResultBlackForfeit, ResultDoubleForfeit} {
		if o := Outcomes[r]; o.White == white && o.Black == black {
			return r, true
		}
	}
	return "", false
}

// AllowedResult reports whether result may be recorded in a tournament of format, and why
// not: a knockout game needs a winner (a drawn game is settled by a decider, and a double
// forfeit would leave no one to go through), and only a knockout has deciders.
func AllowedResult(format, result string) (bool, string) {
	if _, ok := Outcomes[result]; !ok {
		return false, "must be one of 1-0, 0-1, 1/2-1/2, 1-0 forfeit, 0-1 forfeit, 0-0 forfeit, 1-0 decider, 0-1 decider"
	}
	knockout := format == FormatKnockout
	switch {
	case knockout && (result == ResultDraw || result == ResultDoubleForfeit):
		return false, "a knockout game needs a winner: record a drawn game by its decider (1-0 decider or 0-1 decider)"
	case !knockout && (result == ResultWhiteDecider || result == ResultBlackDecider):
		return false, "deciders are for knockout games only"
	}
	return true, ""
}
