package tournament

import (
	"fmt"
	"unicode/utf8"
)

// Kind says what a refusal is about: what the person asking can do about it. The club's API
// answers each kind with its status (package play maps them, in one place).
type Kind int

const (
	// Invalid: values that break a rule (a field, a proposed pairing, a file to import);
	// Error.Fields names them.
	Invalid Kind = iota + 1
	// NotFound: no such round, board or player in the tournament.
	NotFound
	// Conflict: the tournament's state does not allow it; Error.Current says what the
	// state is.
	Conflict
	// Malformed: a request that cannot be read at all, such as a tie-break list.
	Malformed
)

// Error is a refusal by the rules of a tournament or by its state: what was refused and why,
// in words a person can act on. Detail, Fields and Current are for the person; Err, an
// underlying cause, is not.
type Error struct {
	Kind   Kind
	Detail string
	// Fields maps a value at fault (a request's field, "file", "boards[2].white") to what is
	// wrong with it.
	Fields map[string]string
	// Current is the state of what the request clashed with (Kind Conflict), such as the
	// tournament's (Tournament.Current); it encodes as JSON.
	Current any
	// Err is the underlying cause, for logs only.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Detail, e.Err)
	}
	return e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

// refuse returns an *Error of kind with a formatted detail.
func refuse(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}

// invalid returns an Invalid error naming what is wrong with each value at fault.
func invalid(fields map[string]string) *Error {
	return &Error{Kind: Invalid, Detail: "The request has invalid fields.", Fields: fields}
}

// MaxImportMessage is the most characters of the fault that a refusal of a file to import
// names: a fault may quote what the file holds, which is the sender's text and not worth
// sending back at length.
const MaxImportMessage = 300

// ImportInvalid is the refusal of a file that reads as TRF but cannot be imported. It names
// one fault, the first found, cut to MaxImportMessage characters.
func ImportInvalid(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if utf8.RuneCountInString(msg) > MaxImportMessage {
		msg = string([]rune(msg)[:MaxImportMessage-1]) + "…"
	}
	return &Error{Kind: Invalid, Detail: "The TRF file cannot be imported.", Fields: map[string]string{"file": msg}}
}
