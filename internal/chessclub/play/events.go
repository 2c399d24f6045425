package play

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// The types of events a tournament's stream sends (the SSE "event" field).
const (
	EventTournamentChanged = "tournament_changed" // fields edited: {"fields": [...]}
	EventStateChanged      = "state_changed"      // {"state": "running"}
	EventPlayerEntered     = "player_entered"     // {"member_id": 7}
	EventPlayerLeft        = "player_left"        // left before the start: {"member_id": 7}
	EventPlayerWithdrew    = "player_withdrew"    // withdrew after the start: {"member_id": 7, "after_round": 3}
	EventByeRequested      = "bye_requested"      // {"member_id": 7, "round": 4}
	EventByeCancelled      = "bye_cancelled"      // {"member_id": 7, "round": 4}
	EventRoundPaired       = "round_paired"       // {"round": 4}
	EventRoundUnpaired     = "round_unpaired"     // {"round": 4}
	EventResultSet         = "result_set"         // {"round": 4, "board": 2, "result": "1-0"} (result null when cleared)
	EventRatingsApplied    = "ratings_applied"    // {"players": 12}
)

// DefaultEventRetention is how long events are kept for clients that reconnect.
const DefaultEventRetention = 14 * 24 * time.Hour

// Event is one thing that happened in a tournament. Seq numbers a tournament's events 1, 2,
// 3 … in the order they were committed; it is the SSE event id.
type Event struct {
	Tournament int64
	Seq        int64
	Type       string
	// Data is the event's JSON object, with the tournament's id and the event's type in it.
	Data []byte
}

// emit records an event of tournament id in tx, which must hold the tournament's lock
// (lockTournament): it increases the tournament's revision and stores the event under that
// number, so that events are numbered in commit order and a client that missed some can
// read them back. fields become the event's JSON object, with "tournament" and "type" added.
func (s *Service) emit(ctx context.Context, tx *sql.Tx, id int64, typ string, fields map[string]any) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET revision = revision + 1 WHERE id = ?", id); err != nil {
		return fmt.Errorf("event %s: %w", typ, err)
	}
	var seq int64
	if err := tx.QueryRowContext(ctx, "SELECT revision FROM tournaments WHERE id = ?", id).Scan(&seq); err != nil {
		return fmt.Errorf("event %s: %w", typ, err)
	}
	obj := map[string]any{"tournament": id, "type": typ}
	for k, v := range fields {
		obj[k] = v
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return fmt.Errorf("event %s: %w", typ, err)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_events (tournament_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)",
		id, seq, typ, string(data), s.clock()); err != nil {
		return fmt.Errorf("event %s: %w", typ, err)
	}
	return nil
}
