package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// ListTournaments answers GET /api/tournaments: every tournament by start date, then id.
// The answer comes from the list cache (listCache) when it is fresh.
func (h *Handlers) ListTournaments(w http.ResponseWriter, r *http.Request) error {
	body, err := h.list.get(time.Now(), func() ([]byte, error) {
		// Other requests may wait for this read: it does not end when this client goes.
		ts, err := h.play.Tournaments.List(context.WithoutCancel(r.Context()))
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(ts)
		return append(b, '\n'), err
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(body)
	return nil
}

// GetTournament answers GET /api/tournaments/{id}, with the ETag that PATCH, start and
// finish take as If-Match.
func (h *Handlers) GetTournament(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	t, err := h.play.Tournament(r.Context(), id)
	if err != nil {
		return err
	}
	if play.NotModified(w, r, play.TournamentETag(t)) {
		return nil
	}
	api.WriteJSON(w, http.StatusOK, t)
	return nil
}

// CreateTournament answers POST /api/tournaments; the caller becomes the organiser.
func (h *Handlers) CreateTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	obj, err := jsonhttp.ReadObject(w, r, play.MaxBody)
	if err != nil {
		return err
	}
	in, err := input.Tournament(obj)
	if err != nil {
		return err
	}
	if in.Rated {
		if err := play.MayRate(caller); err != nil {
			return err
		}
	}
	t, err := h.play.Tournaments.Create(r.Context(), in, caller)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(t.ID, 10))
	w.Header().Set("ETag", play.TournamentETag(t))
	api.WriteJSON(w, http.StatusCreated, t)
	return nil
}

// PatchTournament answers PATCH /api/tournaments/{id}: a JSON merge patch (RFC 7396) by the
// organiser, an arbiter or an admin, honouring If-Match.
func (h *Handlers) PatchTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	obj, err := jsonhttp.ReadObject(w, r, play.MaxBody, "application/merge-patch+json", "application/json")
	if err != nil {
		return err
	}
	t, err := h.play.Tournaments.Update(r.Context(), id, caller, obj, r.Header.Get("If-Match"))
	if err != nil {
		return err
	}
	w.Header().Set("ETag", play.TournamentETag(t))
	api.WriteJSON(w, http.StatusOK, t)
	return nil
}

// StartTournament answers POST /api/tournaments/{id}/start.
func (h *Handlers) StartTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return h.transition(w, r, caller, h.play.Tournaments.Start)
}

// FinishTournament answers POST /api/tournaments/{id}/finish.
func (h *Handlers) FinishTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	return h.transition(w, r, caller, h.play.Tournaments.Finish)
}

// transition runs a change of state and answers with the tournament.
func (h *Handlers) transition(w http.ResponseWriter, r *http.Request, caller api.Caller,
	fn func(ctx context.Context, id int64, caller api.Caller, ifMatch string) (tournament.Tournament, error)) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	t, err := fn(r.Context(), id, caller, r.Header.Get("If-Match"))
	if err != nil {
		return err
	}
	w.Header().Set("ETag", play.TournamentETag(t))
	api.WriteJSON(w, http.StatusOK, t)
	return nil
}

// DeleteTournament answers DELETE /api/tournaments/{id}, and the original client's
// DELETE /api/tournaments?id=N and DELETE /api/tournaments with a body {"id": N}.
func (h *Handlers) DeleteTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := deleteTarget(w, r)
	if err != nil {
		return err
	}
	if err := h.play.Tournaments.Delete(r.Context(), id, caller); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// givenID is an id the request names, and where it names it.
type givenID struct {
	where string
	id    int64
}

// deleteTarget finds the id of the tournament to delete: in the path, in the query (?id=N),
// or in the body: JSON {"id": N} (the number may be a string) or a form id=N. The original
// client sends its JSON body with no content type or a form's, so the body is tried as JSON
// first whatever it is labelled. Every place is read, and when they name different ids the
// request is Malformed rather than one of them winning silently; the same id twice is fine.
// No id at all is a Malformed problem too.
func deleteTarget(w http.ResponseWriter, r *http.Request) (int64, error) {
	var given []givenID
	if raw := r.PathValue("id"); raw != "" {
		id, err := api.ParseID(raw)
		if err != nil {
			return 0, err
		}
		given = append(given, givenID{"the path", id})
	}
	if vals, ok := r.URL.Query()["id"]; ok {
		id, err := singleID(vals)
		if err != nil {
			return 0, err
		}
		given = append(given, givenID{"the query", id})
	}
	id, ok, err := deleteBodyID(w, r)
	if err != nil {
		return 0, err
	}
	if ok {
		given = append(given, givenID{"the body", id})
	}
	if len(given) == 0 {
		return 0, problem.New(problem.Malformed, "Name the tournament to delete: /api/tournaments/{id}, ?id=N or a body {\"id\": N}.")
	}
	first := given[0]
	for _, g := range given[1:] {
		if g.id != first.id {
			return 0, problem.New(problem.Malformed, "The request names two tournaments: %d in %s and %d in %s. Name one.", first.id, first.where, g.id, g.where)
		}
	}
	return first.id, nil
}

// deleteBodyID reads the id in a delete's body. ok is false when the body is empty or has no
// id; a body that cannot be read or parsed is an error even when the id is given elsewhere,
// since what it meant cannot be known.
func deleteBodyID(w http.ResponseWriter, r *http.Request) (id int64, ok bool, err error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, play.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return 0, false, problem.New(problem.TooLarge, "The body exceeds the limit of %d bytes.", play.MaxBody)
		}
		return 0, false, &problem.Error{Kind: problem.Malformed, Detail: "The body could not be read.", Err: err}
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return 0, false, nil
	}
	mt := ""
	if ct := r.Header.Get("Content-Type"); ct != "" {
		var params map[string]string
		if mt, params, err = mime.ParseMediaType(ct); err != nil || !deleteBodyTypes[mt] {
			return 0, false, problem.New(problem.UnsupportedMediaType, "Content-Type must be application/json.")
		}
		if err := jsonhttp.CheckCharset(params); err != nil {
			return 0, false, err
		}
	}
	if body[0] != '{' && mt == "application/x-www-form-urlencoded" {
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return 0, false, problem.New(problem.Malformed, "The form is not valid.")
		}
		if !form.Has("id") {
			return 0, false, nil
		}
		id, err := singleID(form["id"])
		return id, err == nil, err
	}
	obj, err := jsonhttp.ParseObject(body)
	if err != nil {
		return 0, false, err
	}
	raw, has := obj["id"]
	if !has {
		return 0, false, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		id, err = api.ParseID(s)
	} else {
		id, err = api.ParseID(string(raw))
	}
	return id, err == nil, err
}

// deleteBodyTypes are the content types a delete body may be labelled with.
var deleteBodyTypes = map[string]bool{"application/json": true, "text/plain": true, "application/x-www-form-urlencoded": true}

func singleID(vals []string) (int64, error) {
	if len(vals) != 1 {
		return 0, problem.New(problem.Malformed, "Give id once.")
	}
	return api.ParseID(vals[0])
}
