// Package admission bounds the costly work the club's server takes in at once, so that no
// client, logged in or not, can make it hold more than it was sized for: the pairings and
// pairing checks it computes (Pairings: a slot each, one per member at a time), the TRF files
// it imports (Imports) and the imports a member may make a day (ImportQuota).
//
// It knows the club only by member ids and the audit trail it counts imports in.
package admission

import (
	"context"
	"strconv"
	"sync"
)

// Pairings bounds the pairings that this server computes at once, of all its tournaments
// together, to its capacity (play.Config.PairingsAtOnce): the rounds it pairs, and the checks of a
// round or of a pairing by hand, which pair the round again. A pairing of a large Swiss keeps a
// processor busy for seconds and holds hundreds of megabytes at its peak (a round of 4 000
// players: 1–2 s of CPU and up to 300 MB; of 9 999 players: 5–8 s and up to 1 GB;
// docs/BENCHMARKS.md); a server that computed every pairing asked for at once would share its
// processors among them, finish none sooner, and add up their memory until it ran out. A
// pairing that finds no slot free waits for one, in the order the pairings came, for as long
// as its request lives: pairing a round is an organiser's rare and deliberate act, which a
// client waits for, not a request to refuse.
//
// A holder (a member, or the public for the checks anyone may read) holds at most one slot at
// a time: its next pairing waits for its turn before it queues for a slot, so that one member
// asking for several large pairings or checks at once keeps every other member's pairing
// waiting no longer than one of them. It is safe for concurrent use.
type Pairings struct {
	slots chan struct{}
	mu    sync.Mutex
	turns map[string]*holderTurn
}

// holderTurn is a holder's one turn, and the requests that hold it or wait for it.
type holderTurn struct {
	token chan struct{}
	users int
}

// PublicChecks is the holder of the pairing checks that anyone may ask for without logging
// in (GET …/rounds/{n}/check): together they hold at most one slot.
const PublicChecks = "public checks"

// MemberHolder names a member as a holder of pairing slots.
func MemberHolder(id int64) string { return "member " + strconv.FormatInt(id, 10) }

// NewPairings returns the slots of n pairings at once.
func NewPairings(n int) *Pairings {
	return &Pairings{slots: make(chan struct{}, n), turns: map[string]*holderTurn{}}
}

// Take waits until it is holder's turn and a slot is free, or until ctx ends, and returns the
// function that frees both. When it must wait it calls waiting first. It returns ctx's error
// when ctx ends first.
func (p *Pairings) Take(ctx context.Context, holder string, waiting func()) (free func(), err error) {
	waiting = sync.OnceFunc(waiting)
	release, err := p.Turn(ctx, holder, waiting)
	if err != nil {
		return nil, err
	}
	freeSlot, err := p.Slot(ctx, waiting)
	if err != nil {
		release()
		return nil, err
	}
	return func() { freeSlot(); release() }, nil
}

// Slot waits until a slot is free, or until ctx ends, for a request that holds its holder's
// turn, and returns the function that frees the slot. When it must wait it calls waiting
// first.
func (p *Pairings) Slot(ctx context.Context, waiting func()) (free func(), err error) {
	select {
	case p.slots <- struct{}{}:
		return func() { <-p.slots }, nil
	default:
	}
	waiting()
	select {
	case p.slots <- struct{}{}:
		return func() { <-p.slots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Turn waits until no other request of holder's holds or is about to hold a slot, or until
// ctx ends, and returns the function that ends the turn.
func (p *Pairings) Turn(ctx context.Context, holder string, waiting func()) (release func(), err error) {
	p.mu.Lock()
	t := p.turns[holder]
	if t == nil {
		t = &holderTurn{token: make(chan struct{}, 1)}
		p.turns[holder] = t
	}
	t.users++
	p.mu.Unlock()
	done := func() {
		p.mu.Lock()
		if t.users--; t.users == 0 {
			delete(p.turns, holder)
		}
		p.mu.Unlock()
	}
	select {
	case t.token <- struct{}{}:
	default:
		waiting()
		select {
		case t.token <- struct{}{}:
		case <-ctx.Done():
			done()
			return nil, ctx.Err()
		}
	}
	return func() { <-t.token; done() }, nil
}
