package photos

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/problem"
)

// Files that no photo record names (orphans) come about in two ways: an upload stores its
// files before it records them, and a replaced photo's files are removed after the record
// that replaces it. A crash or an error in between would leave them for good, so each
// such id is written to figure_orphans first, in the database, and the row goes only once
// the files are recorded or removed. The sweep removes the files of the rows that are
// older than orphanAge. It never lists the store: files that the database does not name
// as orphans are never touched, so a server pointed at another installation's photos, or
// at a database restored from an older backup, cannot delete them.

// orphanAge is how old an orphan row must be before sweepOrphans removes its files. An
// upload's row is written just before its files are stored and deleted when they are
// recorded, within one request (at most httpserve's 120 s write timeout); the margin also
// covers replicas whose clocks disagree by some minutes.
const orphanAge = time.Hour

// sweepEvery is how often, at most, a server sweeps: at start, then after uploads.
const sweepEvery = time.Hour

// sweepBatch is how many orphan rows one sweep query reads.
const sweepBatch = 100

// maybeSweep starts a sweep in the background when this server has not swept for
// sweepEvery. Orphan rows come only from uploads, so sweeping after uploads and at start
// finds them all.
func (p *Service) maybeSweep() {
	now := p.records.clock()
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
			p.log.Info("removed orphaned photo files", "photos", n)
		}
	}()
}

// orphanKeys are the keys that files of the photo with id may have.
func orphanKeys(id string) []string {
	return []string{figureKey(id, imagefile.TypeJPEG), figureKey(id, imagefile.TypePNG), figureKey(id, imagefile.TypeWebP), thumbKey(id, imagefile.TypeJPEG), thumbKey(id, imagefile.TypePNG)}
}

// sweepOrphans removes the files of the orphan rows older than cutoff, then the rows, and
// returns how many photos' files it removed. An id that has a photo record (which no path
// of the server leaves with an orphan row) keeps its files. Several servers may sweep at
// once; removing a file twice is harmless.
func (p *Service) sweepOrphans(ctx context.Context, cutoff time.Time) (int, error) {
	removed := 0
	for {
		ids, err := p.records.orphansBefore(ctx, cutoff, sweepBatch)
		if err != nil || len(ids) == 0 {
			return removed, err
		}
		for _, id := range ids {
			_, err := p.records.figure(ctx, id)
			switch {
			case err == nil:
				p.log.Warn("orphan row of a recorded photo; its files are kept", "figure", id)
			case problem.KindOf(err) != problem.NotFound:
				return removed, err
			default:
				for _, key := range orphanKeys(id) {
					if err := p.files.remove(ctx, key); err != nil {
						return removed, err
					}
				}
				removed++
			}
			if err := p.records.clearOrphan(ctx, id); err != nil {
				return removed, err
			}
		}
	}
}

// markOrphan records that files of the photo with id may exist without a record.
func (s *records) markOrphan(ctx context.Context, id string) error {
	return markOrphanTx(ctx, s.db, id, s.clock())
}

// execer is a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func markOrphanTx(ctx context.Context, db execer, id string, since time.Time) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO figure_orphans (figure_id, since) VALUES (?, ?)", id, since); err != nil {
		return fmt.Errorf("record photo files in progress: %w", err)
	}
	return nil
}

// clearOrphan deletes the orphan row of id: its files are recorded, or removed.
func (s *records) clearOrphan(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, "DELETE FROM figure_orphans WHERE figure_id = ?", id); err != nil {
		return fmt.Errorf("clear orphan photo: %w", err)
	}
	return nil
}

// orphansBefore returns up to limit ids of orphan rows written before cutoff, oldest
// first.
func (s *records) orphansBefore(ctx context.Context, cutoff time.Time, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT figure_id FROM figure_orphans WHERE since < ? ORDER BY since, figure_id LIMIT ?", cutoff, limit)
	if err != nil {
		return nil, fmt.Errorf("read orphan photos: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read orphan photos: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read orphan photos: %w", err)
	}
	return ids, nil
}
