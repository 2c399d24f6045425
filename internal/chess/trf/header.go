package trf

import (
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
)

// headerField is one tag of the tournament section that Read interprets: its free text, or
// its number (0 when absent) with the largest value allowed. 112 (deputy arbiters, one line
// each), 132 (round dates, in the rounds' columns) and XXC (a colour) have neither and are
// handled on their own.
type headerField struct {
	tag   string
	text  func(*Tournament) *string
	num   func(*Tournament) *int
	limit int
}

// headerFields lists the tags in the order Write puts them in a Tournament built in code
// (C.04 Annex 2, tournament section; XXR and XXC are the pairing engines' tags for the total
// number of rounds and the initial colour).
var headerFields = []headerField{
	{tag: "012", text: func(t *Tournament) *string { return &t.Name }},
	{tag: "022", text: func(t *Tournament) *string { return &t.City }},
	{tag: "032", text: func(t *Tournament) *string { return &t.Federation }},
	{tag: "042", text: func(t *Tournament) *string { return &t.StartDate }},
	{tag: "052", text: func(t *Tournament) *string { return &t.EndDate }},
	{tag: "062", num: func(t *Tournament) *int { return &t.NumPlayers }, limit: MaxStartRank},
	{tag: "072", num: func(t *Tournament) *int { return &t.NumRated }, limit: MaxStartRank},
	{tag: "092", text: func(t *Tournament) *string { return &t.Type }},
	{tag: "102", text: func(t *Tournament) *string { return &t.ChiefArbiter }},
	{tag: "112"},
	{tag: "122", text: func(t *Tournament) *string { return &t.TimeControl }},
	{tag: "132"},
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
		if len(t.RoundDates) == 0 {
			return "", false, nil
		}
		return roundDatesLine(t.RoundDates)
	case s.tag == "XXC":
		switch t.InitialColour {
		case chess.NoColour:
			return "", false, nil
		case chess.White:
			value = "white1"
		case chess.Black:
			value = "black1"
		default:
			return "", false, fmt.Errorf("trf: initial colour %d is not a colour", t.InitialColour)
		}
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

// Columns of record 132: each round's date sits above that round's columns in the player
// lines (92-99 for round 1, then every 10 columns), MaxRoundDate characters at most.
const (
	colRoundDate1  = 92
	roundDateWidth = 10
	MaxRoundDate   = 8
)

// roundDatesLine writes record 132: the tag, then each date in its round's columns.
func roundDatesLine(dates []string) (string, bool, error) {
	if len(dates) > MaxRounds {
		return "", false, fmt.Errorf("trf: 132 has %d round dates; a file records at most %d rounds", len(dates), MaxRounds)
	}
	line := []rune("132")
	for i, d := range dates {
		r := []rune(d)
		if len(r) > MaxRoundDate || !printable(d) {
			return "", false, fmt.Errorf("trf: round %d's date %q does not fit the %d columns of record 132", i+1, d, MaxRoundDate)
		}
		for len(line) < colRoundDate1-1+i*roundDateWidth {
			line = append(line, ' ')
		}
		line = append(line, r...)
	}
	return strings.TrimRight(string(line), " "), true, nil
}

// parseRoundDates reads record 132's dates from the rounds' columns; blank columns after the
// last date are left out.
func parseRoundDates(r row) []string {
	var out []string
	for col := colRoundDate1; col <= len(r); col += roundDateWidth {
		out = append(out, strings.Trim(r.field(col, col+roundDateWidth-1), " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
