package trf

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// row is one line as characters, so that the format's columns can be counted in characters
// whatever the encoding.
type row []rune

// decode turns a line's bytes into characters: UTF-8 when the line is valid UTF-8, Latin-1
// (one character per byte) otherwise.
func decode(b []byte) row {
	if utf8.Valid(b) {
		return row(string(b))
	}
	r := make(row, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return r
}

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
