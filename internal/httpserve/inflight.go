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
	mu sync.Mutex
	// reqs holds a request's facts by value under the request itself (net/http makes a
	// new one for each request it serves), so that tracking one allocates nothing once
	// the map has grown.
	reqs map[*http.Request]request
	// done, when a wait made it, is closed and cleared when the last request in flight
	// ends. Only a shutdown waits, so requests do not make a channel each.
	done chan struct{}
}

// request is what the log says about a request that a shutdown cut. Its fields are copied
// when the request arrives, so that reading them later races with nothing.
type request struct {
	method, path, client string
	start                time.Time
}

func newInflight() *inflight {
	return &inflight{reqs: map[*http.Request]request{}}
}

// track wraps h so that every request is known from its start to its handler's return.
func (f *inflight) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := request{method: r.Method, path: r.URL.Path, client: r.RemoteAddr, start: time.Now()}
		f.mu.Lock()
		f.reqs[r] = req
		f.mu.Unlock()
		defer f.end(r)
		h.ServeHTTP(w, r)
	})
}

// end forgets r, and wakes a wait when r was the last request in flight.
func (f *inflight) end(r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.reqs, r)
	if len(f.reqs) == 0 && f.done != nil {
		close(f.done)
		f.done = nil
	}
}

// snapshot returns the requests in flight, oldest first.
func (f *inflight) snapshot() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]request, 0, len(f.reqs))
	for _, r := range f.reqs {
		out = append(out, r)
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
	if f.done == nil {
		f.done = make(chan struct{})
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
