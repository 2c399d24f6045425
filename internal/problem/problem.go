// Package problem carries the kinds of errors an API returns and writes them as RFC 9457
// "application/problem+json" documents.
//
// Domain code returns *Error values (or wraps them); exactly one place, Write, turns a kind into
// an HTTP status, so that a given failure always looks the same to a client. Anything that is
// not an *Error is an internal failure: it is logged and answered with a bare 500, never with
// its text, because driver and system errors can carry secrets and internal names.
package problem

import (
	"errors"
	"fmt"
)

// Kind classifies an error by what the client can do about it.
type Kind int

const (
	// Internal is a failure of the server; the client cannot fix it.
	Internal Kind = iota
	// Malformed means the request could not be parsed at all (bad JSON, bad query value).
	Malformed
	// Invalid means the request parsed but breaks a rule of the domain; Error.Fields says where.
	Invalid
	// NotFound means the named resource does not exist.
	NotFound
	// Conflict means the request clashes with existing state, such as a unique name.
	Conflict
	// PreconditionFailed means an If-Match precondition no longer holds.
	PreconditionFailed
	// TooLarge means the request body exceeds a documented limit.
	TooLarge
	// UnsupportedMediaType means the body's content type is not one the endpoint accepts.
	UnsupportedMediaType
	// Unauthorized means the caller is not authenticated.
	Unauthorized
	// Forbidden means the caller is authenticated but may not do this.
	Forbidden
	// TooManyRequests means the caller has been throttled; Error.RetryAfter says for how long.
	TooManyRequests
	// MethodNotAllowed means the path exists but not with this method.
	MethodNotAllowed
	// Unavailable means the server cannot reach what it depends on, such as its database, for
	// now; Error.RetryAfter says when to try again. A write that fails this way may still
	// have been stored.
	Unavailable
)

// Error is an error with a kind that a client may see. Detail and Fields are sent to the
// client; Err, the underlying cause, is only logged.
type Error struct {
	Kind   Kind
	Detail string
	// Fields maps a request field to what is wrong with it (Invalid, sometimes Conflict).
	Fields map[string]string
	// RetryAfter is the number of seconds a client should wait (TooManyRequests, Unavailable).
	RetryAfter int
	// Current is the current state of what the request clashed with (Conflict,
	// PreconditionFailed), sent as the document's "current" member, so that a client that
	// lost a race learns what it lost to without asking again. It must encode as JSON.
	Current any
	// Err is the internal cause, for logs only.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Detail, e.Err)
	}
	return e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an *Error of the given kind with a formatted detail.
func New(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}

// Validation returns an Invalid error listing what is wrong with each field.
func Validation(fields map[string]string) *Error {
	return &Error{Kind: Invalid, Detail: "The request has invalid fields.", Fields: fields}
}

// KindOf reports the kind of err: the kind of the first *Error in its chain, else Internal.
func KindOf(err error) Kind {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Kind
	}
	return Internal
}
