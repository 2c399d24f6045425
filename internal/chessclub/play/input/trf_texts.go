package input

import (
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// textFields are the texts of a TRF file's tournament section, with what each is called in
// a refusal. The club keeps the name, the city and the time control; the others are checked
// all the same, so that a file is either taken as a whole or refused.
var textFields = []struct {
	tag, what string
	value     func(*trf.Tournament) string
}{
	{"012", "the tournament's name", func(t *trf.Tournament) string { return t.Name }},
	{"022", "the city", func(t *trf.Tournament) string { return t.City }},
	{"032", "the federation", func(t *trf.Tournament) string { return t.Federation }},
	{"042", "the start date", func(t *trf.Tournament) string { return t.StartDate }},
	{"052", "the end date", func(t *trf.Tournament) string { return t.EndDate }},
	{"092", "the type of tournament", func(t *trf.Tournament) string { return t.Type }},
	{"102", "the chief arbiter", func(t *trf.Tournament) string { return t.ChiefArbiter }},
	{"122", "the time control", func(t *trf.Tournament) string { return t.TimeControl }},
}

// checkTexts checks the texts of the tournament section and the players' names by the rules
// the API has for a tournament's name and a member's (jsonhttp.CheckLine): no control
// characters (NUL, the ESC of a terminal's escape sequences, C1), no tabs and no
// bidirectional controls, which make a text display as something else than it holds. An
// empty text is not checked: the import gives it a value of its own. It returns an Invalid
// refusal naming the first line at fault, its tag and field, and what is wrong.
func checkTexts(t *trf.Tournament) error {
	type fault struct {
		line      int
		tag, what string
		msg       string
	}
	var first *fault
	// line finds the line of a faulty value only: a file's line numbers take a walk through
	// its lines each.
	note := func(tag, what, value string, line func() int) {
		value = strings.TrimSpace(value)
		if value == "" {
			return
		}
		if msg := jsonhttp.CheckLine(value); msg != "" {
			if n := line(); first == nil || n < first.line {
				first = &fault{n, tag, what, msg}
			}
		}
	}
	for _, f := range textFields {
		note(f.tag, f.what, f.value(t), func() int { return t.Line(f.tag, 0) })
	}
	for i, d := range t.DeputyArbiters {
		note("112", "a deputy arbiter", d, func() int { return t.Line("112", i) })
	}
	for i, p := range t.Players {
		note("001", "player "+strconv.Itoa(p.StartRank)+"'s name", p.Name, func() int { return t.Line("001", i) })
	}
	if first == nil {
		return nil
	}
	return tournament.ImportInvalid("line %d (%s, %s): %s", first.line, first.tag, first.what, first.msg)
}
