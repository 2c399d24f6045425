package trf

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"
)

// Write writes t as a TRF file. Lines that came from a file keep their order, and a line
// whose value has not changed since is written back as it was read, byte for byte: its
// spelling, its columns, its line end and its encoding. Lines for values added or changed
// since are written in the format's own columns (the canonical spelling: 0000 - U for a
// pairing-allocated bye, w and b for colours, ...), where the format puts them (tags after
// the other tags, players after the other players, other lines at the end), with the line
// end first read, in UTF-8, or in Windows-1252 when the file read had lines in it and the
// line's characters all have a byte there. A value that cannot be written in its columns (a
// name longer than 33 characters, a rating above 9999, a line break in a text) is an error,
// and nothing is written then.
func (t *Tournament) Write(w io.Writer) error {
	order := t.order()
	read := make(map[slot]*line, len(t.layout))
	for i := range t.layout {
		read[t.layout[i].slot] = &t.layout[i]
	}
	eol := t.eol
	if eol == "" {
		eol = "\n"
	}
	type out struct {
		text []byte
		eol  string
	}
	lines := make([]out, len(order))
	for i, s := range order {
		text, err := t.lineText(s)
		if err != nil {
			return err
		}
		if l, ok := read[s]; ok && l.canon == text {
			lines[i] = out{[]byte(l.raw), l.eol}
			continue
		}
		lines[i] = out{t.encode(text), eol}
		// A new last line goes without a line end only if the file read had none, and only
		// if it is not blank: a blank last line without one would vanish.
		if i == len(order)-1 && t.noFinalEOL && text != "" {
			lines[i].eol = ""
		}
	}
	bw := bufio.NewWriter(w)
	if t.bom {
		bw.WriteString(utf8BOM)
	}
	for i, l := range lines {
		bw.Write(l.text)
		if l.eol == "" && i < len(lines)-1 {
			l.eol = eol // a last line read without a line end that is no longer last
		}
		bw.WriteString(l.eol)
	}
	return bw.Flush()
}

// lineText returns the line of a slot as Write makes it from the value t holds, as text.
func (t *Tournament) lineText(s slot) (string, error) {
	switch s.tag {
	case "001":
		return formatPlayer(t.Players[s.index])
	case "":
		text := t.Other[s.index]
		if !printable(text) {
			return "", fmt.Errorf("trf: other line %q holds a line break", text)
		}
		return text, nil
	}
	text, _, err := headerLine(t, s)
	return text, err
}

// encode returns a line written anew in the file's encoding: Windows-1252 when the file read
// had lines in it and every character has a byte there, unless the bytes would read back as
// other characters in UTF-8; UTF-8 otherwise. Read decodes each line on its own, so a file
// that mixes the two reads back as it was written.
func (t *Tournament) encode(text string) []byte {
	if t.cp1252 {
		if b, ok := encode1252(text); ok && (!utf8.Valid(b) || isASCII(b)) {
			return b
		}
	}
	return []byte(text)
}

// isASCII reports whether every byte is below 0x80.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
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
	for _, l := range t.layout {
		if present[l.slot] || t.keepsEmpty(l) {
			out = append(out, l.slot)
			delete(present, l.slot) // a slot is written once
		}
	}
	isHeader := func(s slot) bool { return s.tag != "001" && s.tag != "" }
	isPlayer := func(s slot) bool { return s.tag == "001" }
	out = insertAfterLast(out, missing(headers, present), isHeader, func(slot) bool { return false })
	out = insertAfterLast(out, missing(players, present), isPlayer, isHeader)
	return append(out, missing(others, present)...)
}

// keepsEmpty reports whether a tag read with an empty value ("072 0", "122" alone) still has
// it: such a line stays, while a value cleared since removes its line.
func (t *Tournament) keepsEmpty(l line) bool {
	if l.tag == "" || l.tag == "001" {
		return false
	}
	text, ok, err := headerLine(t, l.slot)
	return !ok && err == nil && text == "" && l.canon == ""
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
