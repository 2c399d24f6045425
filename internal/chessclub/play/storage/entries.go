package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// ErrDuplicate is the error of an insert that finds its row there already.
var ErrDuplicate = errors.New("storage: the row exists already")

// InsertEntry stores e as a player of tournament id: with its pairing number, rating, time of
// entry and first round; the number and rating only for a late entry (0: none yet). It
// returns ErrDuplicate when the member has entered already.
func InsertEntry(ctx context.Context, tx *sql.Tx, id int64, e *tournament.Entrant) error {
	var rank any
	if e.StartRank != 0 {
		rank = e.StartRank
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO tournament_players (tournament_id, member_id, start_rank, rating, entered_at, first_round) VALUES (?, ?, ?, ?, ?, ?)",
		id, e.MemberID, rank, e.Rating, e.EnteredAt, e.FirstRound)
	if sqldb.IsDuplicate(err) {
		return ErrDuplicate
	}
	if err != nil {
		return fmt.Errorf("enter member %d: %w", e.MemberID, err)
	}
	return nil
}

// InsertBye stores a bye of kind for member in round r of tournament id; requested says
// that the player asked for it.
func InsertBye(ctx context.Context, tx *sql.Tx, id int64, r int, member int64, kind chess.Result, requested bool) error {
	if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_byes (tournament_id, round, member_id, kind, requested) VALUES (?, ?, ?, ?, ?)",
		id, r, member, string(kind), requested); err != nil {
		return fmt.Errorf("bye of member %d in round %d: %w", member, r, err)
	}
	return nil
}

// DeleteBye removes member's bye in round r of tournament id.
func DeleteBye(ctx context.Context, tx *sql.Tx, id int64, r int, member int64) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_byes WHERE tournament_id = ? AND round = ? AND member_id = ?", id, r, member); err != nil {
		return fmt.Errorf("remove the bye of member %d in round %d: %w", member, r, err)
	}
	return nil
}

// DeleteEntry removes member's entry into tournament id (before its start: no games).
func DeleteEntry(ctx context.Context, tx *sql.Tx, id, member int64) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_players WHERE tournament_id = ? AND member_id = ?", id, member); err != nil {
		return fmt.Errorf("remove the entry of member %d: %w", member, err)
	}
	return nil
}

// Withdraw records that member withdrew from tournament id after round r, and removes the
// byes asked for the rounds after it.
func Withdraw(ctx context.Context, tx *sql.Tx, id, member int64, r int) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournament_players SET withdrawn_after = ? WHERE tournament_id = ? AND member_id = ?", r, id, member); err != nil {
		return fmt.Errorf("withdraw member %d: %w", member, err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_byes WHERE tournament_id = ? AND member_id = ? AND round > ?", id, member, r); err != nil {
		return fmt.Errorf("withdraw member %d: %w", member, err)
	}
	return nil
}

// Reinstate records that member, withdrawn, plays in tournament id again.
func Reinstate(ctx context.Context, tx *sql.Tx, id, member int64) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournament_players SET withdrawn_after = NULL WHERE tournament_id = ? AND member_id = ?", id, member); err != nil {
		return fmt.Errorf("reinstate member %d: %w", member, err)
	}
	return nil
}

// Number gives member their pairing number in tournament id, and the rating it counts
// them with (0: unrated), at the start.
func Number(ctx context.Context, tx *sql.Tx, id, member int64, rank, rating int) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournament_players SET start_rank = ?, rating = ? WHERE tournament_id = ? AND member_id = ?",
		rank, rating, id, member); err != nil {
		return fmt.Errorf("number member %d: %w", member, err)
	}
	return nil
}

// MemberRating returns a member's rating on the club list of a rating type, and whether it
// counts (rated or declared); sql.ErrNoRows when there is no such member (a guest, a player
// of an imported tournament, is none).
func MemberRating(ctx context.Context, tx *sql.Tx, member int64, ratingType string) (int, bool, error) {
	var rating int
	var status string
	ratingCol, statusCol := ClubRatingColumns(ratingType)
	err := tx.QueryRowContext(ctx, "SELECT "+ratingCol+", "+statusCol+" FROM members m WHERE m.id = ? AND m.guest = 0", member).Scan(&rating, &status)
	if err != nil {
		return 0, false, err
	}
	return rating, status != tournament.StatusUnrated, nil
}
