package live

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"campus.example/apps/internal/sqldb"
)

// Event is one thing that happened in a tournament. Seq numbers a tournament's events 1, 2,
// 3 … in the order they were committed; it is the SSE event id.
type Event struct {
	Tournament int64
	Seq        int64
	Type       string
	// Data is the event's JSON object, with the tournament's id and the event's type in it.
	Data []byte
}

// Emit records an event of tournament id in tx, which must hold the tournament's lock: it
// increases the tournament's revision and stores the event under that number, so that
// events are numbered in commit order and a client that missed some can read them back.
// fields become the event's JSON object, with "tournament" and "type" added.
func (s *Streams) Emit(ctx context.Context, tx *sql.Tx, id int64, typ string, fields map[string]any) error {
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

// eventsAfter returns the events of tournament id numbered after seq, oldest first, at most
// limit of them.
func (s *Streams) eventsAfter(ctx context.Context, id, seq int64, limit int) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT seq, type, data FROM tournament_events WHERE tournament_id = ? AND seq > ? ORDER BY seq LIMIT ?", id, seq, limit)
	if err != nil {
		return nil, fmt.Errorf("read events: %w", err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		e := Event{Tournament: id}
		var data string
		if err := rows.Scan(&e.Seq, &e.Type, &data); err != nil {
			return nil, fmt.Errorf("read events: %w", err)
		}
		e.Data = []byte(data)
		out = append(out, e)
	}
	return out, rows.Err()
}

// sweepEvery is how often, at most, a process deletes expired events; sweepBatch is the most
// it deletes at a time.
const (
	sweepEvery = time.Hour
	sweepBatch = 1000
)

// sweeper remembers when events were last swept. It is safe for concurrent use.
type sweeper struct {
	mu   sync.Mutex
	last time.Time
}

// due reports whether a sweep is due at now, and if so records it as done.
func (w *sweeper) due(now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.last.IsZero() && now.Sub(w.last) < sweepEvery {
		return false
	}
	w.last = now
	return true
}

// MaybeSweep deletes the events older than the retention period, at most once an hour and
// sweepBatch at a time; changes to tournaments call it after they commit, so that a server
// that changes nothing does no work. A failure is logged and left for the next sweep.
func (s *Streams) MaybeSweep(ctx context.Context) {
	now := s.now()
	if !s.sweep.due(now) {
		return
	}
	if err := s.expireEvents(ctx, now.Add(-s.cfg.EventRetention)); err != nil {
		s.log.Warn("expire events", "err", err)
	}
}

// expireEvents deletes up to sweepBatch events created before cutoff, by primary key: on
// InnoDB a ranged DELETE would take gap locks that block new events.
func (s *Streams) expireEvents(ctx context.Context, cutoff time.Time) error {
	rows, err := s.db.QueryContext(ctx, "SELECT tournament_id, seq FROM tournament_events WHERE created_at < ? ORDER BY created_at LIMIT ?", cutoff.UTC(), sweepBatch)
	if err != nil {
		return err
	}
	type key struct{ tournament, seq int64 }
	var keys []key
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var k key
		if err := rows.Scan(&k.tournament, &k.seq); err != nil {
			return err
		}
		keys = append(keys, k)
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		if _, err := s.db.ExecContext(ctx, "DELETE FROM tournament_events WHERE tournament_id = ? AND seq = ?", k.tournament, k.seq); err != nil {
			return err
		}
	}
	return nil
}
