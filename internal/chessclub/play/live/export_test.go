package live

// Subscribe follows tournament id through the hub, as a stream does, for tests of the hub
// itself: it returns the stream's mailbox and the function that ends the subscription.
func (s *Streams) Subscribe(id int64) (<-chan Event, func()) {
	sub := s.hub.subscribe(id)
	return sub.events, func() { s.hub.unsubscribe(id, sub) }
}

// Followed returns the number of tournaments the hub polls.
func (s *Streams) Followed() int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.topics)
}
