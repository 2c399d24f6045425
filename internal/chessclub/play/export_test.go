package play

import (
	"context"
	"encoding/json"
)

// Subscribe follows tournament id through the hub, as a stream does, for tests of the hub
// itself: it returns the stream's mailbox and the function that ends the subscription.
func (s *Service) Subscribe(id int64) (<-chan Event, func()) {
	sub := s.hub.subscribe(id)
	return sub.events, func() { s.hub.unsubscribe(id, sub) }
}

// Followed returns the number of tournaments the hub polls.
func (s *Service) Followed() int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.topics)
}

// ComputeView computes what GET …/standings (view "standings") or GET …/rounds/{n} (view
// "round") would send, without the cache.
func (s *Service) ComputeView(ctx context.Context, id int64, view string, n int) ([]byte, error) {
	only := 0
	if view == "round" {
		only = n
	}
	f, err := s.readFieldRound(ctx, id, only)
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
	return json.Marshal(v)
}
