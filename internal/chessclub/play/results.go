package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// Set records the result of board b of round r in the tournament with id on behalf of
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
func (s *Results) Set(ctx context.Context, id int64, caller api.Caller, r, b int, result *string, ifMatch string) (tournament.Board, error) {
	var out tournament.Board
	// A result of a running Swiss or round robin needs its board alone (LoadBoard), so that
	// entering a round's results takes time in proportion to its boards, not to their
	// square. A knockout's match and a finished tournament's replay need the whole field.
	load := func(ctx context.Context, q storage.Querier, t tournament.Tournament) (*tournament.Field, error) {
		if t.Format == tournament.FormatKnockout || t.State == tournament.StateFinished {
			return storage.Field(ctx, q, t)
		}
		return storage.FieldOfBoard(ctx, q, t, r, b)
	}
	err := s.changeWith(ctx, id, load, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if r < 1 || r > len(f.Rounds) {
			return problem.New(problem.NotFound, "Round %d of tournament %d is not paired.", r, id)
		}
		bd := f.Rounds[r-1].Board(b)
		if bd == nil {
			return problem.New(problem.NotFound, "Round %d of tournament %d has no board %d.", r, id, b)
		}
		if err := mayReport(f, caller, bd, result); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, BoardETag(bd.Version), "board"); err != nil {
			return err
		}
		if result != nil {
			allowed := tournament.AllowedResult
			if t.Matches() {
				allowed = func(_, result string) (bool, string) { return tournament.AllowedMatchResult(result) }
			}
			if ok, why := allowed(t.Format, *result); !ok {
				return &problem.Error{Kind: problem.Invalid, Detail: "The request has invalid fields.", Fields: map[string]string{"result": why}}
			}
		} else if r != len(f.Rounds) || t.State == tournament.StateFinished {
			return t.Conflict("The result of round %d can be corrected but not cleared: only a result of the last round paired, while the tournament runs, can be.", r)
		}
		if equalPtr(result, bd.Result) {
			out = f.BoardView(bd)
			return nil
		}
		var tieBreaks []tournament.PairedBoard
		var first int
		if t.Format == tournament.FormatKnockout {
			var err error
			if tieBreaks, first, err = checkMatch(f, r, bd, result); err != nil {
				return err
			}
		}
		pending, err := storage.PendingResults(ctx, tx, id, r)
		if err != nil {
			return err
		}
		wasComplete := pending == 0
		switch {
		case bd.Result == nil && result != nil:
			pending--
		case bd.Result != nil && result == nil:
			pending++
		}
		if err := storage.SetResult(ctx, tx, id, r, b, result); err != nil {
			return err
		}
		action := audit.ResultSet
		if bd.Result != nil {
			action = audit.ResultCorrected
		}
		if err := s.record(ctx, tx, caller, id, 0, action, fmt.Sprintf("round %d, board %d", r, b),
			map[string]any{"result": bd.Result}, map[string]any{"result": result}); err != nil {
			return err
		}
		bd.Result, bd.Version = result, bd.Version+1
		if len(tieBreaks) > 0 {
			if err := storage.InsertBoards(ctx, tx, id, r, first, tieBreaks); err != nil {
				return err
			}
			if err := s.live.Emit(ctx, tx, id, EventTieBreaks, map[string]any{"round": r, "first_board": first, "games": len(tieBreaks), "stage": tieBreaks[0].Stage}); err != nil {
				return err
			}
		}
		// The standings count complete rounds: a result changes them when its round was
		// complete (a correction) or is now.
		if wasComplete || pending == 0 {
			if err := storage.ChangedStandings(ctx, tx, id); err != nil {
				return err
			}
		}
		if err := s.live.Emit(ctx, tx, id, EventResultSet, map[string]any{"round": r, "board": b, "result": result}); err != nil {
			return err
		}
		if t.State == tournament.StateFinished && t.Rated {
			reason := fmt.Sprintf("A result of %s was corrected (round %d, board %d).", t.Name, r, b)
			if err := s.replayRatings(ctx, tx, caller, id, reason, EventRatingsRecomputed); err != nil {
				return err
			}
		}
		out = f.BoardView(bd)
		return nil
	})
	return out, err
}

// mayReport checks that caller may set board bd's result to result.
func mayReport(f *tournament.Field, caller api.Caller, bd *tournament.BoardRecord, result *string) error {
	t := f.Tournament
	organiser := MayOrganise(t, caller) == nil
	player := caller.ID == bd.White || caller.ID == bd.Black
	switch {
	case t.State == tournament.StateFinished && !caller.Authority():
		if organiser || player {
			return t.Conflict("The tournament has finished; only an arbiter or an admin may correct a result now.")
		}
		return problem.New(problem.Forbidden, "Only the organiser, an arbiter, an admin or, where the tournament allows it, the board's players may report its result.")
	case organiser:
		return nil
	case !player || !t.PlayersReport:
		return problem.New(problem.Forbidden, "Only the organiser, an arbiter, an admin or, where the tournament allows it, the board's players may report its result.")
	case bd.Result != nil:
		return t.Conflict("The result of board %d is in already; ask the organiser to correct it.", bd.Number)
	case result == nil:
		return problem.New(problem.Forbidden, "Only the organiser may clear a result.")
	}
	return nil
}

// checkMatch checks that result may replace board bd's in round r of a knockout, and
// returns the tie-break games it makes necessary (to be stored from board number first).
// A match's winner may not change once the next round is paired from it; and once a level
// score has brought tie-break games, a correction may not make the match decided earlier or
// undo the level score that called for them (the games are there, perhaps played).
func checkMatch(f *tournament.Field, r int, bd *tournament.BoardRecord, result *string) ([]tournament.PairedBoard, int, error) {
	t := f.Tournament
	round := f.Rounds[r-1]
	m := f.MatchOf(round, bd)
	before, err := f.MatchWinner(m)
	if err != nil {
		return nil, 0, err
	}
	old := bd.Result
	bd.Result = result
	defer func() { bd.Result = old }()
	// The match scores as its format says only while its games fit the score: a game past
	// the point where the match is decided, or where a stage is still being played, is one
	// the correction would have made unnecessary.
	if _, err := f.Score(m); err != nil {
		return nil, 0, t.Conflict("The match's tie-break games were made because its score was level; the correction may not change that score's outcome.")
	}
	after, _ := f.MatchWinner(m)
	if r < len(f.Rounds) && after != before {
		return nil, 0, t.Conflict("Round %d is paired from this match's winner; the correction may not change who went through.", r+1)
	}
	return f.TieBreakGames(round, m)
}
