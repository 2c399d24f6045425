package admission

// Imports bounds the TRF imports a server reads and stores at once (play.Config.MaxImports):
// an import holds up to about three times its file's size while it reads it, and a file of
// the most players there may be takes seconds to store. It is safe for concurrent use.
type Imports chan struct{}

// NewImports returns the slots of n imports at once.
func NewImports(n int) Imports { return make(Imports, n) }

// TryTake takes a slot if one is free, at once, and returns the function that frees it; ok is
// false when none is: the import is refused rather than kept waiting (package play answers
// 429 with Retry-After).
func (s Imports) TryTake() (free func(), ok bool) {
	select {
	case s <- struct{}{}:
		return func() { <-s }, true
	default:
		return nil, false
	}
}
