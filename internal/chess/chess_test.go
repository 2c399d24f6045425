package chess

import "testing"

func TestResult(t *testing.T) {
	tests := []struct {
		code                               Result
		score                              Score
		played, rated, bye, forfeit, valid bool
	}{
		{Win, 2, true, true, false, false, true},
		{Draw, 1, true, true, false, false, true},
		{Loss, 0, true, true, false, false, true},
		{ForfeitWin, 2, false, false, false, true, true},
		{ForfeitLoss, 0, false, false, false, true, true},
		{UnratedWin, 2, true, false, false, false, true},
		{UnratedDraw, 1, true, false, false, false, true},
		{UnratedLoss, 0, true, false, false, false, true},
		{PairingBye, 2, false, false, true, false, true},
		{HalfBye, 1, false, false, true, false, true},
		{FullBye, 2, false, false, true, false, true},
		{ZeroBye, 0, false, false, true, false, true},
		{NoResult, 0, false, false, false, false, true},
		{'X', 0, false, false, false, false, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.code), func(t *testing.T) {
			r := tt.code
			if got := r.Score(); got != tt.score {
				t.Errorf("Score() = %d, want %d", got, tt.score)
			}
			if got := r.Played(); got != tt.played {
				t.Errorf("Played() = %v, want %v", got, tt.played)
			}
			if got := r.Rated(); got != tt.rated {
				t.Errorf("Rated() = %v, want %v", got, tt.rated)
			}
			if got := r.Bye(); got != tt.bye {
				t.Errorf("Bye() = %v, want %v", got, tt.bye)
			}
			if got := r.Forfeit(); got != tt.forfeit {
				t.Errorf("Forfeit() = %v, want %v", got, tt.forfeit)
			}
			if got := r.Valid(); got != tt.valid {
				t.Errorf("Valid() = %v, want %v", got, tt.valid)
			}
		})
	}
}

func TestScoreString(t *testing.T) {
	for s, want := range map[Score]string{0: "0.0", 1: "0.5", 2: "1.0", 9: "4.5", 22: "11.0"} {
		if got := s.String(); got != want {
			t.Errorf("Score(%d).String() = %q, want %q", s, got, want)
		}
	}
}

func TestColour(t *testing.T) {
	if White.Opposite() != Black || Black.Opposite() != White || NoColour.Opposite() != NoColour {
		t.Error("Opposite is not an involution on White/Black, or moves NoColour")
	}
	if White.String() != "w" || Black.String() != "b" || NoColour.String() != "-" {
		t.Error("String does not give TRF's w, b, -")
	}
}
