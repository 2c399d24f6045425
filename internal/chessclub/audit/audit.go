// Package audit keeps the club's audit trail: every change to a tournament (its settings,
// state, entries, invitations, byes, pairings, results and corrections, ratings applied or
// recomputed) and to a member's record (registration, profile, declared rating, FIDE fields,
// role, photo, a guest linked, a FIDE list applied), with when, who, what, the value before
// and after, and the request that made it. A member's private fields are masked for readers
// who may not see them (private.go).
//
// A change records its entry in its own transaction (Record), so the trail holds exactly
// the changes that were committed, and survives a crash as they do. The trail is only
// appended to: nothing in the server changes or deletes an entry. Entries name members by
// id and username, never by anything secret: no password, hash or token goes in.
//
// It must never import the club's other packages, which all may record in it.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"campus.example/apps/internal/problem"
)

// Actions an entry may record.
const (
	TournamentCreated  = "tournament.created"
	TournamentImported = "tournament.imported"
	TournamentChanged  = "tournament.changed"
	TournamentStarted  = "tournament.started"
	TournamentFinished = "tournament.finished"
	TournamentDeleted  = "tournament.deleted"
	EntryAdded         = "entry.added"
	EntryRemoved       = "entry.removed"
	EntryWithdrawn     = "entry.withdrawn"
	EntryReinstated    = "entry.reinstated"
	InvitationSent     = "invitation.sent"
	InvitationAccepted = "invitation.accepted"
	InvitationDeclined = "invitation.declined"
	InvitationRevoked  = "invitation.withdrawn"
	ByeRequested       = "bye.requested"
	ByeCancelled       = "bye.cancelled"
	RoundPaired        = "round.paired"
	RoundUnpaired      = "round.unpaired"
	RoundRepaired      = "round.paired_manually"
	ResultSet          = "result.set"
	ResultCorrected    = "result.corrected"
	RatingsApplied     = "ratings.applied"
	RatingsRecomputed  = "ratings.recomputed"
	PlayerLinked       = "player.linked"
	PairForbidden      = "pair.forbidden"
	PairAllowed        = "pair.allowed"
	RoleChanged        = "role.changed"
	// FIDEListApplied is a member's FIDE ratings or title set from FIDE's rating list.
	FIDEListApplied = "fide.list_applied"
	// MemberRegistered is a new member's record as they registered it.
	MemberRegistered = "member.registered"
	// MemberChanged is a change to a member's record (their profile, declared rating, birth
	// year, FIDE fields), by the member or an admin: the fields that changed, before and
	// after.
	MemberChanged = "member.changed"
	// PhotoChanged is a member's photo stored or replaced: the photo's id before and after.
	PhotoChanged = "member.photo_changed"
)

// CommandLine is the actor of changes made on the server's command line, by its operator.
const CommandLine = "(command line)"

// Actor is who made a change: a member, or the command line (ID 0).
type Actor struct {
	ID       int64
	Username string
}

// Entry is one change.
type Entry struct {
	ID int64 `json:"id"`
	// At is when the change was committed (to the second).
	At time.Time `json:"at"`
	// ActorID is the member who made it, nil for the command line; ActorUsername is their
	// username as it was then.
	ActorID       *int64 `json:"actor_id"`
	ActorUsername string `json:"actor_username"`
	// TournamentID and MemberID are what the change was made to: a tournament, and within it
	// or alone (a role) a member; nil when the change is not about one.
	TournamentID *int64 `json:"tournament_id"`
	MemberID     *int64 `json:"member_id"`
	Action       string `json:"action"`
	// Subject says which part of the tournament, such as "round 2, board 3".
	Subject string `json:"subject"`
	// Before and After are the values the change replaced and made, as JSON objects; null
	// where there was none (a new entry has no before).
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
	// RequestID is the request that made the change: the server's own id for it (the
	// X-Request-ID of its answer, and of its log lines), empty on the command line.
	RequestID string `json:"request_id"`
	// ClientRequestID is the id the client gave the request in its X-Request-ID, if any: the
	// client's word, which names its own logs, never the request's id, since any client may
	// send anyone's.
	ClientRequestID string `json:"client_request_id"`
}

// Change is what a writer says of a change it records.
type Change struct {
	Actor      Actor
	Tournament int64 // 0: none
	Member     int64 // 0: none
	Action     string
	Subject    string
	// Before and After are marshalled as JSON; nil is null.
	Before, After any
}

// Record appends c to the trail in tx, the transaction of the change, at now, with the
// request ids that ctx carries: the server's own, and the client's apart.
func Record(ctx context.Context, tx *sql.Tx, now time.Time, c Change) error {
	before, err := marshal(c.Before)
	if err != nil {
		return fmt.Errorf("audit %s: %w", c.Action, err)
	}
	after, err := marshal(c.After)
	if err != nil {
		return fmt.Errorf("audit %s: %w", c.Action, err)
	}
	username := c.Actor.Username
	if c.Actor.ID == 0 && username == "" {
		username = CommandLine
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO audit_log (at, actor_id, actor_username, tournament_id, member_id, action, subject, before_value, after_value, request_id, client_request_id) "+
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", now.UTC().Truncate(time.Second), nullID(c.Actor.ID), username, nullID(c.Tournament), nullID(c.Member),
		c.Action, c.Subject, before, after, problem.RequestID(ctx), problem.ClientRequestID(ctx))
	if err != nil {
		return fmt.Errorf("audit %s: %w", c.Action, err)
	}
	return nil
}

func marshal(v any) (*string, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	s := string(b)
	return &s, nil
}

func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
