package trf

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckStandardPoints(t *testing.T) {
	tests := []struct {
		name  string
		lines string
		err   string // "" when the file scores the standard way
	}{
		{"no record", "", ""},
		{"162 with the defaults", "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n", ""},
		{"162 with a draw alone", "162  D 0.5\n", ""},
		{"bbpPairings' records with the defaults", "BBW  1.0\nBBD  0.5\nBBL  0.0\nBBZ  0.0\nBBF  0.0\nBBU  1.0\n", ""},
		{"a comment and an unknown tag", "### 162  W 3.0\nXYZ 3.0\n", ""},
		{"three points a win", "162  W 3.0    D 1.0\n", "W 3.0 changes the standard points"},
		{"a draw worth more later on the line", "162  W 1.0    D 1.0\n", "D 1.0 changes"},
		{"a pairing-allocated bye worth half", "162  P 0.5\n", "P 0.5 changes"},
		{"an unknown code", "162  Q 1.0\n", "'Q' is not a result code"},
		{"not a number", "162  W one\n", "is not a number of points"},
		{"misplaced code", "162 W  1.0\n", "columns 4-5 must be blank"},
		{"bbpPairings' win", "BBW  3.0\n", "BBW 3.0 changes"},
		{"bbpPairings' pairing bye", "BBU  0.5\n", "BBU 0.5 changes"},
		{"JaVaFo's scoring", "XXS W=1.0\n", "XXS"},
		{"an abnormal assignment", "299 W   1.0  0.5 003    1\n", "299"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(small + tt.lines))
			if err != nil {
				t.Fatal(err)
			}
			err = tour.CheckStandardPoints()
			if tt.err == "" {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line != strings.Count(small, "\n")+1 || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want one on line %d with %q", err, strings.Count(small, "\n")+1, tt.err)
			}
		})
	}
}
