package chessclub

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

func (h *handlers) listTournaments(w http.ResponseWriter, r *http.Request) error {
	ts, err := h.store.Tournaments(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ts)
	return nil
}

func (h *handlers) getTournament(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	t, err := h.store.Tournament(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

func (h *handlers) createTournament(w http.ResponseWriter, r *http.Request, caller Member) error {
	obj, err := jsonhttp.ReadObject(w, r, MaxBody)
	if err != nil {
		return err
	}
	in, err := DecodeTournament(obj)
	if err != nil {
		return err
	}
	t, err := h.store.CreateTournament(r.Context(), in, caller.ID)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(t.ID, 10))
	writeJSON(w, http.StatusCreated, t)
	return nil
}

func (h *handlers) deleteTournament(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := deleteTarget(w, r)
	if err != nil {
		return err
	}
	if err := h.store.DeleteTournament(r.Context(), id, caller); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deleteTarget finds the id of the tournament to delete in the path, else in the query
// (?id=N), else in the body: JSON {"id": N} (the number may be a string) or a form id=N. The
// original client sends its JSON body with no content type or a form's, so the body is tried
// as JSON first whatever it is labelled. No id at all is a Malformed problem.
func deleteTarget(w http.ResponseWriter, r *http.Request) (int64, error) {
	if raw := r.PathValue("id"); raw != "" {
		return parseID(raw)
	}
	if vals, ok := r.URL.Query()["id"]; ok {
		return singleID(vals)
	}
	mt := ""
	if ct := r.Header.Get("Content-Type"); ct != "" {
		var err error
		if mt, _, err = mime.ParseMediaType(ct); err != nil || !deleteBodyTypes[mt] {
			return 0, problem.New(problem.UnsupportedMediaType, "Content-Type must be application/json.")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return 0, problem.New(problem.TooLarge, "The body exceeds the limit of %d bytes.", MaxBody)
		}
		return 0, &problem.Error{Kind: problem.Malformed, Detail: "The body could not be read.", Err: err}
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return 0, problem.New(problem.Malformed, "Name the tournament to delete: /api/tournaments/{id}, ?id=N or a body {\"id\": N}.")
	}
	if body[0] != '{' && mt == "application/x-www-form-urlencoded" {
		form, err := url.ParseQuery(string(body))
		if err != nil || !form.Has("id") {
			return 0, problem.New(problem.Malformed, "The form has no id.")
		}
		return singleID(form["id"])
	}
	obj, err := jsonhttp.ParseObject(body)
	if err != nil {
		return 0, err
	}
	raw, ok := obj["id"]
	if !ok {
		return 0, problem.New(problem.Malformed, "The body has no id.")
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return parseID(s)
	}
	return parseID(string(raw))
}

// deleteBodyTypes are the content types a delete body may be labelled with.
var deleteBodyTypes = map[string]bool{"application/json": true, "text/plain": true, "application/x-www-form-urlencoded": true}

func singleID(vals []string) (int64, error) {
	if len(vals) != 1 {
		return 0, problem.New(problem.Malformed, "Give id once.")
	}
	return parseID(vals[0])
}
