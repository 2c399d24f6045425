package storage

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

const invitationSelect = "SELECT i.tournament_id, t.name, t.start_date, i.member_id, m.full_name, i.invited_by, i.invited_at, i.missed, i.status, i.answered_at " +
	"FROM tournament_invitations i JOIN tournaments t ON t.id = i.tournament_id JOIN members m ON m.id = i.member_id"

// scanInvitation reads one row of invitationSelect.
func scanInvitation(row interface{ Scan(dest ...any) error }) (tournament.Invitation, error) {
	var inv tournament.Invitation
	var by sql.NullInt64
	var answered sql.NullTime
	if err := row.Scan(&inv.TournamentID, &inv.TournamentName, &inv.StartDate, &inv.MemberID, &inv.FullName, &by, &inv.InvitedAt,
		&inv.MissedRounds, &inv.Status, &answered); err != nil {
		return tournament.Invitation{}, err
	}
	if by.Valid {
		inv.InvitedBy = &by.Int64
	}
	inv.InvitedAt, inv.AnsweredAt = inv.InvitedAt.UTC(), sqldb.TimePtr(answered)
	return inv, nil
}

// Invitations reads the invitations that where (a condition on i, the invitations, t, their
// tournaments, or m, their members) and args select.
func Invitations(ctx context.Context, q Querier, where string, args ...any) ([]tournament.Invitation, error) {
	rows, err := q.QueryContext(ctx, invitationSelect+" WHERE "+where+" ORDER BY i.invited_at, i.tournament_id, i.member_id", args...)
	if err != nil {
		return nil, fmt.Errorf("read invitations: %w", err)
	}
	out := []tournament.Invitation{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		inv, err := scanInvitation(rows)
		out = append(out, inv)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read invitations: %w", err)
	}
	return out, nil
}

// InsertInvitation stores member's invitation to tournament id, by invitedBy at at, with
// what the rounds paired before they accept give them (missed); ErrDuplicate when the member
// is invited already.
func InsertInvitation(ctx context.Context, tx *sql.Tx, id, member, invitedBy int64, at time.Time, missed string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO tournament_invitations (tournament_id, member_id, invited_by, invited_at, missed, status) VALUES (?, ?, ?, ?, ?, ?)",
		id, member, invitedBy, at, missed, tournament.InvitationPending)
	if sqldb.IsDuplicate(err) {
		return ErrDuplicate
	}
	if err != nil {
		return fmt.Errorf("invite member %d: %w", member, err)
	}
	return nil
}

// DeleteInvitation removes member's invitation to tournament id.
func DeleteInvitation(ctx context.Context, tx *sql.Tx, id, member int64) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_invitations WHERE tournament_id = ? AND member_id = ?", id, member); err != nil {
		return fmt.Errorf("remove the invitation of member %d: %w", member, err)
	}
	return nil
}

// DeclineInvitation records that member declined their invitation to tournament id at at.
func DeclineInvitation(ctx context.Context, tx *sql.Tx, id, member int64, at time.Time) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournament_invitations SET status = ?, answered_at = ? WHERE tournament_id = ? AND member_id = ?",
		tournament.InvitationDeclined, at, id, member); err != nil {
		return fmt.Errorf("decline invitation: %w", err)
	}
	return nil
}
