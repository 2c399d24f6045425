package live

// Subscribe follows tournament id through the hub, as a stream does, for tests of the hub
// itself: it returns the stream's mailbox and the function that ends the subscription.
func (s *Streams) Subscribe(id int64) (<-chan Event, func()) {
	sub := s.hub.subscribe(id)
	return sub.events, func() { s.hub.unsubscribe(sub) }
}

// Followed returns the number of tournaments the hub polls.
func (s *Streams) Followed() int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.topics)
}

// Follow is Subscribe that also returns whether the hub ended the subscription because the
// tournament is gone; it is known once the mailbox has closed.
func (s *Streams) Follow(id int64) (events <-chan Event, deleted func() bool, stop func()) {
	sub := s.hub.subscribe(id)
	return sub.events, sub.deleted.Load, func() { s.hub.unsubscribe(sub) }
}
