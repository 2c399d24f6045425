package trf

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAccelerations(t *testing.T) {
	tests := []struct {
		name string
		line string
		want Acceleration
	}{
		{"the format's layout", "250       1.0 001 003    1   90", Acceleration{2, 1, 3, 1, 90}},
		{"zero match points, padded numbers", "250 00.0 00.5 004 006 0001 0090", Acceleration{1, 4, 6, 1, 90}},
		{"one round, one player", "250       2.5 002 002   17   17", Acceleration{5, 2, 2, 17, 17}},
		{"trailing blanks", "250       1.0 001 001    1    2   ", Acceleration{2, 1, 1, 1, 2}},
		{"whole points without a decimal", "250         1 001 001    1    2", Acceleration{2, 1, 1, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(small + tt.line + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := tour.Accelerations()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]Acceleration{tt.want}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestAccelerationsBad(t *testing.T) {
	line := strings.Count(small, "\n") + 1 // the 250 line comes last
	tests := []struct {
		name, line string
		col        int
		msg        string
	}{
		{"short", "250       1.0 001 003    1", 27, "ends at column 26"},
		{"match points", "250  2.0  1.0 001 003    1   90", 5, "team competitions"},
		{"zero points", "250       0.0 001 003    1   90", 10, "more than 0.0"},
		{"points not in half points", "250       0.3 001 003    1   90", 13, "whole or half"},
		{"round 0", "250       1.0 000 003    1   90", 15, "first round 0"},
		{"rounds reversed", "250       1.0 004 003    1   90", 19, "comes before"},
		{"players reversed", "250       1.0 001 003   91   90", 28, "comes before"},
		{"player not a number", "250       1.0 001 003    x   90", 26, `"   x" is not a number`},
		{"no blank between rounds", "250       1.0 0010003    1   90", 18, "column 18 must be blank"},
		{"something after", "250       1.0 001 003    1   90 x", 32, "nothing may follow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(small + tt.line + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = tour.Accelerations()
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line != line || se.Column != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("error %v, want line %d column %d %q", err, line, tt.col, tt.msg)
			}
		})
	}
}

// TestSetAccelerations replaces a file's 250 records and writes them where the format puts
// them; reading the file again gives them back, and the other lines keep their places.
func TestSetAccelerations(t *testing.T) {
	tour, err := Read(strings.NewReader(small + "250       1.0 001 001    1    2\n### after\n"))
	if err != nil {
		t.Fatal(err)
	}
	acc := []Acceleration{{2, 1, 2, 1, 2}, {1, 3, 3, 1, 2}}
	if err := tour.SetAccelerations(acc); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	want := small + "### after\n250       1.0 001 002    1    2\n250       0.5 003 003    1    2\n"
	if out.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", out.String(), want)
	}
	again, err := Read(&out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := again.Accelerations()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(acc, got); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	for _, bad := range []Acceleration{{0, 1, 1, 1, 1}, {2, 2, 1, 1, 1}, {2, 1, 1, 0, 1}, {2, 1, 1, 5, 4}, {2, 1, MaxRounds + 1, 1, 1}, {200, 1, 1, 1, 1}} {
		if err := tour.SetAccelerations([]Acceleration{bad}); err == nil {
			t.Errorf("SetAccelerations(%+v): no error", bad)
		}
	}
	if got, _ := tour.Accelerations(); len(got) != 2 {
		t.Errorf("a refused SetAccelerations changed the records: %v", got)
	}
}
