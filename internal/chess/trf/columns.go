package trf

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// row is one line as characters, so that the format's columns can be counted in characters
// whatever the encoding.
type row []rune

// decode turns a line's bytes into characters: UTF-8 when the line is valid UTF-8, and
// otherwise Windows-1252, which is what Windows programs write and of which Latin-1 is the
// subset without 0x80-0x9F: one character per byte. It reports whether the line was
// Windows-1252.
func decode(b []byte) (row, bool) {
	if utf8.Valid(b) {
		return row(string(b)), false
	}
	r := make(row, len(b))
	for i, c := range b {
		r[i] = cp1252[c]
	}
	return r, true
}

// cp1252 maps each byte to its character in Windows-1252: the bytes 0x80-0x9F are the curly
// quotes, dashes and letters Windows puts there, and the five it leaves undefined (0x81,
// 0x8D, 0x8F, 0x90, 0x9D) stay the C1 controls of Latin-1, as the WHATWG encoding standard
// reads them; every other byte is its Latin-1 character.
var cp1252 = func() (m [256]rune) {
	for i := range m {
		m[i] = rune(i)
	}
	high := []rune("\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
		"\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178")
	copy(m[0x80:], high)
	return m
}()

// encode1252 returns s in Windows-1252, and false when a character has no byte there.
func encode1252(s string) ([]byte, bool) {
	out := make([]byte, 0, len(s))
	for _, c := range s {
		b, ok := byteOf1252[c]
		if !ok {
			return nil, false
		}
		out = append(out, b)
	}
	return out, true
}

// byteOf1252 is cp1252 backwards.
var byteOf1252 = func() map[rune]byte {
	m := make(map[rune]byte, 256)
	for i, c := range cp1252 {
		m[c] = byte(i)
	}
	return m
}()

// field returns columns from..to (1-based, inclusive) as text; columns past the line's end
// count as blanks and are left out.
func (r row) field(from, to int) string {
	if from > len(r) {
		return ""
	}
	return string(r[from-1 : min(to, len(r))])
}

// blank reports whether column col is a space or lies past the line's end.
func (r row) blank(col int) bool { return col > len(r) || r[col-1] == ' ' }

// at returns the character in column col, a space past the line's end.
func (r row) at(col int) rune {
	if col > len(r) {
		return ' '
	}
	return r[col-1]
}

// number reads columns from..to as a whole number with optional surrounding blanks; an
// all-blank field is 0. It returns the column of the first offending character on failure.
func (r row) number(from, to int) (n int, badCol int, ok bool) {
	f := r.field(from, to)
	t := strings.Trim(f, " ")
	if t == "" {
		return 0, 0, true
	}
	lead := len([]rune(f)) - len([]rune(strings.TrimLeft(f, " ")))
	for i, c := range t {
		if c < '0' || c > '9' {
			return 0, from + lead + i, false
		}
	}
	// At most four digits reach here in the player section; XXR and the counts are checked
	// against their own limits by the caller.
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, from + lead, false
	}
	return n, 0, true
}

// printable reports whether s can stand inside one line: it holds no line break.
func printable(s string) bool { return !strings.ContainsAny(s, "\r\n") }
