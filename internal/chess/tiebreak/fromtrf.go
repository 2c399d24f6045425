package tiebreak

import (
	"strings"

	"campus.example/apps/internal/chess/trf"
)

// FromTRF builds the Event of a TRF file: its players with their ratings and rounds, counted
// over the rounds played (trf.Tournament.RoundsPlayed: the last round in which someone had an
// opponent or the pairing-allocated bye), in the given format, with the file's point system
// (162, BBW to BBU, XXS), by the version of C.07 in force when it started (RulesOf). A column
// after them holding only byes announced for the round still
// to pair (0000 - H, 0000 - Z) is left out: C.07 ranks by the rounds played, and such a
// round is not played yet. Standings after round k come from a file cut to k rounds
// (trf.Tournament.Prefix). The error is the point records' (trf.Tournament.PointSystem) or
// RulesOf's, a *trf.SyntaxError naming the line.
func FromTRF(t *trf.Tournament, f Format) (Event, error) {
	ps, err := t.PointSystem()
	if err != nil {
		return Event{}, err
	}
	rules, err := RulesOf(t)
	if err != nil {
		return Event{}, err
	}
	n := t.RoundsPlayed()
	ev := Event{Format: f, Rounds: n, Players: make([]Player, len(t.Players)), Points: ps, Rules: rules}
	for i, p := range t.Players {
		ev.Players[i] = Player{StartRank: p.StartRank, Rating: p.Rating, Rounds: p.Rounds[:min(n, len(p.Rounds))]}
	}
	return ev, nil
}

// RulesOf returns the version of C.07 in force when a file's tournament started: its start
// date (record 042), in any spelling trf.ParseDate reads, decides (RulesOn). A file without a
// start date is ranked by the latest rules, as TieBreakServer ranks it (by the day it runs).
// A start date that does not read as a date is a *trf.SyntaxError naming its line: the
// version is not guessed. (TieBreakServer reads only YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD and
// DD.MM.YYYY and takes any other spelling, "24/09/2010" or "May 29, 2020" among them, as
// today; give those files its /V modifier, or take the rules by hand, to compare.)
func RulesOf(t *trf.Tournament) (Rules, error) {
	if strings.TrimSpace(t.StartDate) == "" {
		return Rules2026, nil
	}
	d, err := trf.ParseDate(t.StartDate)
	if err != nil {
		return 0, &trf.SyntaxError{Line: t.Line("042", 0), Column: 5, Msg: "042: " + err.Error() + "; the start date decides which tie-break rules apply"}
	}
	return RulesOn(d.Year, max(d.Month, 1), max(d.Day, 1)), nil
}

// FormatOf guesses the format from a TRF file's type of tournament (record 092), as
// TieBreakServer does: "Swiss" anywhere means Swiss; "Robin", "Berger" or the word "RR" mean a
// round robin; anything else is taken as Swiss.
func FormatOf(typ string) Format {
	u := strings.ToUpper(typ)
	if strings.Contains(u, "SWISS") {
		return Swiss
	}
	if strings.Contains(u, "ROBIN") || strings.Contains(u, "BERGER") {
		return RoundRobin
	}
	for _, w := range strings.FieldsFunc(u, func(r rune) bool { return r < 'A' || r > 'Z' }) {
		if w == "RR" {
			return RoundRobin
		}
	}
	return Swiss
}
