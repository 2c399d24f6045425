package play

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// insertChunk is how many rows one INSERT writes: a round of 500 boards goes in a few
// statements, not 500 round trips, and within any database's limit on placeholders.
const insertChunk = 100

// pairRound pairs the next round of the tournament with id on behalf of caller (its
// organiser, an arbiter or an admin) and returns it. It returns NotFound, Forbidden, or Conflict: the
// tournament is not running, the last round has results missing (which is also what the
// loser of two simultaneous calls gets: the winner's round), every round is paired, or the
// rules find no pairing. Every check and the insert run under the tournament's lock, and the
// round's primary key (tournament, number) refuses a second round of the same number even
// so.
func (s *Service) pairRound(ctx context.Context, id int64, caller api.Caller) (tournament.Round, error) {
	var out tournament.Round
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := mayOrganise(t, caller); err != nil {
			return err
		}
		switch {
		case t.State == tournament.StateOpen:
			return t.Conflict("Start the tournament before pairing its first round.")
		case t.State == tournament.StateFinished:
			return t.Conflict("The tournament has finished.")
		case f.MissingResults() > 0:
			return t.Conflict("Round %d is paired and has %d results missing; they must be in before round %d is paired.",
				t.CurrentRound, f.MissingResults(), t.CurrentRound+1)
		case t.CurrentRound >= f.TotalRounds():
			return t.Conflict("All %d rounds are paired; finish the tournament.", f.TotalRounds())
		}
		p, err := f.PairNext()
		if err != nil {
			return err
		}
		next := t.CurrentRound + 1
		now := s.clock()
		_, err = tx.ExecContext(ctx, "INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES (?, ?, ?)", id, next, now)
		if sqldb.IsDuplicate(err) {
			return t.Conflict("Round %d is paired already.", next)
		}
		if err != nil {
			return fmt.Errorf("insert round: %w", err)
		}
		if err := insertBoards(ctx, tx, id, next, p.Boards); err != nil {
			return err
		}
		var byes []tournament.ByeRecord
		for _, b := range p.Byes {
			if !b.Requested { // a request is stored already, as the bye it becomes
				byes = append(byes, b)
			}
		}
		if err := insertByes(ctx, tx, id, byes); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET current_round = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", next, id); err != nil {
			return fmt.Errorf("pair round: %w", err)
		}
		if err := s.live.Emit(ctx, tx, id, EventRoundPaired, map[string]any{"round": next}); err != nil {
			return err
		}
		t.CurrentRound = next
		f, err = tournament.Load(ctx, tx, t)
		if err != nil {
			return err
		}
		out = f.RoundView(f.Rounds[next-1])
		if err := s.record(ctx, tx, caller, id, 0, audit.RoundPaired, fmt.Sprintf("round %d", next), nil, roundSummary(out)); err != nil {
			return err
		}
		return nil
	})
	return out, err
}

// insertBoards stores a round's boards, numbered from 1 in order.
func insertBoards(ctx context.Context, tx *sql.Tx, id int64, r int, boards []tournament.PairedBoard) error {
	for start := 0; start < len(boards); start += insertChunk {
		chunk := boards[start:min(start+insertChunk, len(boards))]
		args := make([]any, 0, 6*len(chunk))
		for i, b := range chunk {
			args = append(args, id, r, start+i+1, b.White, b.Black, b.Result)
		}
		q := "INSERT INTO tournament_boards (tournament_id, round, board, white, black, result) VALUES " + rowsOf(len(chunk), 6)
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("insert boards: %w", err)
		}
	}
	return nil
}

// insertByes stores byes.
func insertByes(ctx context.Context, tx *sql.Tx, id int64, byes []tournament.ByeRecord) error {
	for start := 0; start < len(byes); start += insertChunk {
		chunk := byes[start:min(start+insertChunk, len(byes))]
		args := make([]any, 0, 5*len(chunk))
		for _, b := range chunk {
			args = append(args, id, b.Round, b.Member, string(b.Kind), b.Requested)
		}
		q := "INSERT INTO tournament_byes (tournament_id, round, member_id, kind, requested) VALUES " + rowsOf(len(chunk), 5)
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("insert byes: %w", err)
		}
	}
	return nil
}

// rowsOf returns n rows of cols placeholders for a multi-row INSERT.
func rowsOf(n, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}

// unpairRound deletes round n of the tournament with id, which must be the last one paired
// and have no result reported (the forfeits of players who withdrew, set at the pairing, do
// not count), on behalf of caller (its organiser, an arbiter or an admin). Byes asked for that round are
// kept as requests; the rest of its byes go. A late entry made after it was paired now
// starts in it, and a player who withdrew after it was paired now withdrew before it.
func (s *Service) unpairRound(ctx context.Context, id int64, caller api.Caller, n int) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := mayOrganise(t, caller); err != nil {
			return err
		}
		if n < 1 || n > t.CurrentRound {
			return problem.New(problem.NotFound, "Round %d is not paired.", n)
		}
		switch {
		case t.State != tournament.StateRunning:
			return t.Conflict("Rounds can only be un-paired while the tournament runs; it is %s.", t.State)
		case n != t.CurrentRound:
			return t.Conflict("Only the last round paired, %d, can be un-paired.", t.CurrentRound)
		}
		for _, b := range f.Rounds[n-1].Boards {
			if b.Result != nil && b.Version > 1 {
				return t.Conflict("Round %d has results reported (board %d); clear them first.", n, b.Number)
			}
		}
		stmts := []struct {
			q    string
			args []any
		}{
			{"DELETE FROM tournament_byes WHERE tournament_id = ? AND round = ? AND requested = ?", []any{id, n, false}},
			{"DELETE FROM tournament_rounds WHERE tournament_id = ? AND number = ?", []any{id, n}},
			{"UPDATE tournament_players SET first_round = ? WHERE tournament_id = ? AND first_round = ?", []any{n, id, n + 1}},
			{"UPDATE tournament_players SET withdrawn_after = ? WHERE tournament_id = ? AND withdrawn_after = ?", []any{n - 1, id, n}},
			{"UPDATE tournaments SET current_round = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", []any{n - 1, id}},
		}
		for _, st := range stmts {
			if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
				return fmt.Errorf("un-pair round %d: %w", n, err)
			}
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.RoundUnpaired, fmt.Sprintf("round %d", n), roundSummary(f.RoundView(f.Rounds[n-1])), nil); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventRoundUnpaired, map[string]any{"round": n})
	})
}

// roundSummary is what the audit trail keeps of a round's pairing: each board's players and
// each bye, by member id.
func roundSummary(r tournament.Round) map[string]any {
	boards := make([][2]int64, 0, len(r.Boards))
	for _, b := range r.Boards {
		boards = append(boards, [2]int64{b.White.MemberID, b.Black.MemberID})
	}
	byes := map[string][]int64{}
	for _, b := range r.Byes {
		byes[b.Kind] = append(byes[b.Kind], b.Player.MemberID)
	}
	return map[string]any{"boards": boards, "byes": byes}
}
