package problem

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
)

// ContentType is the media type of every error body.
const ContentType = "application/problem+json"

// TypeBase prefixes every problem type. The types are stable identifiers that clients may
// switch on; they are documented in docs/API-ERRORS.md.
const TypeBase = "urn:problem-type:"

// Document is the RFC 9457 body.
type Document struct {
	Type     string            `json:"type"`
	Title    string            `json:"title"`
	Status   int               `json:"status"`
	Detail   string            `json:"detail,omitempty"`
	Instance string            `json:"instance,omitempty"`
	Errors   map[string]string `json:"errors,omitempty"`
	// Current is an extension member (RFC 9457 section 3.2): see Error.Current.
	Current any `json:"current,omitempty"`
	// RequestID is an extension member: the id of the request (the X-Request-ID header of
	// the answer, see WithRequestID), absent when the request carries none.
	RequestID string `json:"request_id,omitempty"`
}

type kindInfo struct {
	status int
	slug   string
	title  string
}

// kinds is the one table that maps an error kind to what the client sees.
var kinds = map[Kind]kindInfo{
	Internal:             {http.StatusInternalServerError, "internal", "Internal server error"},
	Malformed:            {http.StatusBadRequest, "malformed-request", "Malformed request"},
	Invalid:              {http.StatusUnprocessableEntity, "validation", "Validation failed"},
	NotFound:             {http.StatusNotFound, "not-found", "Not found"},
	Conflict:             {http.StatusConflict, "conflict", "Conflict"},
	PreconditionFailed:   {http.StatusPreconditionFailed, "precondition-failed", "Precondition failed"},
	TooLarge:             {http.StatusRequestEntityTooLarge, "too-large", "Request body too large"},
	UnsupportedMediaType: {http.StatusUnsupportedMediaType, "unsupported-media-type", "Unsupported media type"},
	Unauthorized:         {http.StatusUnauthorized, "unauthorized", "Authentication required"},
	Forbidden:            {http.StatusForbidden, "forbidden", "Forbidden"},
	TooManyRequests:      {http.StatusTooManyRequests, "too-many-requests", "Too many requests"},
	MethodNotAllowed:     {http.StatusMethodNotAllowed, "method-not-allowed", "Method not allowed"},
	Unavailable:          {http.StatusServiceUnavailable, "unavailable", "Service unavailable"},
}

// DefaultRetryAfter is the Retry-After, in seconds, of an Unavailable problem that names none.
const DefaultRetryAfter = 5

// Write sends err as a problem document. Errors that are not *Error, and Internal ones, are
// logged with their cause and answered with a generic 500 whose detail reveals nothing.
//
// A failure after the client went away (it closed the connection, so the request's context
// was canceled) is not the server's fault and no one would read the answer: it is logged at
// Info and nothing is written. ERROR stays for what an operator must act on.
func Write(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var pe *Error
	if !errors.As(err, &pe) {
		pe = &Error{Kind: Internal, Err: err}
	}
	info, ok := kinds[pe.Kind]
	if !ok {
		info = kinds[Internal]
	}
	if info.status >= 500 && ClientGone(r) {
		log.InfoContext(r.Context(), "client went away before the answer", "method", r.Method, "path", r.URL.Path, "err", err)
		return
	}
	doc := Document{
		Type:     TypeBase + info.slug,
		Title:    info.title,
		Status:   info.status,
		Detail:   pe.Detail,
		Instance: r.URL.Path,
		Errors:   pe.Fields,
		Current:  pe.Current,
		// The id names the log lines of this request; it was checked or made by the
		// server, so echoing it reveals nothing.
		RequestID: RequestID(r.Context()),
	}
	switch {
	case pe.Kind == Unavailable:
		// The detail is the server's own words, never the cause's.
		log.ErrorContext(r.Context(), "request failed: unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		if doc.Detail == "" {
			doc.Detail = "The service is unavailable for now; try again later."
		}
	case info.status >= 500:
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		doc.Detail = "The server could not complete the request."
	}
	if pe.Kind == TooManyRequests && pe.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(pe.RetryAfter))
	}
	if pe.Kind == Unavailable {
		retry := pe.RetryAfter
		if retry <= 0 {
			retry = DefaultRetryAfter
		}
		w.Header().Set("Retry-After", strconv.Itoa(retry))
	}
	if pe.Kind == Unauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
	}
	w.Header().Set("Content-Type", ContentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(info.status)
	_ = json.NewEncoder(w).Encode(doc)
}

// ClientGone reports whether the client of r has gone away: net/http cancels a request's
// context when its connection closes. An error that follows from it (a canceled query, a
// write to a closed connection) is the client's doing, not a fault of the server.
func ClientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}
