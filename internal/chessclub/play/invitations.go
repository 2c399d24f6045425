package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Invitation states. An accepted invitation is no longer an invitation but an entry: its
// row goes when the entry is made.
const (
	InvitationPending  = "pending"
	InvitationDeclined = "declined"
)

// Invitation asks a member to play in a tournament. It is not an entry: the member's games go
// on their record only once they accept it.
type Invitation struct {
	TournamentID   int64           `json:"tournament_id"`
	TournamentName string          `json:"tournament_name"`
	StartDate      tournament.Date `json:"start_date"`
	MemberID       int64           `json:"member_id"`
	FullName       string          `json:"full_name"`
	// InvitedBy is the member who invited, nil when that member is gone.
	InvitedBy *int64    `json:"invited_by"`
	InvitedAt time.Time `json:"invited_at"`
	// MissedRounds is what the player gets for each round paired before they accept
	// (MissedZero or MissedHalf): the organiser's choice, for a running Swiss.
	MissedRounds string `json:"missed_rounds"`
	// Status is InvitationPending or InvitationDeclined.
	Status     string     `json:"status"`
	AnsweredAt *time.Time `json:"answered_at"`
}

const invitationSelect = "SELECT i.tournament_id, t.name, t.start_date, i.member_id, m.full_name, i.invited_by, i.invited_at, i.missed, i.status, i.answered_at " +
	"FROM tournament_invitations i JOIN tournaments t ON t.id = i.tournament_id JOIN members m ON m.id = i.member_id"

func scanInvitation(row scanner) (Invitation, error) {
	var inv Invitation
	var by sql.NullInt64
	var answered sql.NullTime
	if err := row.Scan(&inv.TournamentID, &inv.TournamentName, &inv.StartDate, &inv.MemberID, &inv.FullName, &by, &inv.InvitedAt,
		&inv.MissedRounds, &inv.Status, &answered); err != nil {
		return Invitation{}, err
	}
	if by.Valid {
		inv.InvitedBy = &by.Int64
	}
	inv.InvitedAt, inv.AnsweredAt = inv.InvitedAt.UTC(), sqldb.TimePtr(answered)
	return inv, nil
}

// invitations reads the invitations that where (a condition on i, t or m) selects.
func invitations(ctx context.Context, q storage.Querier, where string, args ...any) ([]Invitation, error) {
	rows, err := q.QueryContext(ctx, invitationSelect+" WHERE "+where+" ORDER BY i.invited_at, i.tournament_id, i.member_id", args...)
	if err != nil {
		return nil, fmt.Errorf("read invitations: %w", err)
	}
	out := []Invitation{}
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

func noInvitation(id, member int64) error {
	return problem.New(problem.NotFound, "Member %d has no invitation to tournament %d.", member, id)
}

// Invite asks member to play in the tournament with id, on behalf of caller (its organiser,
// an arbiter or an admin), and returns the invitation. missed is what the member gets for
// each round paired before they accept. It returns NotFound (no tournament), Invalid (no such
// member, or the caller themself), Forbidden, or Conflict (entered already, invited already —
// a declined invitation stays until it is withdrawn —, no one can enter any more).
func (s *Invitations) Invite(ctx context.Context, id int64, caller api.Caller, member int64, missed string) (Invitation, error) {
	var out Invitation
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := MayOrganise(t, caller); err != nil {
			return err
		}
		if member == caller.ID {
			return &problem.Error{Kind: problem.Invalid, Detail: "An invitation is for someone else: enter yourself instead.",
				Fields: map[string]string{"member_id": "is you: enter the tournament yourself instead"}}
		}
		if _, _, err := memberRating(ctx, tx, member, tournament.RatingStandard); err != nil {
			return err
		}
		switch {
		case f.ByID[member] != nil:
			return t.Conflict("Member %d has entered already.", member)
		case t.State == tournament.StateFinished:
			return t.Conflict("The tournament has finished.")
		case t.State == tournament.StateRunning && t.Format != tournament.FormatSwiss:
			return t.Conflict("A %s's draw was fixed at the start: no one can enter now.", formatName(t.Format))
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO tournament_invitations (tournament_id, member_id, invited_by, invited_at, missed, status) VALUES (?, ?, ?, ?, ?, ?)",
			id, member, caller.ID, s.clock(), missed, InvitationPending)
		if sqldb.IsDuplicate(err) {
			prev, err := invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
			if err == nil && len(prev) == 1 && prev[0].Status == InvitationDeclined {
				return t.Conflict("Member %d declined an invitation to this tournament; withdraw it before inviting them again.", member)
			}
			return t.Conflict("Member %d is invited already.", member)
		}
		if err != nil {
			return fmt.Errorf("invite: %w", err)
		}
		got, err := invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
		if err != nil {
			return err
		}
		out = got[0]
		return s.record(ctx, tx, caller, id, member, audit.InvitationSent, out.FullName, nil, map[string]any{"missed_rounds": missed})
	})
	return out, err
}

// OfTournament returns every invitation to the tournament with id, pending and
// declined, for its organiser, an arbiter or an admin.
func (s *Invitations) OfTournament(ctx context.Context, id int64, caller api.Caller) ([]Invitation, error) {
	var out []Invitation
	err := s.read(ctx, func(tx *sql.Tx) error {
		t, err := storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if err := MayOrganise(t, caller); err != nil {
			return err
		}
		out, err = invitations(ctx, tx, "i.tournament_id = ?", id)
		return err
	})
	return out, err
}

// OfMember returns the member's pending invitations.
func (s *Invitations) OfMember(ctx context.Context, member int64) ([]Invitation, error) {
	return invitations(ctx, s.db, "i.member_id = ? AND i.status = ?", member, InvitationPending)
}

// Withdraw removes the invitation of member to the tournament with id, pending or
// declined, on behalf of caller (its organiser, an arbiter or an admin). It returns NotFound
// when there is none.
func (s *Invitations) Withdraw(ctx context.Context, id int64, caller api.Caller, member int64) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		if err := MayOrganise(f.Tournament, caller); err != nil {
			return err
		}
		got, err := invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
		if err != nil {
			return err
		}
		if len(got) == 0 {
			return noInvitation(id, member)
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_invitations WHERE tournament_id = ? AND member_id = ?", id, member); err != nil {
			return fmt.Errorf("withdraw invitation: %w", err)
		}
		return s.record(ctx, tx, caller, id, member, audit.InvitationRevoked, got[0].FullName, map[string]any{"status": got[0].Status}, nil)
	})
}

// Answer is the invited member's answer: accept makes the entry, with the byes the
// organiser chose for rounds paired already, and returns it; declining keeps the invitation,
// declined, and returns it. Only the member may answer (Forbidden for anyone else). It returns
// NotFound when the member has no pending invitation, and the Conflicts of an entry.
func (s *Invitations) Answer(ctx context.Context, id int64, caller api.Caller, member int64, accept bool) (tournament.Player, Invitation, error) {
	var player tournament.Player
	var inv Invitation
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		if member != caller.ID {
			return problem.New(problem.Forbidden, "Only the member who is invited may answer an invitation.")
		}
		got, err := invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
		if err != nil {
			return err
		}
		if len(got) == 0 || got[0].Status != InvitationPending {
			return noInvitation(id, member)
		}
		inv = got[0]
		if !accept {
			now := s.clock()
			if _, err := tx.ExecContext(ctx, "UPDATE tournament_invitations SET status = ?, answered_at = ? WHERE tournament_id = ? AND member_id = ?",
				InvitationDeclined, now, id, member); err != nil {
				return fmt.Errorf("decline invitation: %w", err)
			}
			inv.Status, inv.AnsweredAt = InvitationDeclined, &now
			return s.record(ctx, tx, caller, id, member, audit.InvitationDeclined, inv.FullName, map[string]any{"status": InvitationPending}, map[string]any{"status": InvitationDeclined})
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_invitations WHERE tournament_id = ? AND member_id = ?", id, member); err != nil {
			return fmt.Errorf("accept invitation: %w", err)
		}
		if err := s.record(ctx, tx, caller, id, member, audit.InvitationAccepted, inv.FullName, map[string]any{"status": InvitationPending}, nil); err != nil {
			return err
		}
		player, err = s.addEntry(ctx, tx, caller, f, member, inv.MissedRounds)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		err = noInvitation(id, member)
	}
	return player, inv, err
}
