package tiebreak

import (
	"strings"

	"campus.example/apps/internal/chess/trf"
)

// FromTRF builds the Event of a TRF file: its players with their ratings and rounds, counted
// over the rounds the file records (so that standings after round k come from a file cut to
// k rounds, trf.Tournament.Prefix), in the given format, with the file's point system (162,
// BBW to BBU). The error is the point records' (trf.Tournament.PointSystem), a
// *trf.SyntaxError naming the line.
func FromTRF(t *trf.Tournament, f Format) (Event, error) {
	ps, err := t.PointSystem()
	if err != nil {
		return Event{}, err
	}
	ev := Event{Format: f, Rounds: t.RoundsRecorded(), Players: make([]Player, len(t.Players)), Points: ps}
	for i, p := range t.Players {
		ev.Players[i] = Player{StartRank: p.StartRank, Rating: p.Rating, Rounds: p.Rounds}
	}
	return ev, nil
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
