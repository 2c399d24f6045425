package trf

import (
	"errors"
	"strings"
	"testing"
)

// TestReadLimited checks that a file beyond its limits is refused at the first line over
// them, and that one within them reads as Read reads it.
func TestReadLimited(t *testing.T) {
	lim := Limits{Lines: 20, LineBytes: 200}
	tests := []struct {
		name, file string
		want       *SyntaxError // nil: read
	}{
		{"the small file", small, nil},
		{"20 lines", strings.Repeat("\n", 20), nil},
		{"21 lines", strings.Repeat("\n", 21), &SyntaxError{Line: 21, Msg: "more than 20 lines (the limit)"}},
		{"21 lines ended by CR", strings.Repeat("\r", 21), &SyntaxError{Line: 21, Msg: "more than 20 lines (the limit)"}},
		{"20 lines ended by CR LF", strings.Repeat("\r\n", 20), nil},
		{"a last line without an end", strings.Repeat("\n", 20) + "x", &SyntaxError{Line: 21, Msg: "more than 20 lines (the limit)"}},
		{"a line of 200 bytes", "012 " + strings.Repeat("é", 98), nil},
		{"a line of 201 bytes", "012 Club\n### " + strings.Repeat("x", 197) + "\n", &SyntaxError{Line: 2, Msg: "longer than 200 bytes (the limit)"}},
		{"a player line of 201 bytes", "001    1      " + strings.Repeat(" ", 187), &SyntaxError{Line: 1, Msg: "longer than 200 bytes (the limit)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadLimited(strings.NewReader(tc.file), lim)
			var se *SyntaxError
			switch {
			case tc.want == nil && err != nil:
				t.Fatalf("ReadLimited: %v", err)
			case tc.want != nil && !errors.As(err, &se):
				t.Fatalf("ReadLimited: %v, want %v", err, tc.want)
			case tc.want != nil && *se != *tc.want:
				t.Fatalf("ReadLimited: %v, want %v", se, tc.want)
			}
		})
	}
}

// TestLine checks the line numbers a read file gives its values.
func TestLine(t *testing.T) {
	tour, err := Read(strings.NewReader("\ufeff" + small))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tag         string
		index, want int
	}{
		{"012", 0, 1}, {"102", 0, 4}, {"112", 0, 5}, {"112", 1, 6}, {"XXC", 0, 8},
		{"001", 0, 10}, {"001", 3, 13}, {"001", 4, 0}, {"122", 0, 0}, {"112", 2, 0},
	} {
		if got := tour.Line(tc.tag, tc.index); got != tc.want {
			t.Errorf("Line(%q, %d) = %d, want %d", tc.tag, tc.index, got, tc.want)
		}
	}
	if got := (&Tournament{Name: "Built"}).Line("012", 0); got != 0 {
		t.Errorf("a built Tournament's line: %d", got)
	}
}
