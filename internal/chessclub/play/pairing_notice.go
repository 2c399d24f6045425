package play

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"campus.example/apps/internal/chessclub/play/tournament"
)

// Pairing a round of a large Swiss takes seconds (docs/BENCHMARKS.md), and those who follow
// the tournament would see nothing happen meanwhile. A pairingNotice tells them: the live
// stream says round_pairing, with the round's number, as soon as the pairing starts when the
// field has at least Config.PairingNoticeField players, and otherwise once the pairing has
// taken Config.PairingNoticeAfter. round_paired follows when the round is stored; when the
// rules find no pairing, nothing follows, and the request that paired gets the problem.
//
// The notice is an event like any other: it increases the tournament's revision, which
// pairRound compares with its snapshot's before it stores the round. The notice's transaction
// holds the tournament's lock and records the revision it found and the one it made, so that
// when it found the snapshot's revision, nothing else having changed in between, the snapshot
// takes the new one (settle) and the round is stored without being paired again.

// Defaults of the pairing notice's settings in Config.
const (
	// DefaultPairingNoticeField is the field from which the notice goes at once: round 2 of a
	// 1 000-player Swiss takes about a second on a 2-core machine that is busy.
	DefaultPairingNoticeField = 1000
	// DefaultPairingNoticeAfter is how long a pairing of a smaller field runs before the
	// notice goes.
	DefaultPairingNoticeAfter = time.Second
)

// pairingNotice announces the pairing of one round, at most once, for one call of pairRound.
// It is safe for concurrent use by pairRound and its timer.
type pairingNotice struct {
	s   *Rounds
	ctx context.Context
	id  int64

	armed bool
	timer *time.Timer
	done  chan struct{} // closed when the timer's announcement has ended

	mu       sync.Mutex
	sent     bool
	from, to int64 // the tournament's revision before and after the notice
}

func (s *Rounds) newPairingNotice(ctx context.Context, id int64) *pairingNotice {
	return &pairingNotice{s: s, ctx: ctx, id: id}
}

// arm starts the notice for the round after f's current one, the first time it is called: at
// once for a large field, otherwise when the pairing has run for PairingNoticeAfter. Later
// attempts at the same pairing send no second notice.
func (n *pairingNotice) arm(f *tournament.Field) {
	if n.armed {
		return
	}
	n.armed = true
	round := f.Tournament.CurrentRound + 1
	if len(f.Players) >= n.s.cfg.PairingNoticeField {
		n.announce(round)
		return
	}
	n.done = make(chan struct{})
	n.timer = time.AfterFunc(n.s.cfg.PairingNoticeAfter, func() {
		defer close(n.done)
		n.announce(round)
	})
}

// settle ends the timer, waiting for its announcement when it has started, and brings snap's
// revision up to date when the notice was the only change since snap was read.
func (n *pairingNotice) settle(snap *tournament.Tournament) {
	if n.timer != nil {
		if !n.timer.Stop() {
			<-n.done
		}
		n.timer = nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.sent && snap.Revision == n.from {
		snap.Revision = n.to
	}
}

// announce sends round_pairing for round, if the tournament still runs with that round next.
// A failure is logged and the pairing goes on: the notice is news, not part of the round.
func (n *pairingNotice) announce(round int) {
	s := n.s
	var from int64
	sent := false
	err := s.db.Transact(n.ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(n.ctx, tx, n.id)
		if err != nil {
			return err
		}
		if t.State != tournament.StateRunning || t.CurrentRound+1 != round {
			return nil
		}
		from, sent = t.Revision, true
		return s.live.Emit(n.ctx, tx, n.id, EventRoundPairing, map[string]any{"round": round})
	})
	n.s.changed(n.id)
	if err != nil {
		s.log.Warn("pairing notice", "tournament", n.id, "round", round, "err", err)
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	// Emit raised the revision by one, under the lock.
	n.sent, n.from, n.to = sent, from, from+1
}
