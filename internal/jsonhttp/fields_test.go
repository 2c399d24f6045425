package jsonhttp

import (
	"encoding/json"
	"strings"
	"testing"
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
		})
	}
}

func TestFields_Int(t *testing.T) {
	tests := []struct {
		raw  string
		want int64
		err  bool
	}{
		{"3", 3, false}, {"3.0", 3, false}, {"-0", 0, false}, {`"3"`, 0, true}, {"2.5", 0, true},
		{"1e400", 0, true}, {"11", 0, true}, {"-1", 0, true}, {"true", 0, true}, {"[1]", 0, true},
	}
	for _, tc := range tests {
		f := NewFields(Object{"n": json.RawMessage(tc.raw)})
		got := f.Int("n", 0, 10)
		if tc.err != (f.Errors["n"] != "") || (!tc.err && (got == nil || *got != tc.want)) {
			t.Errorf("Int(%s) = %v, error %q", tc.raw, got, f.Errors["n"])
		}
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
