package play

import "context"

// pairingSlotHookKey is the context key of a function that pairRound calls when it must wait
// for a pairing slot. Tests set it (export_test.go) to know that a pairing waits.
type pairingSlotHookKey struct{}

// WaitingForSlot calls the context's slot hook, if it has one.
func WaitingForSlot(ctx context.Context) {
	if hook, ok := ctx.Value(pairingSlotHookKey{}).(func()); ok {
		hook()
	}
}

// checkHookKey is the context key of a function that a check of a saved round calls when it
// pairs the round again (package web). Tests set it (export_test.go) to count the checks
// computed.
type checkHookKey struct{}

// CheckingRound calls the context's check hook, if it has one: a check of a saved round is
// pairing the round again.
func CheckingRound(ctx context.Context) {
	if hook, ok := ctx.Value(checkHookKey{}).(func()); ok {
		hook()
	}
}
