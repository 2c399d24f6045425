package trf

import (
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
)

// headerField is one tag of the tournament section that Read interprets: its free text, or
// its number (0 when absent) with the largest value allowed. 112 (deputy arbiters, one line
// each), 132 (round dates in columns), 152 and XXC (a colour) have neither and are handled on
// their own.
type headerField struct {
	tag   string
	text  func(*Tournament) *string
	num   func(*Tournament) *int
	limit int
}

// headerFields lists the tags in the order Write puts them in a Tournament built in code
// (C.04 Annex 2, tournament section, 012 to 152; XXR and XXC are the pairing engines' tags for
// the total number of rounds and the initial colour, which TRF-2026 gives in 142 and 152).
var headerFields = []headerField{
	{tag: "012", text: func(t *Tournament) *string { return &t.Name }},
	{tag: "022", text: func(t *Tournament) *string { return &t.City }},
	{tag: "032", text: func(t *Tournament) *string { return &t.Federation }},
	{tag: "042", text: func(t *Tournament) *string { return &t.StartDate }},
	{tag: "052", text: func(t *Tournament) *string { return &t.EndDate }},
	{tag: "062", num: func(t *Tournament) *int { return &t.NumPlayers }, limit: MaxStartRank},
	{tag: "072", num: func(t *Tournament) *int { return &t.NumRated }, limit: MaxStartRank},
	{tag: "082", num: func(t *Tournament) *int { return &t.NumTeams }, limit: MaxStartRank},
	{tag: "092", text: func(t *Tournament) *string { return &t.Type }},
	{tag: "102", text: func(t *Tournament) *string { return &t.ChiefArbiter }},
	{tag: "112"},
	{tag: "122", text: func(t *Tournament) *string { return &t.TimeControl }},
	{tag: "132"},
	{tag: "142", num: func(t *Tournament) *int { return &t.NumRounds }, limit: MaxRounds},
	{tag: "152"},
	{tag: "XXR", num: func(t *Tournament) *int { return &t.TotalRounds }, limit: MaxRounds},
	{tag: "XXC"},
}

// headerByTag finds a tag's headerField.
var headerByTag = func() map[string]*headerField {
	m := make(map[string]*headerField, len(headerFields))
	for i := range headerFields {
		m[headerFields[i].tag] = &headerFields[i]
	}
	return m
}()

// headerSlots returns the slots of the tags t has a value for, in headerFields' order.
func headerSlots(t *Tournament) []slot {
	var out []slot
	for _, f := range headerFields {
		if f.tag == "112" {
			for i := range t.DeputyArbiters {
				out = append(out, slot{"112", i})
			}
			continue
		}
		if _, ok, err := headerLine(t, slot{f.tag, 0}); ok || err != nil { // Write reports the error
			out = append(out, slot{f.tag, 0})
		}
	}
	return out
}

// headerLine returns the line of a tag's slot, and whether the Tournament has a value for it;
// the error says why a value cannot be written.
func headerLine(t *Tournament, s slot) (string, bool, error) {
	f := headerByTag[s.tag]
	var value string
	switch {
	case s.tag == "112":
		if s.index >= len(t.DeputyArbiters) {
			return "", false, nil
		}
		value = t.DeputyArbiters[s.index]
	case s.tag == "132":
		return roundDatesLine(t.RoundDates)
	case s.tag == "152":
		switch t.InitialColour2026 {
		case chess.NoColour:
			return "", false, nil
		case chess.White:
			value = "W"
		case chess.Black:
			value = "B"
		default:
			return "", false, fmt.Errorf("trf: initial colour %d is not a colour", t.InitialColour2026)
		}
	case s.tag == "XXC":
		var words []string
		if t.UseRank {
			words = append(words, "rank")
		}
		switch t.InitialColour {
		case chess.NoColour:
		case chess.White:
			words = append(words, "white1")
		case chess.Black:
			words = append(words, "black1")
		default:
			return "", false, fmt.Errorf("trf: initial colour %d is not a colour", t.InitialColour)
		}
		if len(words) == 0 {
			return "", false, nil
		}
		value = strings.Join(words, " ")
	case s.tag == "062" && t.PlayersWhoPlayed != 0:
		if t.PlayersWhoPlayed < 0 || t.PlayersWhoPlayed > t.NumPlayers || t.NumPlayers > MaxStartRank {
			return "", false, fmt.Errorf("trf: 062: %d players of whom %d played", t.NumPlayers, t.PlayersWhoPlayed)
		}
		value = fmt.Sprintf("%d (%d)", t.NumPlayers, t.PlayersWhoPlayed)
	case f.num != nil:
		v := *f.num(t)
		if v == 0 {
			return "", false, nil
		}
		if v < 0 || v > f.limit {
			return "", false, fmt.Errorf("trf: %s %d is outside 0..%d", s.tag, v, f.limit)
		}
		value = strconv.Itoa(v)
	default:
		value = *f.text(t)
		if value == "" {
			return "", false, nil
		}
	}
	if !printable(value) {
		return "", false, fmt.Errorf("trf: %s value %q holds a line break", s.tag, value)
	}
	return s.tag + " " + value, true, nil
}

// The columns of record 132: round r's date (from 1) in dateStart + roundWidth·(r-1),
// MaxRoundDate columns wide, above that round's columns in the player lines.
const (
	dateStart = roundStart
	dateWidth = MaxRoundDate
)

// MaxRoundDate is the most characters a round's date may have in record 132: the eight
// columns above the round's columns of the player lines (YY/MM/DD).
const MaxRoundDate = 8

// roundDatesLine writes record 132, or reports that there is none to write (RoundDates nil);
// an empty RoundDates is a 132 line without dates.
func roundDatesLine(dates []string) (string, bool, error) {
	if dates == nil {
		return "", false, nil
	}
	if len(dates) > MaxRounds {
		return "", false, fmt.Errorf("trf: 132 has %d round dates; at most %d", len(dates), MaxRounds)
	}
	// A blank date at the end is no date: it would not come back.
	for len(dates) > 0 && dates[len(dates)-1] == "" {
		dates = dates[:len(dates)-1]
	}
	var b strings.Builder
	b.WriteString("132")
	b.WriteString(strings.Repeat(" ", dateStart-1-3))
	for i, d := range dates {
		if strings.Trim(d, " ") != d || len([]rune(d)) > dateWidth || !printable(d) {
			return "", false, fmt.Errorf("trf: 132: round %d's date %q does not fit its %d columns", i+1, d, dateWidth)
		}
		if i > 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "%-*s", dateWidth, d)
	}
	return strings.TrimRight(b.String(), " "), true, nil
}

// parseRoundDates reads record 132: columns 4 to 91 blank, then one date per round in that
// round's ten columns, those above the round in the player lines (92-101 for round 1, 102-111
// for round 2, ...). TRF-2026 puts a date in the first eight (YY/MM/DD); programs that start
// it a column or two later (Sharly Chess) are read too, as long as each date stays within
// its round's columns. It returns the column of the first error.
func parseRoundDates(r row) ([]string, int, error) {
	for c := 4; c < dateStart; c++ {
		if !r.blank(c) {
			return nil, c, fmt.Errorf("132: columns 4-%d must be blank; the dates start in column %d", dateStart-1, dateStart)
		}
	}
	if len(r) > dateStart-1+roundWidth*MaxRounds {
		return nil, dateStart + roundWidth*MaxRounds, fmt.Errorf("132: more than %d round dates (the limit)", MaxRounds)
	}
	end := len(r)
	for end > 0 && r[end-1] == ' ' {
		end--
	}
	dates := []string{} // a 132 line without dates is still a line
	for at := dateStart; at <= end; at += roundWidth {
		f := r.field(at, at+roundWidth-1)
		d := strings.Trim(f, " ")
		if strings.Contains(d, " ") || (d != "" && !r.blank(at+roundWidth) && at+roundWidth <= end && !r.blank(at+roundWidth-1)) {
			return nil, at, fmt.Errorf("132: round %d's columns %d-%d must hold one date, not %q", len(dates)+1, at, at+roundWidth-1, d)
		}
		dates = append(dates, d)
	}
	return dates, 0, nil
}
