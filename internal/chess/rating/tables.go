package rating

// dpByP is the table of B.02 8.1.1: the rating difference dp that a fractional score p gives,
// for p from 0.50 to 1.00 in hundredths (index p−50). Below 0.50, dp(p) = −dp(1−p).
var dpByP = [51]int{
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // 0.50-0.59
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // 0.60-0.69
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // 0.70-0.79
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // 0.80-0.89
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // 0.90-0.99
	800, // 1.00
}

// pdUpTo is the table of B.02 8.1.2: the scoring probability of the higher-rated player is
// 0.50 + i/100 for a rating difference D up to pdUpTo[i] (0-3 gives 0.50, 4-10 gives 0.51, and
// so on); above the last bound, 735, it is 1.00.
var pdUpTo = [50]int{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68, // 0.50-0.59
	76, 83, 91, 98, 106, 113, 121, 129, 137, 145, // 0.60-0.69
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235, // 0.70-0.79
	245, 256, 267, 278, 290, 302, 315, 328, 344, 357, // 0.80-0.89
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735, // 0.90-0.99
}

// RatingDifference returns dp for a fractional score p in hundredths (0 to 100), from the table
// of B.02 8.1.1: 800 for p = 100 and −800 for p = 0. p outside 0..100 is clamped.
func RatingDifference(p int) int {
	p = min(max(p, 0), 100)
	if p < 50 {
		return -dpByP[50-p]
	}
	return dpByP[p-50]
}

// ExpectedScore returns PD, in hundredths, for a player whose rating is d points above the
// opponent's (d < 0: below), from the table of B.02 8.1.2, over its full scale: 100 beyond a
// difference of 735. Callers that must apply the 400-point rule (B.02 8.3.1) cap d first;
// see Change.
func ExpectedScore(d int) int {
	a := d
	if a < 0 {
		a = -a
	}
	pd := 100
	for i, bound := range pdUpTo {
		if a <= bound {
			pd = 50 + i
			break
		}
	}
	if d < 0 {
		return 100 - pd
	}
	return pd
}
