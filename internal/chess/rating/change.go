package rating

import (
	"fmt"

	"campus.example/apps/internal/chess"
)

// Game is one game of a player in a tournament, as the rating sees it: the opponent's rating
// (0 when unrated) and the player's result.
type Game struct {
	OpponentRating int
	Result         chess.Result
}

// counts reports whether the game is rated for a player: played over the board and rated
// (B.02: forfeits and byes are not rated; TRF-2026's W, D, L mark unrated games), against a
// rated opponent.
func (g Game) counts() bool { return g.Result.Rated() && g.OpponentRating > 0 }

// Player is what the K factor of B.02 8.3.3 depends on.
type Player struct {
	// Rating is the player's rating at the start of the tournament.
	Rating int
	// RatedGames is the number of rated games the player had completed before it.
	RatedGames int
	// Junior is true until the end of the year of the player's 18th birthday.
	Junior bool
	// Reached2400 is true once the player's published rating has reached 2400, even if it
	// has dropped below since.
	Reached2400 bool
}

// K returns the development coefficient of B.02 8.3.3, the first that applies of:
// 40 for a player who has not yet completed 30 rated games; 40 for a junior rated under 2300;
// 10 once the published rating has reached 2400; 20 otherwise.
func K(p Player) int {
	switch {
	case p.RatedGames < 30:
		return 40
	case p.Junior && p.Rating < 2300:
		return 40
	case p.Reached2400 || p.Rating >= 2400:
		return 10
	}
	return 20
}

// LimitK applies the rule of B.02 8.3.3 for busy rating periods: when K × n exceeds 700 for
// the n games a player has in the period, K becomes the largest whole number with K × n at
// most 700.
func LimitK(k, n int) int {
	if n > 0 && k*n > 700 {
		return 700 / n
	}
	return k
}

// UncappedFrom is the rating from which the 400-point rule no longer applies: B.02 8.3.1 as
// amended from 1 October 2025 counts a difference of more than 400 points as 400 only for
// players rated below 2650; from 2650 the real difference counts, so that a top player gains
// nothing from opponents far below them.
const UncappedFrom = 2650

// Change returns a rated player's rating change over one tournament (B.02 8.3): for each rated
// game the difference D to the opponent's rating, counted as 400 when it is more and the
// player is rated below UncappedFrom (8.3.1, as amended from 1 October 2025);
// ΔR = score − PD from the table of 8.1.2 (8.3.2); the change is K × ΣΔR (8.3.2), rounded to
// the nearest whole number with halves rounded up, whether the change is positive or negative.
// Games that are not rated (see Game) are left out. k must be positive.
func Change(rating, k int, games []Game) (int, error) {
	if k <= 0 {
		return 0, fmt.Errorf("rating: K must be positive, not %d", k)
	}
	sum := 0 // ΣΔR in hundredths
	for _, g := range games {
		if !g.counts() {
			continue
		}
		d := rating - g.OpponentRating
		if rating < UncappedFrom {
			d = min(max(d, -400), 400)
		}
		sum += 50*int(g.Result.Score()) - ExpectedScore(d)
	}
	return roundHalfUp(k*sum, 100), nil
}

// roundHalfUp returns n/d rounded to the nearest whole number, halves up (toward +∞); d > 0.
func roundHalfUp(n, d int) int {
	q := n / d
	r := n % d
	if r < 0 { // Go truncates toward zero; make the remainder non-negative
		q--
		r += d
	}
	if 2*r >= d {
		q++
	}
	return q
}
