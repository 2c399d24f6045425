package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// insertChunk is how many rows one INSERT writes: a round of 500 boards goes in a few
// statements, not 500 round trips, and within any database's limit on placeholders.
const insertChunk = 100

// InsertRound stores round n of tournament id as paired at at; ErrDuplicate when it is there
// already.
func InsertRound(ctx context.Context, tx *sql.Tx, id int64, n int, at time.Time) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES (?, ?, ?)", id, n, at)
	if sqldb.IsDuplicate(err) {
		return ErrDuplicate
	}
	if err != nil {
		return fmt.Errorf("insert round %d: %w", n, err)
	}
	return nil
}

// SetCurrentRound makes n tournament id's last round paired.
func SetCurrentRound(ctx context.Context, tx *sql.Tx, id int64, n int) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET current_round = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", n, id); err != nil {
		return fmt.Errorf("set round %d current: %w", n, err)
	}
	return nil
}

// DeleteRound deletes round n, the last paired, of tournament id, with its boards and the byes
// given in it (those asked for stay, as requests); a late entry made after it was paired then
// starts in it, and a player who withdrew after it was paired withdrew before it.
func DeleteRound(ctx context.Context, tx *sql.Tx, id int64, n int) error {
	for _, st := range []struct {
		q    string
		args []any
	}{
		{"DELETE FROM tournament_byes WHERE tournament_id = ? AND round = ? AND requested = ?", []any{id, n, false}},
		{"DELETE FROM tournament_rounds WHERE tournament_id = ? AND number = ?", []any{id, n}},
		{"UPDATE tournament_players SET first_round = ? WHERE tournament_id = ? AND first_round = ?", []any{n, id, n + 1}},
		{"UPDATE tournament_players SET withdrawn_after = ? WHERE tournament_id = ? AND withdrawn_after = ?", []any{n - 1, id, n}},
		{"UPDATE tournaments SET current_round = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", []any{n - 1, id}},
	} {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("un-pair round %d: %w", n, err)
		}
	}
	return nil
}

// ReplaceRound replaces the boards and the pairing-allocated bye of round n of tournament id
// by boards and byes, the boards at version (after the old ones', so that a result sent with
// the ETag of a board of the old pairing fails its If-Match instead of landing on another
// game).
func ReplaceRound(ctx context.Context, tx *sql.Tx, id int64, n int, boards []tournament.PairedBoard, byes []tournament.ByeRecord, version int64) error {
	for _, st := range []struct {
		q    string
		args []any
	}{
		{"DELETE FROM tournament_boards WHERE tournament_id = ? AND round = ?", []any{id, n}},
		{"DELETE FROM tournament_byes WHERE tournament_id = ? AND round = ? AND kind = ?", []any{id, n, string(chess.PairingBye)}},
	} {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("replace round %d: %w", n, err)
		}
	}
	if err := InsertBoards(ctx, tx, id, n, 1, boards); err != nil {
		return err
	}
	if err := InsertByes(ctx, tx, id, byes); err != nil {
		return err
	}
	for _, st := range []struct {
		q    string
		args []any
	}{
		{"UPDATE tournament_boards SET version = ? WHERE tournament_id = ? AND round = ?", []any{version, id, n}},
		{"UPDATE tournaments SET version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", []any{id}},
	} {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("replace round %d: %w", n, err)
		}
	}
	return nil
}

// SetResult sets the result of board b of round r of tournament id (nil: none), and counts a
// version of the board.
func SetResult(ctx context.Context, tx *sql.Tx, id int64, r, b int, result *string) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournament_boards SET result = ?, version = version + 1 WHERE tournament_id = ? AND round = ? AND board = ?",
		result, id, r, b); err != nil {
		return fmt.Errorf("set the result of board %d of round %d: %w", b, r, err)
	}
	return nil
}

// InsertBoards stores a round's boards, numbered from first in order.
func InsertBoards(ctx context.Context, tx *sql.Tx, id int64, r, first int, boards []tournament.PairedBoard) error {
	for start := 0; start < len(boards); start += insertChunk {
		chunk := boards[start:min(start+insertChunk, len(boards))]
		args := make([]any, 0, 8*len(chunk))
		for i, b := range chunk {
			game, stage := b.Game, b.Stage
			if game == 0 {
				game, stage = 1, knockout.Classical
			}
			args = append(args, id, r, first+start+i, b.White, b.Black, b.Result, game, string(stage))
		}
		q := "INSERT INTO tournament_boards (tournament_id, round, board, white, black, result, game, stage) VALUES " + rowsOf(len(chunk), 8)
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("insert boards: %w", err)
		}
	}
	return nil
}

// InsertByes stores byes.
func InsertByes(ctx context.Context, tx *sql.Tx, id int64, byes []tournament.ByeRecord) error {
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
