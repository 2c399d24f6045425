package jsonhttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
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
func (f *Fields) Int(name string, minV, maxV int64) *int64 {
	v, ok := f.raw(name)
	if !ok {
		return nil
	}
	var n json.Number
	if v[0] == '"' { // json.Number would accept a quoted number
		f.Fail(name, "must be an integer")
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&n); err != nil {
		f.Fail(name, "must be an integer")
		return nil
	}
	i, err := n.Int64()
	if err != nil {
		fl, ferr := n.Float64()
		if ferr != nil || fl != math.Trunc(fl) || math.Abs(fl) > 1<<53 {
			f.Fail(name, "must be an integer")
			return nil
		}
		i = int64(fl)
	}
	if i < minV || i > maxV {
		f.Fail(name, "must be between %d and %d", minV, maxV)
		return nil
	}
	return &i
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

// Err returns a validation problem when any field failed, else nil.
func (f *Fields) Err() error {
	if len(f.Errors) == 0 {
		return nil
	}
	return problem.Validation(f.Errors)
}

// Ignore marks members as handled without decoding them.
func (f *Fields) Ignore(names ...string) {
	for _, n := range names {
		f.seen[n] = true
	}
}
