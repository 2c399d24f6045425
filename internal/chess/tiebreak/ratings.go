package tiebreak

import (
	"slices"

	"campus.example/apps/internal/chess/rating"
)

// opponentRatings returns the ratings of a player's opponents over the board (C.07 10: forfeits
// and byes are left out, in a round robin too, 15.2), with the points scored against them in
// half points; unrated opponents count with /Un. The points are the games' own (win 1, draw ½),
// whatever the event's point system: a performance is an Elo figure (B.02), which knows no
// other scoring.
func (c *calc) opponentRatings(e *entrant, unrated int) (ratings []int, score int64) {
	for _, r := range e.rounds {
		if !r.otb() {
			continue
		}
		rt := c.es[r.opp].rating
		if rt == 0 {
			rt = unrated
		}
		ratings = append(ratings, rt)
		score += int64(r.result.Score())
	}
	return ratings, score
}

// ratingsValid reports whether the rating tie-breaks have values: C.07 10 drops them when an
// unrated player takes part, unless the event's regulations give unrated players a rating
// (/Un).
func (c *calc) ratingsValid(s Spec) bool {
	if s.Unrated > 0 {
		return true
	}
	for i := range c.es {
		if c.es[i].rating == 0 {
			return false
		}
	}
	return true
}

// performance computes ARO (C.07 10.1), TPR (10.2) or PTP (10.3) for every player. ARO takes
// the cut modifiers (14.1, cutting the lowest ratings first).
func (c *calc) performance(s Spec) []Value {
	out := make([]Value, len(c.es))
	valid := c.ratingsValid(s)
	for i := range c.es {
		ratings, score := c.opponentRatings(&c.es[i], s.Unrated)
		if !valid || len(ratings) == 0 {
			out[i] = none(0)
			continue
		}
		if s.Low > 0 || s.High > 0 {
			slices.Sort(ratings)
			low := min(s.Low, c.rounds)
			high := min(s.High, c.rounds-low)
			ratings = ratings[min(low, len(ratings)):]
			ratings = ratings[:len(ratings)-min(high, len(ratings))]
			if len(ratings) == 0 {
				out[i] = none(0)
				continue
			}
		}
		switch s.Name {
		case "ARO":
			out[i] = whole(aro(ratings))
		case "TPR":
			out[i] = whole(tpr(ratings, score))
		case "PTP":
			out[i] = whole(ptp(ratings, score))
		}
	}
	return out
}

// aro is the average rating of the opponents, to the nearest whole number, halves up (10.1).
func aro(ratings []int) int64 {
	var sum int64
	for _, r := range ratings {
		sum += int64(r)
	}
	return roundHalfUp(sum, int64(len(ratings)))
}

// tpr is ARO plus the rating difference dp that the fractional score p gives in the table of
// B.02 8.1.1, p taken to the nearest hundredth, halves up (10.2).
func tpr(ratings []int, halfPoints int64) int64 {
	p := roundHalfUp(100*halfPoints, 2*int64(len(ratings)))
	return aro(ratings) + int64(rating.RatingDifference(int(p)))
}

// ptp is the lowest whole rating whose expected score against the opponents, by the table of
// B.02 8.1.2 over its full scale, reaches the score (10.3); for a zero score it is the lowest
// opponent's rating less 800.
func ptp(ratings []int, halfPoints int64) int64 {
	lo, hi := slices.Min(ratings)-800, slices.Max(ratings)+800
	if halfPoints == 0 {
		return int64(lo)
	}
	enough := func(r int) bool {
		var expected int64 // hundredths
		for _, o := range ratings {
			expected += int64(rating.ExpectedScore(r - o))
		}
		return expected >= 50*halfPoints
	}
	// enough(lo) is false (every expectation is 0) and enough(hi) true (every one is 1.00).
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if enough(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return int64(hi)
}

// averagePerformance computes APRO (C.07 10.4) or APPO (10.5): the average of the TPR or PTP of
// the opponents met over the board, each meeting counted, to the nearest whole number, halves
// away from zero; no value when none of them has one.
func (c *calc) averagePerformance(s Spec) []Value {
	base := s
	base.Name = "TPR"
	if s.Name == "APPO" {
		base.Name = "PTP"
	}
	perf := c.performance(base)
	out := make([]Value, len(c.es))
	for i := range c.es {
		var sum, n int64
		for _, r := range c.es[i].rounds {
			if r.otb() && perf[r.opp].ok {
				sum += perf[r.opp].units
				n++
			}
		}
		if n == 0 {
			out[i] = none(0)
			continue
		}
		out[i] = whole(roundHalfAway(sum, n))
	}
	return out
}

// roundHalfAway rounds n/d to the nearest whole number, halves away from zero, for any sign
// of n (a performance can be negative); d > 0.
func roundHalfAway(n, d int64) int64 {
	if n < 0 {
		return -roundHalfUp(-n, d)
	}
	return roundHalfUp(n, d)
}

// ownRating computes RTNG (C.07 10.6): the player's rating, or /Un for an unrated player.
func (c *calc) ownRating(s Spec) []Value {
	out := make([]Value, len(c.es))
	valid := c.ratingsValid(s)
	for i := range c.es {
		r := c.es[i].rating
		if r == 0 {
			r = s.Unrated
		}
		if !valid {
			out[i] = none(0)
		} else {
			out[i] = whole(int64(r))
		}
	}
	return out
}
