package trf

import (
	"bufio"
	"fmt"
	"io"
)

// Write writes t as a TRF file. Lines that came from a file keep their order; lines for values
// added since come where the format puts them (tags after the other tags, players after the
// other players, other lines at the end). A value that cannot be written in its columns (a
// name longer than 33 characters, a rating above 9999, a line break in a text) is an error,
// and nothing is written then.
func (t *Tournament) Write(w io.Writer) error {
	lines := make([]string, 0, len(t.layout)+len(t.Players)+16)
	for _, s := range t.order() {
		var line string
		switch s.tag {
		case "001":
			l, err := formatPlayer(t.Players[s.index])
			if err != nil {
				return err
			}
			line = l
		case "":
			line = t.Other[s.index]
			if !printable(line) {
				return fmt.Errorf("trf: other line %q holds a line break", line)
			}
		default:
			l, _, err := headerLine(t, s)
			if err != nil {
				return err
			}
			line = l
		}
		lines = append(lines, line)
	}
	eol := t.eol
	if eol == "" {
		eol = "\n"
	}
	bw := bufio.NewWriter(w)
	if t.bom {
		bw.WriteString(utf8BOM)
	}
	for i, l := range lines {
		bw.WriteString(l)
		// The last line goes without a line end only if the file read had none, and only if
		// it is not blank: a blank last line without one would vanish.
		if i < len(lines)-1 || !t.noFinalEOL || l == "" {
			bw.WriteString(eol)
		}
	}
	return bw.Flush()
}

// order returns the slots to write: the layout read, less what no longer exists, plus what is
// new (see Write).
func (t *Tournament) order() []slot {
	headers := headerSlots(t)
	players := make([]slot, len(t.Players))
	for i := range players {
		players[i] = slot{"001", i}
	}
	others := make([]slot, len(t.Other))
	for i := range others {
		others[i] = slot{"", i}
	}
	if len(t.layout) == 0 {
		return append(append(headers, players...), others...)
	}
	present := make(map[slot]bool, len(headers)+len(players)+len(others))
	for _, group := range [][]slot{headers, players, others} {
		for _, s := range group {
			present[s] = true
		}
	}
	out := make([]slot, 0, len(present))
	for _, s := range t.layout {
		if present[s] {
			out = append(out, s)
			delete(present, s) // a slot is written once
		}
	}
	isHeader := func(s slot) bool { return s.tag != "001" && s.tag != "" }
	isPlayer := func(s slot) bool { return s.tag == "001" }
	out = insertAfterLast(out, missing(headers, present), isHeader, func(slot) bool { return false })
	out = insertAfterLast(out, missing(players, present), isPlayer, isHeader)
	return append(out, missing(others, present)...)
}

// missing returns the slots of group still in present, that is, not in the layout.
func missing(group []slot, present map[slot]bool) []slot {
	var out []slot
	for _, s := range group {
		if present[s] {
			out = append(out, s)
		}
	}
	return out
}

// insertAfterLast inserts add after the last slot of out that is kind, or failing that after
// the last that is fallback, or failing that at the start.
func insertAfterLast(out, add []slot, kind, fallback func(slot) bool) []slot {
	if len(add) == 0 {
		return out
	}
	at := 0
	for _, is := range []func(slot) bool{kind, fallback} {
		for i, s := range out {
			if is(s) {
				at = i + 1
			}
		}
		if at > 0 {
			break
		}
	}
	return append(out[:at], append(add, out[at:]...)...)
}
