package swiss

import (
	"errors"
	"fmt"
	"testing"

	"campus.example/apps/internal/chess/trf"
)

// fileWith returns a tournament of n players and `rounds` rounds whose other records are
// lines.
func fileWith(n, rounds int, lines ...string) *trf.Tournament {
	t := &trf.Tournament{TotalRounds: rounds, Other: lines}
	for id := 1; id <= n; id++ {
		t.Players = append(t.Players, trf.Player{StartRank: id, Name: "P"})
	}
	return t
}

// TestReadAcceleration reads what files say of their acceleration, and compares it with
// Baku's by the virtual points each player gets in each round, however it is written.
func TestReadAcceleration(t *testing.T) {
	baku, err := Baku(ids(8), 5)
	if err != nil {
		t.Fatal(err)
	}
	xxa := func(id int, pts string) string { return fmt.Sprintf("XXA %4d %s", id, pts) }
	tests := []struct {
		name     string
		lines    []string
		wantBaku string
		given    int  // accelerations read
		same     bool // the same virtual points as Baku's
		invalid  bool
	}{
		{name: "none", lines: []string{"XXR 5", "192 FIDE_DUTCH_2025"}, same: false},
		{name: "192 Baku alone", lines: []string{"192 FIDE_DUTCH_2025_BAKU"}, wantBaku: "192 FIDE_DUTCH_2025_BAKU"},
		{name: "a later 192 replaces it", lines: []string{"192 FIDE_DUTCH_BAKU", "192 FIDE_DUTCH_2025"}},
		{name: "250 as Baku writes them", lines: []string{"250       1.0 001 002    1    4", "250       0.5 003 003    1    4"}, given: 2, same: true},
		{name: "250 split by player", lines: []string{"250       1.0 001 002    1    2", "250       1.0 001 002    3    4", "250       0.5 003 003    1    4"}, given: 3, same: true},
		{name: "250 overridden by a later one", lines: []string{"250       1.0 001 003    1    4", "250       0.5 003 003    1    4"}, given: 2, same: true},
		{name: "XXA lines", lines: []string{xxa(1, " 1.0  1.0  0.5"), xxa(2, " 1.0  1.0  0.5"), xxa(3, " 1.0  1.0  0.5"), xxa(4, " 1.0  1.0  0.5")}, given: 8, same: true},
		{name: "group A too small", lines: []string{"250       1.0 001 002    1    2", "250       0.5 003 003    1    2"}, given: 2},
		{name: "a round too many", lines: []string{"250       1.0 001 003    1    4", "250       0.5 004 004    1    4"}, given: 2},
		{name: "an unreadable 250", lines: []string{"250  1.0 001 002    1    2"}, invalid: true},
		{name: "XXA of a stranger", lines: []string{xxa(9, " 1.0")}, invalid: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadAcceleration(fileWith(8, 5, tc.lines...), 5)
			if tc.invalid {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("error %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Baku != tc.wantBaku || len(got.Given) != tc.given {
				t.Errorf("read %+v; want Baku %q and %d accelerations", got, tc.wantBaku, tc.given)
			}
			if got.Accelerated() != (tc.given > 0 || tc.wantBaku != "") {
				t.Errorf("Accelerated() = %v", got.Accelerated())
			}
			if same := len(got.Given) > 0 && SameVirtualPoints(got.Given, baku, ids(8), 5); same != tc.same {
				t.Errorf("SameVirtualPoints = %v, want %v", same, tc.same)
			}
		})
	}
}

// TestCheckSystem accepts the Dutch system's 192 codes and refuses other systems and teams.
func TestCheckSystem(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
	}{
		{"192 FIDE_DUTCH_2025", true},
		{"192 FIDE_DUTCH_BAKU", true},
		{"XXR 5", true},
		{"192 FIDE_BURSTEIN_2025", false},
		{"013 Team A    1    2", false},
	} {
		err := CheckSystem(fileWith(4, 5, tc.line))
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrInvalid)) {
			t.Errorf("%q: %v", tc.line, err)
		}
	}
}
