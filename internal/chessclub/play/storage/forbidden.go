package storage

import (
	"context"
	"database/sql"
	"fmt"
)

// Forbid makes a and b (a < b) of tournament id a pair who must not meet from round from on,
// in place of any such record before.
func Forbid(ctx context.Context, tx *sql.Tx, id, a, b int64, from int) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_forbidden_pairs WHERE tournament_id = ? AND member_a = ? AND member_b = ?", id, a, b); err != nil {
		return fmt.Errorf("forbid pair: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_forbidden_pairs (tournament_id, member_a, member_b, from_round) VALUES (?, ?, ?, ?)", id, a, b, from); err != nil {
		return fmt.Errorf("forbid pair: %w", err)
	}
	return nil
}

// Allow lets a and b (a < b) of tournament id meet from the next round on: the record goes
// when it applied to no round paired (unpaired), else it applies up to round last.
func Allow(ctx context.Context, tx *sql.Tx, id, a, b int64, unpaired bool, last int) error {
	var err error
	if unpaired {
		_, err = tx.ExecContext(ctx, "DELETE FROM tournament_forbidden_pairs WHERE tournament_id = ? AND member_a = ? AND member_b = ?", id, a, b)
	} else {
		_, err = tx.ExecContext(ctx, "UPDATE tournament_forbidden_pairs SET to_round = ? WHERE tournament_id = ? AND member_a = ? AND member_b = ?", last, id, a, b)
	}
	if err != nil {
		return fmt.Errorf("allow pair: %w", err)
	}
	return nil
}
