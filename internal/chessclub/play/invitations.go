package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

func noInvitation(id, member int64) error {
	return problem.New(problem.NotFound, "Member %d has no invitation to tournament %d.", member, id)
}

// Invite asks member to play in the tournament with id, on behalf of caller (its organiser,
// an arbiter or an admin), and returns the invitation. missed is what the member gets for
// each round paired before they accept. It returns NotFound (no tournament), Invalid (no such
// member, or the caller themself), Forbidden, or Conflict (entered already, invited already —
// a declined invitation stays until it is withdrawn —, no one can enter any more).
func (s *Invitations) Invite(ctx context.Context, id int64, caller api.Caller, member int64, missed string) (tournament.Invitation, error) {
	var out tournament.Invitation
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
		err := storage.InsertInvitation(ctx, tx, id, member, caller.ID, s.clock(), missed)
		if errors.Is(err, storage.ErrDuplicate) {
			prev, err := storage.Invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
			if err == nil && len(prev) == 1 && prev[0].Status == tournament.InvitationDeclined {
				return t.Conflict("Member %d declined an invitation to this tournament; withdraw it before inviting them again.", member)
			}
			return t.Conflict("Member %d is invited already.", member)
		}
		if err != nil {
			return fmt.Errorf("invite: %w", err)
		}
		got, err := storage.Invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
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
func (s *Invitations) OfTournament(ctx context.Context, id int64, caller api.Caller) ([]tournament.Invitation, error) {
	var out []tournament.Invitation
	err := s.read(ctx, func(tx *sql.Tx) error {
		t, err := storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if err := MayOrganise(t, caller); err != nil {
			return err
		}
		out, err = storage.Invitations(ctx, tx, "i.tournament_id = ?", id)
		return err
	})
	return out, err
}

// OfMember returns the member's pending invitations.
func (s *Invitations) OfMember(ctx context.Context, member int64) ([]tournament.Invitation, error) {
	return storage.Invitations(ctx, s.db, "i.member_id = ? AND i.status = ?", member, tournament.InvitationPending)
}

// Withdraw removes the invitation of member to the tournament with id, pending or
// declined, on behalf of caller (its organiser, an arbiter or an admin). It returns NotFound
// when there is none.
func (s *Invitations) Withdraw(ctx context.Context, id int64, caller api.Caller, member int64) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		if err := MayOrganise(f.Tournament, caller); err != nil {
			return err
		}
		got, err := storage.Invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
		if err != nil {
			return err
		}
		if len(got) == 0 {
			return noInvitation(id, member)
		}
		if err := storage.DeleteInvitation(ctx, tx, id, member); err != nil {
			return err
		}
		return s.record(ctx, tx, caller, id, member, audit.InvitationRevoked, got[0].FullName, map[string]any{"status": got[0].Status}, nil)
	})
}

// Answer is the invited member's answer: accept makes the entry, with the byes the
// organiser chose for rounds paired already, and returns it; declining keeps the invitation,
// declined, and returns it. Only the member may answer (Forbidden for anyone else). It returns
// NotFound when the member has no pending invitation, and the Conflicts of an entry.
func (s *Invitations) Answer(ctx context.Context, id int64, caller api.Caller, member int64, accept bool) (tournament.Player, tournament.Invitation, error) {
	var player tournament.Player
	var inv tournament.Invitation
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		if member != caller.ID {
			return problem.New(problem.Forbidden, "Only the member who is invited may answer an invitation.")
		}
		got, err := storage.Invitations(ctx, tx, "i.tournament_id = ? AND i.member_id = ?", id, member)
		if err != nil {
			return err
		}
		if len(got) == 0 || got[0].Status != tournament.InvitationPending {
			return noInvitation(id, member)
		}
		inv = got[0]
		if !accept {
			now := s.clock()
			if err := storage.DeclineInvitation(ctx, tx, id, member, now); err != nil {
				return err
			}
			inv.Status, inv.AnsweredAt = tournament.InvitationDeclined, &now
			return s.record(ctx, tx, caller, id, member, audit.InvitationDeclined, inv.FullName, map[string]any{"status": tournament.InvitationPending}, map[string]any{"status": tournament.InvitationDeclined})
		}
		if err := storage.DeleteInvitation(ctx, tx, id, member); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, member, audit.InvitationAccepted, inv.FullName, map[string]any{"status": tournament.InvitationPending}, nil); err != nil {
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
