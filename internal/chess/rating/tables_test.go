package rating

import "testing"

// TestRatingDifference checks entries of the table of B.02 8.1.1 (p → dp) read off the
// regulations, and its symmetry below 0.50.
func TestRatingDifference(t *testing.T) {
	tests := []struct{ p, dp int }{
		{100, 800}, {99, 677}, {90, 366}, {83, 273}, {76, 202}, {75, 193}, {67, 125},
		{60, 72}, {55, 36}, {51, 7}, {50, 0}, {49, -7}, {25, -193}, {1, -677}, {0, -800},
		{120, 800}, {-5, -800}, // clamped
	}
	for _, tt := range tests {
		if got := RatingDifference(tt.p); got != tt.dp {
			t.Errorf("RatingDifference(%d) = %d, want %d", tt.p, got, tt.dp)
		}
	}
}

// TestExpectedScore checks the bounds of the ranges of the table of B.02 8.1.2 (D → PD), on
// both sides of each bound, for the higher- and the lower-rated player.
func TestExpectedScore(t *testing.T) {
	tests := []struct{ d, pd int }{
		{0, 50}, {3, 50}, {4, 51}, {10, 51}, {11, 52}, {25, 53}, {26, 54},
		{198, 76}, {206, 76}, {207, 77}, {391, 91}, {392, 92}, {400, 92}, {411, 92},
		{619, 98}, {620, 99}, {735, 99}, {736, 100}, {2000, 100},
		{-3, 50}, {-4, 49}, {-200, 24}, {-400, 8}, {-736, 0},
	}
	for _, tt := range tests {
		if got := ExpectedScore(tt.d); got != tt.pd {
			t.Errorf("ExpectedScore(%d) = %d, want %d", tt.d, got, tt.pd)
		}
	}
	// The table is monotone, and the two players' expectations add up to one.
	for d := -1000; d <= 1000; d++ {
		if ExpectedScore(d)+ExpectedScore(-d) != 100 {
			t.Fatalf("PD(%d) + PD(%d) != 1.00", d, -d)
		}
		if ExpectedScore(d) < ExpectedScore(d-1) {
			t.Fatalf("PD falls from D=%d to D=%d", d-1, d)
		}
	}
}
