package web

import (
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
)

// ForbiddenPairs answers GET /api/tournaments/{id}/forbidden-pairs: the pairs of players who
// must not meet, public like the players (a TRF export shows them too).
func (h *Handlers) ForbiddenPairs(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	f, err := h.play.Field(r.Context(), id)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, play.ForbiddenView(f))
	return nil
}

// ForbidPair answers PUT /api/tournaments/{id}/forbidden-pairs/{a}/{b}: 201 with the pair
// when it is new, 200 when it was forbidden already.
func (h *Handlers) ForbidPair(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, a, b, err := pairPath(r)
	if err != nil {
		return err
	}
	v, created, err := h.play.Entries.Forbid(r.Context(), id, caller, a, b)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	api.WriteJSON(w, status, v)
	return nil
}

// AllowPair answers DELETE /api/tournaments/{id}/forbidden-pairs/{a}/{b}.
func (h *Handlers) AllowPair(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, a, b, err := pairPath(r)
	if err != nil {
		return err
	}
	if err := h.play.Entries.Allow(r.Context(), id, caller, a, b); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// pairPath reads {id}, {a} and {b}.
func pairPath(r *http.Request) (id, a, b int64, err error) {
	if id, err = api.PathID(r); err != nil {
		return 0, 0, 0, err
	}
	if a, err = api.ParseID(r.PathValue("a")); err != nil {
		return 0, 0, 0, err
	}
	if b, err = api.ParseID(r.PathValue("b")); err != nil {
		return 0, 0, 0, err
	}
	return id, a, b, nil
}
