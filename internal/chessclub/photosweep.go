package chessclub

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// orphanAge is how old a file must be before sweepOrphans may take it for an orphan. An
// upload stores its files before it records them, within one request (at most httpserve's
// 120 s write timeout), so a younger file may be about to be recorded; the margin also
// covers clocks of the servers and the bucket that disagree by some minutes.
const orphanAge = time.Hour

// sweepEvery is how often, at most, a server sweeps: at start, then after uploads.
const sweepEvery = time.Hour

// sweepBatch is how many ids one query checks.
const sweepBatch = 200

// maybeSweep starts a sweep in the background when this server has not swept for
// sweepEvery. Orphans come only from uploads (a crash or a failure between storing and
// recording, or before removing a replaced photo), so sweeping after uploads and at start
// finds them all.
func (p *photos) maybeSweep() {
	now := time.Now()
	p.sweepMu.Lock()
	due := p.lastSweep.IsZero() || now.Sub(p.lastSweep) >= sweepEvery
	if due {
		p.lastSweep = now
	}
	p.sweepMu.Unlock()
	if !due {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		if n, err := p.sweepOrphans(ctx, now.Add(-orphanAge)); err != nil {
			p.log.Error("sweep orphaned photo files", "removed", n, "err", err)
		} else if n > 0 {
			p.log.Info("removed orphaned photo files", "count", n)
		}
	}()
}

// sweepOrphans removes the files stored before cutoff whose photo has no record: files that
// a crash or an error left between storing and recording an upload, or that a failed
// removal left of a replaced photo. It returns how many it removed. Several servers may
// sweep one store at once; removing a file twice is harmless.
func (p *photos) sweepOrphans(ctx context.Context, cutoff time.Time) (int, error) {
	removed := 0
	batch := map[string][]string{} // keys by id
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		ids := make([]string, 0, len(batch))
		for id := range batch {
			ids = append(ids, id)
		}
		known, err := p.store.existingFigures(ctx, ids)
		if err != nil {
			return err
		}
		for id, keys := range batch {
			if known[id] {
				continue
			}
			for _, key := range keys {
				if err := p.files.remove(ctx, key); err != nil {
					return err
				}
				removed++
			}
		}
		clear(batch)
		return nil
	}
	err := p.files.list(ctx, func(key string, stored time.Time) error {
		if !stored.Before(cutoff) {
			return nil
		}
		id := photoKey.FindStringSubmatch(key)[1]
		batch[id] = append(batch[id], key)
		if len(batch) < sweepBatch {
			return nil
		}
		return flush()
	})
	if err == nil {
		err = flush()
	}
	return removed, err
}

// existingFigures reports which of ids have a photo record.
func (s *Store) existingFigures(ctx context.Context, ids []string) (map[string]bool, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, "SELECT id FROM figures WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", args...)
	if err != nil {
		return nil, fmt.Errorf("read figures: %w", err)
	}
	defer rows.Close()
	known := make(map[string]bool, len(ids))
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read figures: %w", err)
		}
		known[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read figures: %w", err)
	}
	return known, nil
}
