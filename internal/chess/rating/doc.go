// Package rating computes Elo ratings by the FIDE Rating Regulations, FIDE Handbook B.02, in
// force since 1 March 2024 with 8.3.1 as amended from 1 October 2025 (the 400-point rule only
// for players rated below 2650): the conversion tables of B.02 8.1, the rating change of a
// rated player over one tournament (B.02 8.3), the first rating of an unrated player (B.02 8.2
// with the publication rules of B.02 7.1.4), and the floor below which a rated player is shown
// as unrated again (B.02 7.2.1).
//
// Probabilities and fractional scores are whole hundredths, as the regulations' tables give
// them, so that every computation is exact: an expected score of 0.76 is 76.
//
// Only games played over the board and rated count (chess.Result.Rated): forfeits, byes and
// unrated games (TRF W, D, L) are left out, as are games against unrated opponents.
package rating
