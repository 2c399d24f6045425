package auth

import (
	"context"
	"fmt"
	"time"
)

// maybePrune deletes the buckets that have refilled completely, at most once per pruneEvery
// on this server. It runs when an attempt is let through, which is also the only time a row
// is written, so rows never outlive the horizon by more than pruneEvery while any are being
// made. A failure is logged, not returned: it costs space, not correctness.
func (t *throttle) maybePrune(ctx context.Context, now time.Time) {
	t.mu.Lock()
	due := now.Sub(t.lastPrune) >= pruneEvery
	if due {
		t.lastPrune = now
	}
	t.mu.Unlock()
	if !due {
		return
	}
	if err := t.prune(ctx, now); err != nil {
		t.log.Error("prune login throttle", "err", err)
	}
}

// prune deletes the rows untouched for their horizon, which are full whatever they held:
// registration buckets after the registration horizon, all others after the login horizon.
// It reads their keys without locking and deletes them by primary key, re-checking the
// time, so it locks only those rows: a ranged DELETE on InnoDB would lock every row it
// scans and stall the logins meanwhile.
func (t *throttle) prune(ctx context.Context, now time.Time) error {
	registers := registerKind + ":%"
	groups := []struct {
		where  string
		cutoff time.Time
	}{
		{"bucket NOT LIKE ?", now.Add(-t.cfg.horizon())},
		{"bucket LIKE ?", now.Add(-t.cfg.registerHorizon())},
	}
	for _, g := range groups {
		if err := t.pruneWhere(ctx, g.where, registers, g.cutoff); err != nil {
			return err
		}
	}
	return nil
}

// pruneWhere deletes the rows matching where (with one argument, arg) that are older than
// cutoff.
func (t *throttle) pruneWhere(ctx context.Context, where string, arg any, cutoff time.Time) error {
	rows, err := t.store.db.QueryContext(ctx, "SELECT bucket FROM login_throttle WHERE updated_at < ? AND "+where+" ORDER BY bucket", cutoff, arg)
	if err != nil {
		return fmt.Errorf("find full buckets: %w", err)
	}
	var keys []any
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			rows.Close()
			return fmt.Errorf("find full buckets: %w", err)
		}
		keys = append(keys, key)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find full buckets: %w", err)
	}
	for len(keys) > 0 {
		n := min(len(keys), pruneBatch)
		args := append([]any{cutoff}, keys[:n]...)
		if _, err := t.store.db.ExecContext(ctx, "DELETE FROM login_throttle WHERE updated_at < ? AND bucket IN ("+placeholders(n)+")", args...); err != nil {
			return fmt.Errorf("delete full buckets: %w", err)
		}
		keys = keys[n:]
	}
	return nil
}
