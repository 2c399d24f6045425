package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/admission"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// maxPairAttempts is how many times, at most, pairRound computes the pairing of one round
// when the tournament keeps changing while it does.
const maxPairAttempts = 3

// Pair pairs the next round of the tournament with id on behalf of caller (its
// organiser, an arbiter or an admin) and returns it. It returns NotFound, Forbidden, or Conflict: the
// tournament is not running, the last round has results missing (which is also what the
// loser of two simultaneous calls gets: the winner's round), every round is paired, the
// rules find no pairing, or the tournament changed at each of maxPairAttempts attempts.
//
// The pairing is computed outside any write transaction, from the tournament as one read
// snapshot shows it: the Dutch system takes seconds on a large field (round 2 of 1 000
// players, 5 to 18 s on the project machine, by the results), and on SQLite every other
// write, of any member, would wait for a write transaction that long. The round is then
// stored under the tournament's lock only if the tournament's revision (the number of its
// last event, which every change increases) is still the snapshot's (storeRound). When it is
// not, the checks run again on the tournament as it is now, so that the loser of two
// pairings of one round gets its Conflict as before; any other change (a result, a
// withdrawal, a bye asked for) means that the pairing may be wrong, and the round is paired
// again from a new snapshot. The round's primary key (tournament, number) refuses a second
// round of the same number even so.
//
// In this process one request at a time pairs a tournament (pairingTurns); a second one
// waits for it, and then finds the round paired. The server computes at most
// Config.PairingsAtOnce pairings at once, of all tournaments (admission.Pairings): a pairing that
// finds no slot free waits for one while its request lives, then reads the tournament again
// if it waited, since results may have come meanwhile. A long pairing is announced on the
// live stream (round_pairing, pairing_notice.go) before the round arrives: for a large field
// as soon as the request has checked that the round can be paired, before any wait for a
// slot, so that those who follow the tournament know that the round is on its way.
func (s *Rounds) Pair(ctx context.Context, id int64, caller api.Caller) (tournament.Round, error) {
	leave, err := s.pairings.enter(ctx, id, func() { pairingHook(ctx, 0) })
	if err != nil {
		return tournament.Round{}, err
	}
	defer leave()
	notice := s.newPairingNotice(ctx, id)
	var free func() // frees the pairing slot, once taken; kept for every attempt
	defer func() {
		if free != nil {
			free()
		}
	}()
	for attempt := 1; ; attempt++ {
		f, err := s.Field(ctx, id)
		if err != nil {
			return tournament.Round{}, err
		}
		if err := checkPairable(f, caller); err != nil {
			return tournament.Round{}, err
		}
		notice.arm(f)
		if free == nil {
			if free, f, err = s.takePairingSlot(ctx, id, caller, f); err != nil {
				notice.settle(&tournament.Tournament{}) // ends the notice's timer
				return tournament.Round{}, err
			}
		}
		pairingHook(ctx, attempt)
		p, err := f.PairNext()
		notice.settle(&f.Tournament)
		if err != nil {
			return tournament.Round{}, err
		}
		rd, err := s.storeRound(ctx, caller, f.Tournament, p)
		if !errors.Is(err, errChangedWhilePairing) {
			return rd, err
		}
		if attempt == maxPairAttempts {
			t, err := s.Tournament(ctx, id)
			if err != nil {
				return tournament.Round{}, err
			}
			return tournament.Round{}, t.Conflict("The tournament changed while round %d was being paired, %d times over; pair it again.",
				t.CurrentRound+1, maxPairAttempts)
		}
	}
}

// takePairingSlot takes a pairing slot for the pairing of f, the tournament with id, and
// returns the function that frees it, with the field to pair: f itself when a slot was free,
// else the field as it is once a slot is, checked again (checkPairable). It returns ctx's
// error when ctx ends while it waits.
func (s *Rounds) takePairingSlot(ctx context.Context, id int64, caller api.Caller, f *tournament.Field) (free func(), _ *tournament.Field, err error) {
	waited := false
	free, err = s.slots.Take(ctx, admission.MemberHolder(caller.ID), func() {
		waited = true
		WaitingForSlot(ctx)
	})
	if err != nil || !waited {
		return free, f, err
	}
	if f, err = s.Field(ctx, id); err == nil {
		err = checkPairable(f, caller)
	}
	if err != nil {
		free()
		return nil, nil, err
	}
	return free, f, nil
}

// checkPairable checks that caller may pair the next round of f's tournament and that it
// can be paired now: the tournament runs, the last round has all its results, and rounds
// are left.
func checkPairable(f *tournament.Field, caller api.Caller) error {
	t := f.Tournament
	if err := MayOrganise(t, caller); err != nil {
		return err
	}
	switch {
	case t.State == tournament.StateOpen:
		return t.Conflict("Start the tournament before pairing its first round.")
	case t.State == tournament.StateFinished:
		return t.Conflict("The tournament has finished.")
	case f.MissingResults() > 0:
		return t.Conflict("Round %d is paired and has %d results missing; they must be in before round %d is paired.",
			t.CurrentRound, f.MissingResults(), t.CurrentRound+1)
	case t.CurrentRound >= f.TotalRounds():
		return t.Conflict("All %d rounds are paired; finish the tournament.", f.TotalRounds())
	}
	return nil
}

// errChangedWhilePairing is storeRound's answer when the tournament changed after the
// snapshot that the pairing was computed from.
var errChangedWhilePairing = errors.New("the tournament changed while the round was being paired")

// storeRound stores pairing p as the next round of the tournament snap, in one transaction
// under the tournament's lock, and returns the round. It checks again that caller may pair
// it and that it can be paired (checkPairable), and returns errChangedWhilePairing, storing
// nothing, when the tournament's revision is no longer snap's.
func (s *Rounds) storeRound(ctx context.Context, caller api.Caller, snap tournament.Tournament, p tournament.Pairing) (tournament.Round, error) {
	id := snap.ID
	var out tournament.Round
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := checkPairable(f, caller); err != nil {
			return err
		}
		if t.Revision != snap.Revision {
			return errChangedWhilePairing
		}
		next := t.CurrentRound + 1
		err := storage.InsertRound(ctx, tx, id, next, s.clock())
		if errors.Is(err, storage.ErrDuplicate) {
			return t.Conflict("Round %d is paired already.", next)
		}
		if err != nil {
			return err
		}
		if err := storage.InsertBoards(ctx, tx, id, next, 1, p.Boards); err != nil {
			return err
		}
		var byes []tournament.ByeRecord
		for _, b := range p.Byes {
			if !b.Requested { // a request is stored already, as the bye it becomes
				byes = append(byes, b)
			}
		}
		if err := storage.InsertByes(ctx, tx, id, byes); err != nil {
			return err
		}
		if err := storage.SetCurrentRound(ctx, tx, id, next); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventRoundPaired, map[string]any{"round": next}); err != nil {
			return err
		}
		t.CurrentRound = next
		stored, err := storage.FieldRound(ctx, tx, t, next)
		if err != nil {
			return err
		}
		out = stored.RoundView(stored.Rounds[next-1])
		if err := s.record(ctx, tx, caller, id, 0, audit.RoundPaired, fmt.Sprintf("round %d", next), nil, roundSummary(out)); err != nil {
			return err
		}
		return nil
	})
	return out, err
}

// pairingTurns lets one request at a time pair each tournament in this process: a pairing of
// a large field keeps a processor busy for seconds, and a second request for the same round
// (a double click) would only compute it again to be told that the round is paired. The
// zero value is ready for use; it is safe for concurrent use.
type pairingTurns struct {
	mu   sync.Mutex
	busy map[int64]chan struct{} // closed when the tournament's pairing ends
}

// enter waits until no other request of this process is pairing tournament id, or until ctx
// ends, and returns the function that ends the caller's turn. It calls waiting, if it must
// wait, before it does.
func (p *pairingTurns) enter(ctx context.Context, id int64, waiting func()) (leave func(), err error) {
	for first := true; ; first = false {
		p.mu.Lock()
		done, busy := p.busy[id]
		if !busy {
			if p.busy == nil {
				p.busy = map[int64]chan struct{}{}
			}
			done = make(chan struct{})
			p.busy[id] = done
			p.mu.Unlock()
			return func() {
				p.mu.Lock()
				delete(p.busy, id)
				p.mu.Unlock()
				close(done)
			}, nil
		}
		p.mu.Unlock()
		if first {
			waiting()
		}
		select {
		case <-done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// pairingHookKey is the context key of a function that pairRound calls as it starts to
// compute a pairing, with the attempt's number, and with 0 when it must first wait for
// another request's pairing of the tournament. Tests set it (export_test.go) to hold a
// pairing while other requests run.
type pairingHookKey struct{}

// pairingHook calls the context's pairing hook, if it has one.
func pairingHook(ctx context.Context, attempt int) {
	if hook, ok := ctx.Value(pairingHookKey{}).(func(attempt int)); ok {
		hook(attempt)
	}
}

// Unpair deletes round n of the tournament with id, which must be the last one paired
// and have no result reported (the forfeits of players who withdrew, set at the pairing, do
// not count), on behalf of caller (its organiser, an arbiter or an admin). Byes asked for that round are
// kept as requests; the rest of its byes go. A late entry made after it was paired now
// starts in it, and a player who withdrew after it was paired now withdrew before it.
func (s *Rounds) Unpair(ctx context.Context, id int64, caller api.Caller, n int) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := MayOrganise(t, caller); err != nil {
			return err
		}
		if n < 1 || n > t.CurrentRound {
			return problem.New(problem.NotFound, "Round %d is not paired.", n)
		}
		switch {
		case t.State != tournament.StateRunning:
			return t.Conflict("Rounds can only be un-paired while the tournament runs; it is %s.", t.State)
		case n != t.CurrentRound:
			return t.Conflict("Only the last round paired, %d, can be un-paired.", t.CurrentRound)
		}
		for _, b := range f.Rounds[n-1].Boards {
			if b.Result != nil && b.Version > 1 {
				return t.Conflict("Round %d has results reported (board %d); clear them first.", n, b.Number)
			}
		}
		if err := storage.DeleteRound(ctx, tx, id, n); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.RoundUnpaired, fmt.Sprintf("round %d", n), roundSummary(f.RoundView(f.Rounds[n-1])), nil); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventRoundUnpaired, map[string]any{"round": n})
	})
}

// roundSummary is what the audit trail keeps of a round's pairing: each board's players and
// each bye, by member id.
func roundSummary(r tournament.Round) map[string]any {
	boards := make([][2]int64, 0, len(r.Boards))
	for _, b := range r.Boards {
		boards = append(boards, [2]int64{b.White.MemberID, b.Black.MemberID})
	}
	byes := map[string][]int64{}
	for _, b := range r.Byes {
		byes[b.Kind] = append(byes[b.Kind], b.Player.MemberID)
	}
	return map[string]any{"boards": boards, "byes": byes}
}
