package jsonhttp

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/problem"
)

func TestFields_TextAndLine(t *testing.T) {
	tests := []struct {
		name      string
		value     any
		wantLine  string // the error Line reports, "" for none
		wantText  string // the error Text reports
		wantValue string // the value both return when valid
	}{
		{"plain", "Magnus Carlsen", "", "", "Magnus Carlsen"},
		{"trimmed", "  Magnus \t", "", "", "Magnus"},
		{"Unicode and emoji", "Ōkami 🐺 龍", "", "", "Ōkami 🐺 龍"},
		{"emoji joined with ZWJ", "👨\u200d👩\u200d👧 family", "", "", "👨\u200d👩\u200d👧 family"},
		{"Arabic", "شطرنج", "", "", "شطرنج"},
		{"newline", "first\nsecond", "must be a single line without tabs", "", "first\nsecond"},
		{"inner tab", "a\tb", "must be a single line without tabs", "", "a\tb"},
		{"NUL", "a\x00b", "must not contain control characters", "must not contain control characters", ""},
		{"bell", "a\x07b", "must not contain control characters", "must not contain control characters", ""},
		{"C1 control", "a\u0085b", "must not contain control characters", "must not contain control characters", ""},
		{"right-to-left override", "evil\u202Egnp.exe", "must not contain bidirectional control characters", "must not contain bidirectional control characters", ""},
		{"isolate", "a\u2066b", "must not contain bidirectional control characters", "must not contain bidirectional control characters", ""},
		{"only zero-width space", "\u200b", "must contain visible characters", "must contain visible characters", ""},
		{"only a combining mark and space", "\u0301", "", "", "\u0301"},
		{"not a string", 42, "must be a string", "must be a string", ""},
		{"too long", strings.Repeat("é", 21), "must be 1 to 20 characters long", "must be 1 to 20 characters long", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.value)
			for _, c := range []struct {
				kind string
				call func(*Fields) *string
				want string
			}{
				{"Line", func(f *Fields) *string { return f.Line("v", 1, 20, true) }, tc.wantLine},
				{"Text", func(f *Fields) *string { return f.Text("v", 1, 20, true) }, tc.wantText},
			} {
				f := NewFields(Object{"v": raw})
				got := c.call(f)
				if f.Errors["v"] != c.want {
					t.Errorf("%s: error %q, want %q", c.kind, f.Errors["v"], c.want)
				}
				if c.want == "" && (got == nil || *got != tc.wantValue) {
					t.Errorf("%s: value %v, want %q", c.kind, got, tc.wantValue)
				}
			}
			// CheckLine is Line's rule on its own, for texts that do not come as JSON.
			if s, ok := tc.value.(string); ok && !strings.HasPrefix(tc.wantLine, "must be 1 to") {
				if got := CheckLine(strings.TrimSpace(s)); got != tc.wantLine {
					t.Errorf("CheckLine: %q, want %q", got, tc.wantLine)
				}
			}
		})
	}
}

func TestFields_Int(t *testing.T) {
	const (
		accepted = iota
		malformed
		invalid
	)
	tests := []struct {
		raw  string
		want int64
		kind int
		msg  string
	}{
		{"3", 3, accepted, ""}, {"0", 0, accepted, ""}, {"-0", 0, accepted, ""}, {"10", 10, accepted, ""},
		// Integral values however they are written.
		{"3.0", 3, accepted, ""}, {"3.000", 3, accepted, ""}, {"1e1", 10, accepted, ""}, {"1E+1", 10, accepted, ""},
		{"0.5e1", 5, accepted, ""}, {"50e-1", 5, accepted, ""}, {"-0.0e-5", 0, accepted, ""}, {"0e999999999999", 0, accepted, ""},
		{"0.000000000000000000000000000003e30", 3, accepted, ""}, {"0.00000000000000000000000000003e31", 300, invalid, "must be between 0 and 10"},
		// Not integers: 400, naming the field.
		{"2.5", 0, malformed, "must be an integer"}, {"1e-1", 0, malformed, "must be an integer"},
		{"1e-400", 0, malformed, "must be an integer"}, {"3.0000000000000000000001", 0, malformed, "must be an integer"},
		{"1e-99999999999999999999", 0, malformed, "must be an integer"},
		// Integers beyond what an integer field can hold (int64): 400, naming the field's range.
		{"1e400", 0, malformed, "must be between 0 and 10"},
		{"99999999999999999999", 0, malformed, "must be between 0 and 10"},
		{"9223372036854775808", 0, malformed, "must be between 0 and 10"},
		{"1e99999999999999999999", 0, malformed, "must be between 0 and 10"},
		// Integers outside the field's own range: 422.
		{"11", 0, invalid, "must be between 0 and 10"}, {"-1", 0, invalid, "must be between 0 and 10"},
		{"1.1e1", 0, invalid, "must be between 0 and 10"}, {"9223372036854775807", 0, invalid, "must be between 0 and 10"},
		{"-9223372036854775808", 0, invalid, "must be between 0 and 10"},
		// Not numbers: 422.
		{`"3"`, 0, invalid, "must be an integer"}, {"true", 0, invalid, "must be an integer"}, {"[1]", 0, invalid, "must be an integer"},
	}
	for _, tc := range tests {
		f := NewFields(Object{"n": json.RawMessage(tc.raw)})
		got := f.Int("n", 0, 10)
		err := f.Err()
		switch tc.kind {
		case accepted:
			if err != nil || got == nil || *got != tc.want {
				t.Errorf("Int(%s) = %v, %v; want %d", tc.raw, got, err, tc.want)
			}
			continue
		case malformed:
			if problem.KindOf(err) != problem.Malformed {
				t.Errorf("Int(%s): %v, want a Malformed problem", tc.raw, err)
			}
		case invalid:
			if problem.KindOf(err) != problem.Invalid {
				t.Errorf("Int(%s): %v, want an Invalid problem", tc.raw, err)
			}
		}
		if got != nil || f.Errors["n"] != tc.msg {
			t.Errorf("Int(%s) = %v, error %q; want %q", tc.raw, got, f.Errors["n"], tc.msg)
		}
	}
}

func TestFields_Bool(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		raw  string
		want *bool
		msg  string
	}{
		{"true", &yes, ""}, {"false", &no, ""}, {" true ", &yes, ""}, {"null", nil, ""},
		{`"true"`, nil, "must be true or false"}, {"1", nil, "must be true or false"}, {"[]", nil, "must be true or false"},
	}
	for _, tc := range tests {
		f := NewFields(Object{"b": json.RawMessage(tc.raw)})
		got := f.Bool("b")
		if !cmp.Equal(got, tc.want) || f.Errors["b"] != tc.msg {
			t.Errorf("Bool(%s) = %v, error %q; want %v, %q", tc.raw, got, f.Errors["b"], tc.want, tc.msg)
		}
		if tc.msg != "" && problem.KindOf(f.Err()) != problem.Invalid {
			t.Errorf("Bool(%s): %v, want an Invalid problem", tc.raw, f.Err())
		}
	}
}

// TestFields_MalformedWinsButAllAreListed: one field that cannot be read makes the whole
// request 400, and the problem still lists what is wrong with the others.
func TestFields_MalformedWinsButAllAreListed(t *testing.T) {
	f := NewFields(Object{"n": json.RawMessage("2.5"), "s": json.RawMessage("1")})
	f.Int("n", 0, 10)
	f.Line("s", 1, 5, true)
	var pe *problem.Error
	if !errors.As(f.Err(), &pe) || pe.Kind != problem.Malformed {
		t.Fatalf("Err() = %v, want Malformed", f.Err())
	}
	if diff := cmp.Diff(map[string]string{"n": "must be an integer", "s": "must be a string"}, pe.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

func TestParseObject(t *testing.T) {
	for _, tc := range []struct {
		body string
		ok   bool
	}{
		{`{"a":1}`, true}, {` {"a":1} `, true}, {`{}`, true},
		{``, false}, {`   `, false}, {`null`, false}, {`[]`, false}, {`"x"`, false}, {`{"a":`, false},
		{`{"a":1}{"b":2}`, false}, {`{"a":1} x`, false}, {`{'a':1}`, false},
	} {
		_, err := ParseObject([]byte(tc.body))
		if (err == nil) != tc.ok {
			t.Errorf("ParseObject(%q): %v", tc.body, err)
		}
	}
}
