// Package tiebreak ranks the players of a tournament by the FIDE Tie-Break Regulations,
// FIDE Handbook C.07: each individual tie-break of C.07 articles 6 to 10 with the modifiers
// of article 14, and the management of unplayed rounds of articles 15 and 16, in the version
// in force when the event started (Event.Rules): the one applied from 1 March 2026, with its
// caps on the dummy opponent of a Swiss event's unplayed rounds (16.4.1, 16.4.2), or the one
// of 1 August 2024, without them, for events that started before.
//
// The reference for every number is FIDE TEC's TieBreakServer (tiebreakchecker 1.9.57, rules
// "2026-03-01" and "2024-08-01"): the package gives the values that tool gives, and its tests
// hold vectors computed with it, on generated events heavy in unplayed rounds (forfeits,
// byes, late entries, withdrawals) and on the real files of the trf package's corpus. Where
// the regulations' text can be read two ways, the tool's reading is followed (which voluntary
// unplayed round a cut takes, in cut.go). Two functions depart from the tool where it carries
// state it should not, and say so in their comments: Fore Buchholz in buchholz.go (the tool
// lets it change a Buchholz listed after it) and repeated meetings in direct.go.
//
// Scores are counted in half points (chess.Score); a Value keeps a tie-break's value as a
// fixed-point number with the decimals the tie-break needs, so that comparisons are exact.
//
// The package is pure: Compute takes an Event and a list of Specs and returns Standings.
package tiebreak
