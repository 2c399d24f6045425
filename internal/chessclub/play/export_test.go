package play

import (
	"context"
)

// ComputeView computes the view that GET …/standings (view "standings") or GET …/rounds/{n}
// (view "round") sends, encoded by encode (web.EncodeView), without the cache.
func (s *Service) ComputeView(ctx context.Context, id int64, view string, n int, encode func(any) ([]byte, error)) ([]byte, error) {
	only := 0
	if view == "round" {
		only = n
	}
	f, err := s.FieldRound(ctx, id, only)
	if err != nil {
		return nil, err
	}
	var v any
	if view == "standings" {
		if v, err = f.Standings(nil); err != nil {
			return nil, err
		}
	} else {
		v = f.RoundView(f.Rounds[n-1])
	}
	return encode(v)
}

// WithPairingHook returns a copy of ctx under which a pairing (POST …/rounds) calls hook each
// time it starts to compute the pairing, with the attempt's number (1, 2, …), and goes on
// when hook returns; and calls hook(0) when it must first wait for another request's
// pairing of the same tournament.
func WithPairingHook(ctx context.Context, hook func(attempt int)) context.Context {
	return context.WithValue(ctx, pairingHookKey{}, hook)
}

// MaxPairAttempts is how many times, at most, a pairing is computed while the tournament
// keeps changing.
const MaxPairAttempts = maxPairAttempts

// WithPairingSlotHook returns a copy of ctx under which a pairing (POST …/rounds) calls hook
// when it finds no pairing slot free (Config.PairingsAtOnce) and must wait for one.
func WithPairingSlotHook(ctx context.Context, hook func()) context.Context {
	return context.WithValue(ctx, pairingSlotHookKey{}, hook)
}

// WithCheckHook returns a copy of ctx under which a check of a saved round (GET
// …/rounds/{n}/check) calls hook each time it pairs the round again.
func WithCheckHook(ctx context.Context, hook func()) context.Context {
	return context.WithValue(ctx, checkHookKey{}, hook)
}
