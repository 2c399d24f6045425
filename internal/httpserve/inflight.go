package httpserve

import (
	"net/http"
	"slices"
	"sync"
	"time"
)

// inflight keeps the requests being served, so that a shutdown that has to cut some can say
// which ones. It is safe for concurrent use.
type inflight struct {
	mu   sync.Mutex
	reqs map[*request]struct{}
	// done is closed and replaced whenever the last request in flight ends.
	done chan struct{}
}

// request is what the log says about a request that a shutdown cut. Its fields are copied
// when the request arrives, so that reading them later races with nothing.
type request struct {
	method, path, client string
	start                time.Time
}

func newInflight() *inflight {
	return &inflight{reqs: map[*request]struct{}{}, done: make(chan struct{})}
}

// track wraps h so that every request is known from its start to its handler's return.
func (f *inflight) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := &request{method: r.Method, path: r.URL.Path, client: r.RemoteAddr, start: time.Now()}
		f.mu.Lock()
		f.reqs[req] = struct{}{}
		f.mu.Unlock()
		defer func() {
			f.mu.Lock()
			delete(f.reqs, req)
			if len(f.reqs) == 0 {
				close(f.done)
				f.done = make(chan struct{})
			}
			f.mu.Unlock()
		}()
		h.ServeHTTP(w, r)
	})
}

// snapshot returns the requests in flight, oldest first.
func (f *inflight) snapshot() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]request, 0, len(f.reqs))
	for r := range f.reqs {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b request) int { return a.start.Compare(b.start) })
	return out
}

// wait waits up to d for every handler to return and reports whether they all did.
func (f *inflight) wait(d time.Duration) bool {
	f.mu.Lock()
	if len(f.reqs) == 0 {
		f.mu.Unlock()
		return true
	}
	done := f.done
	f.mu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}
