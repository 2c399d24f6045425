package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/problem"
)

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

// outcome is what a board's result means for the rules: each player's TRF code (the
// points, the tie-breaks and the ratings count these), and for a knockout who goes through.
type outcome struct {
	white, black chess.Result
	// winner is chess.White or chess.Black when one player goes through, NoColour for a
	// draw or a double forfeit.
	winner chess.Colour
}

// outcomes maps every result the API accepts to what it means. A decider settles a drawn
// knockout game (rapid games, Armageddon, as the event's regulations say): the game itself
// stays a draw, which is what points, tie-breaks, ratings and the TRF file record, and the
// decider only says who goes through.
var outcomes = map[string]outcome{
	ResultWhiteWins:     {chess.Win, chess.Loss, chess.White},
	ResultBlackWins:     {chess.Loss, chess.Win, chess.Black},
	ResultDraw:          {chess.Draw, chess.Draw, chess.NoColour},
	ResultWhiteForfeit:  {chess.ForfeitWin, chess.ForfeitLoss, chess.White},
	ResultBlackForfeit:  {chess.ForfeitLoss, chess.ForfeitWin, chess.Black},
	ResultDoubleForfeit: {chess.ForfeitLoss, chess.ForfeitLoss, chess.NoColour},
	ResultWhiteDecider:  {chess.Draw, chess.Draw, chess.White},
	ResultBlackDecider:  {chess.Draw, chess.Draw, chess.Black},
}

// resultFor returns the API's result for a pair of TRF codes (white's, black's), the reverse
// of outcomes without the deciders; ok is false when the pair is not one the API has.
func resultFor(white, black chess.Result) (string, bool) {
	for _, r := range []string{ResultWhiteWins, ResultBlackWins, ResultDraw, ResultWhiteForfeit, ResultBlackForfeit, ResultDoubleForfeit} {
		if o := outcomes[r]; o.white == white && o.black == black {
			return r, true
		}
	}
	return "", false
}

// allowedResult reports whether result may be recorded in a tournament of format, and why
// not: a knockout game needs a winner (a drawn game is settled by a decider, and a double
// forfeit would leave no one to go through), and only a knockout has deciders.
func allowedResult(format, result string) (bool, string) {
	if _, ok := outcomes[result]; !ok {
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

// setResult records the result of board b of round r in the tournament with id on behalf of
// caller, and returns the board. result nil clears it (the organiser's, for the last round
// paired only). ifMatch, when given, is the If-Match header: a board changed since is a
// PreconditionFailed problem.
//
// Who may: the organiser and admins; and, when the tournament lets players report
// (PlayersReport), either player of the board, once, while it has no result. On a finished
// tournament only an admin may correct a result. A correction of an earlier round changes
// what depends on it (standings, ratings not yet applied), never the pairings made since;
// so in a knockout, it may not change who went through once the next round is paired.
//
// It returns NotFound (no tournament, round or board), Forbidden, Invalid (a result the
// format does not take), Conflict or PreconditionFailed.
func (s *Service) setResult(ctx context.Context, id int64, caller api.Caller, r, b int, result *string, ifMatch string) (Board, error) {
	var out Board
	err := s.change(ctx, id, func(tx *sql.Tx, f *field) error {
		t := f.t
		if r < 1 || r > len(f.rounds) {
			return problem.New(problem.NotFound, "Round %d of tournament %d is not paired.", r, id)
		}
		bd := f.rounds[r-1].board(b)
		if bd == nil {
			return problem.New(problem.NotFound, "Round %d of tournament %d has no board %d.", r, id, b)
		}
		if err := f.mayReport(caller, bd, result); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, boardETag(bd.Version), "board"); err != nil {
			return err
		}
		if result != nil {
			if ok, why := allowedResult(t.Format, *result); !ok {
				return &problem.Error{Kind: problem.Invalid, Detail: "The request has invalid fields.", Fields: map[string]string{"result": why}}
			}
		} else if r != len(f.rounds) || t.State == StateFinished {
			return t.conflict("The result of round %d can be corrected but not cleared: only a result of the last round paired, while the tournament runs, can be.", r)
		}
		if t.Format == FormatKnockout && r < len(f.rounds) && bd.Result != nil &&
			(result == nil || outcomes[*result].winner != outcomes[*bd.Result].winner) {
			return t.conflict("Round %d is paired from this game's winner; the correction may not change who went through.", r+1)
		}
		if equalPtr(result, bd.Result) {
			out = f.boardView(bd)
			return nil
		}
		wasComplete := f.rounds[r-1].complete()
		if _, err := tx.ExecContext(ctx, "UPDATE tournament_boards SET result = ?, version = version + 1 WHERE tournament_id = ? AND round = ? AND board = ?",
			result, id, r, b); err != nil {
			return fmt.Errorf("set result: %w", err)
		}
		bd.Result, bd.Version = result, bd.Version+1
		// The standings count complete rounds: a result changes them when its round was
		// complete (a correction) or is now.
		if wasComplete || f.rounds[r-1].complete() {
			if err := bumpStandings(ctx, tx, id); err != nil {
				return err
			}
		}
		if err := s.emit(ctx, tx, id, EventResultSet, map[string]any{"round": r, "board": b, "result": result}); err != nil {
			return err
		}
		out = f.boardView(bd)
		return nil
	})
	return out, err
}

// mayReport checks that caller may set board bd's result to result.
func (f *field) mayReport(caller api.Caller, bd *board, result *string) error {
	t := f.t
	organiser := mayOrganise(t, caller) == nil
	player := caller.ID == bd.White || caller.ID == bd.Black
	switch {
	case t.State == StateFinished && !caller.Admin:
		if organiser || player {
			return t.conflict("The tournament has finished; only an admin may correct a result now.")
		}
		return problem.New(problem.Forbidden, "Only the organiser, an admin or, where the tournament allows it, the board's players may report its result.")
	case organiser:
		return nil
	case !player || !t.PlayersReport:
		return problem.New(problem.Forbidden, "Only the organiser, an admin or, where the tournament allows it, the board's players may report its result.")
	case bd.Result != nil:
		return t.conflict("The result of board %d is in already; ask the organiser to correct it.", bd.Number)
	case result == nil:
		return problem.New(problem.Forbidden, "Only the organiser may clear a result.")
	}
	return nil
}

// board returns board number n of the round, or nil.
func (r *round) board(n int) *board {
	if n >= 1 && n <= len(r.Boards) && r.Boards[n-1].Number == n {
		return r.Boards[n-1]
	}
	for _, b := range r.Boards {
		if b.Number == n {
			return b
		}
	}
	return nil
}
