package play

import "context"

// pairingSlots bounds the pairings that this server computes at once, of all its tournaments
// together, to its capacity (Config.PairingsAtOnce): the rounds it pairs, and the checks of a
// round or of a pairing by hand, which pair the round again. A pairing of a large Swiss keeps a
// processor busy for seconds and holds hundreds of megabytes at its peak (a round of 4 000
// players: about 1 s of CPU and 200 MB; of 9 999 players: 5–7 s and up to 1 GB;
// docs/BENCHMARKS.md); a server that computed every
// pairing asked for at once would share its processors among them, finish none sooner, and
// add up their memory until it ran out. A pairing that finds no slot free waits for one, in
// the order the pairings came, for as long as its request lives: pairing a round is an
// organiser's rare and deliberate act, which a client waits for, not a request to refuse.
// Each slot is a token in the channel; the zero value has no slot and must not be used.
type pairingSlots chan struct{}

// take waits until a slot is free, or until ctx ends, and returns the function that frees
// it. When no slot is free it calls waiting before it waits. It returns ctx's error when ctx
// ends first.
func (p pairingSlots) take(ctx context.Context, waiting func()) (free func(), err error) {
	select {
	case p <- struct{}{}:
		return p.free, nil
	default:
	}
	waiting()
	select {
	case p <- struct{}{}:
		return p.free, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (p pairingSlots) free() { <-p }

// pairingSlotHookKey is the context key of a function that pairRound calls when it must wait
// for a pairing slot. Tests set it (export_test.go) to know that a pairing waits.
type pairingSlotHookKey struct{}

// pairingSlotHook calls the context's slot hook, if it has one.
func pairingSlotHook(ctx context.Context) {
	if hook, ok := ctx.Value(pairingSlotHookKey{}).(func()); ok {
		hook()
	}
}
