// Package web answers the tournament endpoints of the club's API: it reads and checks
// requests (paths, query parameters, bodies, If-None-Match), calls package play, which decides
// who may do what in which state, and writes its answers: the tournaments, their players,
// rounds, results, standings, crosstables, checks and files. What anyone may read is computed
// once per revision of its tournament and kept, in a byte budget (cache.go), with an ETag that
// answers 304 while nothing changed.
//
// routes.go in the package root lists the handlers; play never imports web.
package web

import (
	"runtime"

	"campus.example/apps/internal/chessclub/play"
)

// Handlers answers the tournament endpoints for a play.Service. It is safe for concurrent
// use.
type Handlers struct {
	play  *play.Service
	cache *cache
	revs  *revisionCache
	// list keeps the list of tournaments for a moment (list_cache.go).
	list listCache
}

// New returns the handlers over p, and has p tell them of every change it commits, after
// which they compute anew what they serve.
func New(p *play.Service) *Handlers {
	h := &Handlers{play: p, cache: newCache(p.Config().ViewCacheBytes, viewsAtOnce()), revs: newRevisionCache()}
	p.OnChange(func(id int64) {
		if id != 0 {
			h.revs.forget(id)
		}
		h.list.changed()
	})
	return h
}

// ViewCache returns the bytes the view cache holds now, and its entries (cache.go).
func (h *Handlers) ViewCache() (bytes int64, entries int) { return h.cache.usage() }

// viewsAtOnce bounds the views a server computes at once (cache.computing): one per
// processor, as a view's work is the processor's, and each holds its tournament's field (tens
// of megabytes for the largest) until it is encoded.
func viewsAtOnce() int { return runtime.GOMAXPROCS(0) }

// OpenStreams returns the number of live event streams open now.
func (h *Handlers) OpenStreams() int { return h.play.OpenStreams() }

// RefusedStreams returns the number of live event streams refused so far for reason,
// live.RefusedServerFull or live.RefusedClientLimit.
func (h *Handlers) RefusedStreams(reason string) uint64 { return h.play.RefusedStreams(reason) }
