package jsonhttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
)

// Fields decodes the members of an Object one at a time and collects what is wrong with each,
// so a client learns every problem in one response. Use it once per request; it is not safe for
// concurrent use.
type Fields struct {
	obj    Object
	seen   map[string]bool
	Errors map[string]string
	// malformed is set when a field's value cannot be read as its type at all.
	malformed bool
}

// NewFields starts decoding obj.
func NewFields(obj Object) *Fields {
	return &Fields{obj: obj, seen: map[string]bool{}, Errors: map[string]string{}}
}

// Fail records a problem with a field, keeping the first one reported.
func (f *Fields) Fail(name, format string, args ...any) {
	if _, ok := f.Errors[name]; !ok {
		f.Errors[name] = fmt.Sprintf(format, args...)
	}
}

// FailMalformed is Fail for a value that cannot be read as the field's type, such as 2.5 for
// an integer: it makes the whole request Malformed (400) rather than Invalid (422).
func (f *Fields) FailMalformed(name, format string, args ...any) {
	if _, ok := f.Errors[name]; !ok {
		f.Errors[name] = fmt.Sprintf(format, args...)
		f.malformed = true
	}
}

// Has reports whether the object holds the member, null or not.
func (f *Fields) Has(name string) bool {
	_, ok := f.obj[name]
	return ok
}

// raw returns the member and whether it is present and not null.
func (f *Fields) raw(name string) (json.RawMessage, bool) {
	f.seen[name] = true
	v, ok := f.obj[name]
	if !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return nil, false
	}
	return v, true
}

// String decodes an optional string member, trimmed of surrounding white space. It returns
// nil when the member is absent or null.
func (f *Fields) String(name string) *string {
	v, ok := f.raw(name)
	if !ok {
		return nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		f.Fail(name, "must be a string")
		return nil
	}
	s = strings.TrimSpace(s)
	return &s
}

// Text checks an optional multi-line string against a length range in characters (not
// bytes); an empty string counts as absent. It returns nil for absent, null or empty values.
// Control characters other than tab and line breaks are refused, and so are the Unicode
// bidirectional controls, which can make a text display as something else than it is
// ("Trojan Source"); a text must have at least one visible character.
func (f *Fields) Text(name string, minLen, maxLen int, required bool) *string {
	return f.text(name, minLen, maxLen, required, true)
}

// Line is Text for a single line, such as a name: tabs and line breaks are refused too.
func (f *Fields) Line(name string, minLen, maxLen int, required bool) *string {
	return f.text(name, minLen, maxLen, required, false)
}

func (f *Fields) text(name string, minLen, maxLen int, required, multiline bool) *string {
	s := f.String(name)
	if _, failed := f.Errors[name]; failed {
		return nil
	}
	if s == nil || *s == "" {
		if required {
			f.Fail(name, "is required")
		}
		return nil
	}
	if msg := checkText(*s, multiline); msg != "" {
		f.Fail(name, "%s", msg)
		return nil
	}
	if n := utf8.RuneCountInString(*s); n < minLen || n > maxLen {
		f.Fail(name, "must be %d to %d characters long", minLen, maxLen)
		return nil
	}
	return s
}

// CheckLine returns what is wrong with s as one line of user text by the rules of Line
// (length aside), in the words of a field error such as "must not contain control
// characters", or "" when nothing is. Texts that reach a service other than as JSON, such as
// the names in an imported file, go through it, so that one rule holds for both.
func CheckLine(s string) string { return checkText(s, false) }

// checkText returns what is wrong with s as user text, or "".
func checkText(s string, multiline bool) string {
	if !utf8.ValidString(s) {
		return "must be valid UTF-8 text"
	}
	visible := false
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			if !multiline {
				return "must be a single line without tabs"
			}
		case unicode.IsControl(r):
			return "must not contain control characters"
		case bidiControl(r):
			return "must not contain bidirectional control characters"
		case unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S):
			visible = true
		}
	}
	if !visible {
		return "must contain visible characters"
	}
	return ""
}

// bidiControl reports the embedding, override and isolate controls of Unicode's
// bidirectional algorithm (U+202A–U+202E, U+2066–U+2069).
func bidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// Int decodes an optional integer member within [min, max]; it returns nil when absent or null.
// A number that is not an integer, or that no int64 holds, cannot be read as the field's type
// and makes the request Malformed (400); an integer outside [min, max], or a value that is not
// a number at all, is Invalid (422). Either way the field is named.
func (f *Fields) Int(name string, minV, maxV int64) *int64 {
	v, ok := f.raw(name)
	if !ok {
		return nil
	}
	lit := string(bytes.TrimSpace(v))
	if lit == "" || (lit[0] != '-' && (lit[0] < '0' || lit[0] > '9')) {
		f.Fail(name, "must be an integer")
		return nil
	}
	i, fault := exactInt(lit)
	switch fault {
	case notIntegral:
		f.FailMalformed(name, "must be an integer")
		return nil
	case outOfRange:
		f.FailMalformed(name, "must be between %d and %d", minV, maxV)
		return nil
	}
	if i < minV || i > maxV {
		f.Fail(name, "must be between %d and %d", minV, maxV)
		return nil
	}
	return &i
}

// Bool decodes an optional boolean member; it returns nil when absent or null. Anything but
// true or false (a string "true", a number) is Invalid, with the field named.
func (f *Fields) Bool(name string) *bool {
	v, ok := f.raw(name)
	if !ok {
		return nil
	}
	switch string(bytes.TrimSpace(v)) {
	case "true":
		b := true
		return &b
	case "false":
		b := false
		return &b
	}
	f.Fail(name, "must be true or false")
	return nil
}

// RejectUnknown records every member that no decoding call asked for, and also those in
// readOnly, which clients may not set.
func (f *Fields) RejectUnknown(readOnly ...string) {
	for _, ro := range readOnly {
		if f.Has(ro) {
			f.Fail(ro, "is read-only")
			f.seen[ro] = true
		}
	}
	for name := range f.obj {
		if !f.seen[name] {
			f.Fail(name, "is not a known field")
		}
	}
}

// Err returns nil when every field was fine. Otherwise it returns a problem that lists every
// failed field: Malformed when one of them could not be read as its type, else Invalid.
func (f *Fields) Err() error {
	if len(f.Errors) == 0 {
		return nil
	}
	if f.malformed {
		return &problem.Error{Kind: problem.Malformed, Detail: "The request has fields whose values cannot be read as their type.", Fields: f.Errors}
	}
	return problem.Validation(f.Errors)
}

// Ignore marks members as handled without decoding them.
func (f *Fields) Ignore(names ...string) {
	for _, n := range names {
		f.seen[n] = true
	}
}
