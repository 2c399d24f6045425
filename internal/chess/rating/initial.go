package rating

// MinGamesForRating is the number of rated games against rated opponents an unrated player
// needs before a first rating is published (B.02 7.1.4).
const MinGamesForRating = 5

// Floor is the lowest rating published (B.02 7.1.4): a first rating below it is not published,
// and a rated player whose rating drops below it is shown as unrated (Delisted).
const Floor = 1400

// Delisted reports whether a rated player whose rating has become r is shown as unrated from
// then on: B.02 7.2.1, players whose ratings drop below 1400 are shown as unrated on the next
// list, and thereafter treated in the same manner as any other unrated player (their games
// pool towards a first rating again, Initial).
func Delisted(r int) bool { return r < Floor }

// MaxInitial is the highest first rating (B.02 8.2).
const MaxInitial = 2200

// hypothetical is the rating of the two hypothetical opponents of B.02 8.2, each drawn with.
const hypothetical = 1800

// Initial returns the first rating of a previously unrated player from their games against
// rated opponents (B.02 8.2, the method in force since 1 March 2024), and whether it is
// published:
//
//   - games that are not rated, or against unrated opponents, are left out;
//   - a player who scored nothing has no rating: the regulations disregard a zero score;
//   - fewer than MinGamesForRating games give no rating yet (7.1.4);
//   - two hypothetical games against opponents rated 1800, each a draw, are added;
//   - Ra is the average rating of all the opponents, p the fractional score, both with the
//     hypothetical games; Ru = Ra + dp(p), where p is taken to the nearest hundredth (halves
//     up) for the table of 8.1.1, and Ru is rounded to the nearest whole number, halves up;
//   - Ru is at most MaxInitial, and is published only from Floor up (7.1.4).
//
// The games may come from more than one tournament (7.1.4 pools them); pass them all.
func Initial(games []Game) (int, bool) {
	n, score, sum := 0, 0, 0 // score in half points
	for _, g := range games {
		if !g.counts() {
			continue
		}
		n++
		score += int(g.Result.Score())
		sum += g.OpponentRating
	}
	if n < MinGamesForRating || score == 0 {
		return 0, false
	}
	n += 2
	score += 2 // two draws: 1 point, 2 half points
	sum += 2 * hypothetical
	p := roundHalfUp(100*score, 2*n) // fractional score in hundredths
	ru := roundHalfUp(sum+n*RatingDifference(p), n)
	ru = min(ru, MaxInitial)
	return ru, ru >= Floor
}
