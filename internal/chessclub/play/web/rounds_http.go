package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// maxBoards bounds the {b} path parameter: a round of tournament.MaxPlayers has at most half as
// many.
const maxBoards = tournament.MaxPlayers / 2 // 2 000

// ListRounds answers GET /api/tournaments/{id}/rounds: every round paired, with its boards
// and byes.
func (h *Handlers) ListRounds(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.serveView(w, r, id, "rounds", byRevision, 0, func(f *tournament.Field) (any, error) {
		out := make([]tournament.Round, 0, len(f.Rounds))
		for _, rd := range f.Rounds {
			out = append(out, f.RoundView(rd))
		}
		return out, nil
	})
}

// GetRound answers GET /api/tournaments/{id}/rounds/{n}.
func (h *Handlers) GetRound(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", tournament.MaxRounds)
	if err != nil {
		return err
	}
	return h.serveView(w, r, id, "round "+strconv.Itoa(n), byRevision, n, func(f *tournament.Field) (any, error) {
		if n > len(f.Rounds) {
			return nil, problem.New(problem.NotFound, "Round %d of tournament %d is not paired.", n, id)
		}
		return f.RoundView(f.Rounds[n-1]), nil
	})
}

// PairWriteTimeout is how long the answer to a request that pairs a round may take (POST
// …/rounds, and a pairing by hand, checked or saved, which pairs the round again), instead of
// the server's WriteTimeout (120 s): the pairing of a 9 999-player round takes several seconds
// of one processor, more on a busy machine, and it may first wait for a pairing slot behind others
// (Config.PairingsAtOnce). Beyond it the connection is closed; a round is stored even so, and
// the live stream says round_paired.
const PairWriteTimeout = 10 * time.Minute

// allowPairingTime gives the answer on w PairWriteTimeout from now.
func allowPairingTime(w http.ResponseWriter) error {
	err := http.NewResponseController(w).SetWriteDeadline(time.Now().Add(PairWriteTimeout))
	if errors.Is(err, http.ErrNotSupported) { // a recorder in tests: no connection, no deadline
		return nil
	}
	return err
}

// PairRound answers POST /api/tournaments/{id}/rounds: it pairs the next round.
func (h *Handlers) PairRound(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	if err := allowPairingTime(w); err != nil {
		return err
	}
	rd, err := h.play.Rounds.Pair(r.Context(), id, caller)
	if err != nil {
		return err
	}
	w.Header().Set("Location", fmt.Sprintf("/api/tournaments/%d/rounds/%d", id, rd.Number))
	api.WriteJSON(w, http.StatusCreated, rd)
	return nil
}

// UnpairRound answers DELETE /api/tournaments/{id}/rounds/{n}.
func (h *Handlers) UnpairRound(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", tournament.MaxRounds)
	if err != nil {
		return err
	}
	if err := h.play.Rounds.Unpair(r.Context(), id, caller, n); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// GetBoard answers GET /api/tournaments/{id}/rounds/{n}/boards/{b}, with the board's ETag.
func (h *Handlers) GetBoard(w http.ResponseWriter, r *http.Request) error {
	id, n, b, err := boardPath(r)
	if err != nil {
		return err
	}
	f, err := h.play.FieldRound(r.Context(), id, n)
	if err != nil {
		return err
	}
	if n > len(f.Rounds) {
		return problem.New(problem.NotFound, "Round %d of tournament %d is not paired.", n, id)
	}
	bd := f.Rounds[n-1].Board(b)
	if bd == nil {
		return problem.New(problem.NotFound, "Round %d of tournament %d has no board %d.", n, id, b)
	}
	if play.NotModified(w, r, play.BoardETag(bd.Version)) {
		return nil
	}
	api.WriteJSON(w, http.StatusOK, f.BoardView(bd))
	return nil
}

// SetResult answers PUT /api/tournaments/{id}/rounds/{n}/boards/{b} with {"result": …}
// (null clears it), honouring If-Match.
func (h *Handlers) SetResult(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, n, b, err := boardPath(r)
	if err != nil {
		return err
	}
	obj, err := jsonhttp.ReadObject(w, r, play.MaxBody)
	if err != nil {
		return err
	}
	f := jsonhttp.NewFields(obj)
	var result *string
	if !f.Has("result") {
		f.Fail("result", "is required (null clears the result)")
	} else {
		result = f.String("result")
	}
	f.RejectUnknown()
	if err := f.Err(); err != nil {
		return err
	}
	bd, err := h.play.Results.Set(r.Context(), id, caller, n, b, result, r.Header.Get("If-Match"))
	if err != nil {
		return err
	}
	w.Header().Set("ETag", play.BoardETag(bd.Version))
	api.WriteJSON(w, http.StatusOK, bd)
	return nil
}

// boardPath reads {id}, {n} and {b}.
func boardPath(r *http.Request) (id int64, n, b int, err error) {
	if id, err = api.PathID(r); err != nil {
		return
	}
	if n, err = pathNumber(r, "n", tournament.MaxRounds); err != nil {
		return
	}
	b, err = pathNumber(r, "b", maxBoards)
	return
}

// viewTimeout bounds the computation of a view, which runs on after its client has gone
// when others wait for it.
const viewTimeout = 30 * time.Second

// A view's key: what change makes it stale.
type viewKey int

const (
	// byRevision: any change to the tournament.
	byRevision viewKey = iota
	// byStandings: a change to what the standings count
	// (tournament.Tournament.StandingsRevision).
	byStandings
)

// serveView answers a GET of a view of tournament id (what names it in the cache) computed
// by view from the tournament's field, through the cache: a view is computed once per
// revision of the tournament (of the kind key says), and a client that sends the ETag it has
// gets 304 while nothing changed, which costs one small read. The field is read and the view
// computed in one of the cache's turns (cache.inTurn), which bound the fields held at once.
//
// Only the boards and byes of round only are read when it is not 0 (readFieldRound).
func (h *Handlers) serveView(w http.ResponseWriter, r *http.Request, id int64, what string, key viewKey, only int, view func(f *tournament.Field) (any, error)) error {
	return h.serveCached(w, r, id, what, key, func(ctx context.Context) (int64, []byte, error) {
		var f *tournament.Field
		var v any
		err := h.cache.inTurn(ctx, func() error {
			var err error
			if f, err = h.play.FieldRound(ctx, id, only); err != nil {
				return err
			}
			v, err = view(f)
			return err
		})
		if err != nil {
			return 0, nil, err
		}
		body, err := EncodeView(v)
		return [2]int64{f.Tournament.Revision, f.Tournament.StandingsRevision}[key], body, err
	})
}

// serveCached answers a GET of a view of tournament id that compute makes, with the
// tournament's revision (of the kind key says) it is of, through the cache (see serveView).
// compute's context outlives the client that starts it, up to viewTimeout: others may wait
// for its view.
func (h *Handlers) serveCached(w http.ResponseWriter, r *http.Request, id int64, what string, key viewKey, compute func(ctx context.Context) (int64, []byte, error)) error {
	revs, err := h.revisions(r.Context(), id)
	if err != nil {
		return err
	}
	rev := revs[key]
	etag := func(rev int64) string { return fmt.Sprintf(`"v%d-%d-%d-%x"`, id, key, rev, fnv32(what)) }
	if play.NotModified(w, r, etag(rev)) {
		return nil
	}
	rev, body, err := h.cache.get(cacheKey{tournament: id, what: what}, rev, func() (int64, []byte, error) {
		// Other requests may wait for this computation: it must not end when the client
		// that happened to start it goes away.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), viewTimeout)
		defer cancel()
		rev, body, err := compute(ctx)
		return rev, append(body, '\n'), err
	})
	if err != nil {
		return err
	}
	w.Header().Set("ETag", etag(rev))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}

// EncodeView encodes a view as JSON, as the API sends it. The standings are written by
// encodeStandings, compact already: through json.Marshal, checking and compacting the
// megabyte of a 4 000-player field's standings again took longer than writing it.
func EncodeView(v any) ([]byte, error) {
	if st, ok := v.(tournament.Standings); ok {
		return encodeStandings(st)
	}
	return json.Marshal(v)
}

// fnv32 hashes a view's name into its ETag.
func fnv32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}
