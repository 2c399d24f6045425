package chess

import (
	"strings"
	"testing"
)

// TestPointSystem maps every result code to the points of C.04 Annex 2, record 162.
func TestPointSystem(t *testing.T) {
	ps := PointSystem{Win: 6, Draw: 2, Loss: 1, ForfeitLoss: 3, ZeroBye: 4, PairingBye: 5}
	want := map[Result]Score{
		Win: 6, ForfeitWin: 6, UnratedWin: 6, FullBye: 6,
		Draw: 2, UnratedDraw: 2, HalfBye: 2,
		Loss: 1, UnratedLoss: 1,
		ForfeitLoss: 3, ZeroBye: 4, PairingBye: 5, NoResult: 0,
	}
	for r, w := range want {
		if got := ps.Points(r); got != w {
			t.Errorf("Points(%c) = %d, want %d", r, got, w)
		}
		if got := (PointSystem{}).Points(r); got != r.Score() {
			t.Errorf("the zero value's Points(%c) = %d, want the standard %d", r, got, r.Score())
		}
	}
	if !(PointSystem{}).Standard() || !StandardPoints.Standard() || ps.Standard() {
		t.Error("Standard is wrong")
	}
}

func TestPointSystemValidate(t *testing.T) {
	tests := []struct {
		ps  PointSystem
		err string
	}{
		{PointSystem{}, ""},
		{PointSystem{Win: 6, Draw: 2, PairingBye: 6}, ""},
		{PointSystem{Win: 2, Draw: 2, Loss: 2, PairingBye: 0}, ""},
		{PointSystem{Win: 2, Draw: 3}, "a win (1.0) must give at least a draw's points (1.5)"},
		{PointSystem{Win: 2, Draw: 1, Loss: 2}, "and a draw at least a loss's (1.0)"},
		{PointSystem{Win: 200, Draw: 1}, "points for a win: 100.0 is outside 0.0..99.5"},
		{PointSystem{Win: 2, Draw: 1, ZeroBye: -1}, "points for a zero-point bye"},
	}
	for _, tt := range tests {
		err := tt.ps.Validate()
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("Validate(%+v) = %v, want %q", tt.ps, err, tt.err)
		}
	}
}
