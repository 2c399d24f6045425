// Package ratinglist reads FIDE's published rating lists in their plain-text, fixed-column
// form (ratings.fide.com, "download lists", TXT format): the standard, rapid and blitz lists
// (standard_MMMYYfrl.txt and the like), one rating each, and the combined list of all three
// (players_list_foa.txt).
//
// A list begins with a header line naming its columns; every other line is one player, each
// field in its column's span, from where the header's word begins to where the next begins.
// The combined list's header is
//
//	ID Number      Name        …   Fed Sex Tit  WTit OTit   …   FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
//
// (ID_Number in some years); a single list has one rating column, headed by the list's
// month (such as SEP24), with Gms and K after it and Bday for the birth year. Reader finds
// the columns by these words, so that a list whose columns moved (the name column has been
// widened over the years) is read all the same.
//
// The package knows nothing of the club: it hands out records, one at a time, holding none
// of them. It never reads a line it does not need in full: Next checks and returns the id
// only, and Record the rest on demand, so that a list of a million players is read in a few
// seconds.
package ratinglist

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rating types a list may carry.
const (
	Standard = "standard"
	Rapid    = "rapid"
	Blitz    = "blitz"
)

// MaxLineBytes is the longest line a list may have: FIDE's lines are under 200 characters.
const MaxLineBytes = 4096

// MaxRating bounds a rating in a list: FIDE's four-digit ratings.
const MaxRating = 9999

// Record is one player of a list.
type Record struct {
	// ID is the player's FIDE id.
	ID int64
	// Name is "Lastname, Firstname", as the list writes it.
	Name string
	// Federation is the three-letter code of the player's federation.
	Federation string
	// Sex is "M" or "F", as the list writes it.
	Sex string
	// Title is the player's open title (GM, IM, FM, CM), WomanTitle their women's title (WGM,
	// WIM, WFM, WCM), OtherTitles the list's other titles (arbiters', trainers', comma
	// separated); "" for none.
	Title, WomanTitle, OtherTitles string
	// Ratings are the player's ratings by rating type, for the types the list carries; 0 for
	// a player without a rating of that type.
	Ratings map[string]int
	// BirthYear is the player's year of birth, 0 when the list gives none.
	BirthYear int
}

// SyntaxError is a line of a list that cannot be read.
type SyntaxError struct {
	Line int // 1-based
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("rating list line %d: %s", e.Line, e.Msg) }

// column is a field's span in a line, in characters from 0: from up to to (exclusive; -1:
// to the line's end).
type column struct{ from, to int }

// field returns the column's text in line, trimmed; "" past the line's end.
func (c column) field(line []rune) string {
	if c.from >= len(line) {
		return ""
	}
	to := len(line)
	if c.to >= 0 && c.to < to {
		to = c.to
	}
	return strings.TrimSpace(string(line[c.from:to]))
}

// Reader reads a list's players one by one. It is not safe for concurrent use.
type Reader struct {
	sc      *bufio.Scanner
	line    int
	text    []byte
	cols    map[string]column
	ratings map[string]string // rating type → its column's word
	types   []string
	id      column
}

// month is a single list's rating column: the list's month, such as SEP24.
var month = regexp.MustCompile(`^[A-Z]{3}[0-9]{2}$`)

// NewReader reads the header of a list from r. single is the rating type of a single list
// (Standard, Rapid or Blitz: its header names the month only, not the type), ignored for the
// combined list, whose header names its types. It returns a *SyntaxError when the header is
// not one of a FIDE list.
func NewReader(r io.Reader, single string) (*Reader, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), MaxLineBytes)
	rd := &Reader{sc: sc, cols: map[string]column{}, ratings: map[string]string{}}
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, rd.scanError(err)
		}
		return nil, &SyntaxError{Line: 1, Msg: "the list is empty: it has no header line"}
	}
	rd.line = 1
	header := strings.TrimPrefix(string(sc.Bytes()), "\ufeff")
	if err := rd.readHeader(header, single); err != nil {
		return nil, err
	}
	return rd, nil
}

// readHeader finds the columns by the header's words.
func (rd *Reader) readHeader(header, single string) error {
	type word struct {
		text string
		at   int
	}
	var words []word
	runes := []rune(header)
	for i := 0; i < len(runes); {
		if runes[i] == ' ' || runes[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(runes) && runes[j] != ' ' && runes[j] != '\t' {
			j++
		}
		w := string(runes[i:j])
		if w == "Number" && len(words) > 0 && words[len(words)-1].text == "ID" {
			words[len(words)-1].text = "ID_Number" // "ID Number": one column
		} else {
			words = append(words, word{w, i})
		}
		i = j
	}
	for k, w := range words {
		to := -1
		if k+1 < len(words) {
			to = words[k+1].at
		}
		name := w.text
		switch {
		case name == "Bday":
			name = "B-day"
		case month.MatchString(name):
			name = "Rtng"
		}
		rd.cols[name] = column{w.at, to}
	}
	id, ok := rd.cols["ID_Number"]
	if !ok {
		return &SyntaxError{Line: 1, Msg: "the header names no ID Number column: this is not a FIDE rating list in TXT form"}
	}
	rd.id = id
	for typ, col := range map[string]string{Standard: "SRtng", Rapid: "RRtng", Blitz: "BRtng"} {
		if _, ok := rd.cols[col]; ok {
			rd.ratings[typ] = col
		}
	}
	if len(rd.ratings) == 0 {
		if _, ok := rd.cols["Rtng"]; !ok {
			return &SyntaxError{Line: 1, Msg: "the header names no rating column (SRtng, RRtng, BRtng, or a month such as SEP24)"}
		}
		switch single {
		case Standard, Rapid, Blitz:
			rd.ratings[single] = "Rtng"
		default:
			return &SyntaxError{Line: 1, Msg: "a single list's header does not say which rating it holds: say standard, rapid or blitz"}
		}
	}
	for _, typ := range []string{Standard, Rapid, Blitz} {
		if _, ok := rd.ratings[typ]; ok {
			rd.types = append(rd.types, typ)
		}
	}
	return nil
}

// Types returns the rating types the list carries, in FIDE's order.
func (rd *Reader) Types() []string { return rd.types }

// Next moves to the next player and returns their FIDE id; io.EOF at the list's end. Blank
// lines are skipped. A line longer than MaxLineBytes, or whose id is not a number, is a
// *SyntaxError.
func (rd *Reader) Next() (int64, error) {
	for rd.sc.Scan() {
		rd.line++
		rd.text = rd.sc.Bytes()
		if len(bytes.TrimSpace(rd.text)) == 0 {
			continue
		}
		// The id comes first, in ASCII: its bytes are its characters.
		from, to := rd.id.from, rd.id.to
		if to < 0 || to > len(rd.text) {
			to = len(rd.text)
		}
		if from >= to {
			return 0, &SyntaxError{Line: rd.line, Msg: "the line is too short to hold an id"}
		}
		raw := bytes.TrimSpace(rd.text[from:to])
		id, ok := parseID(raw)
		if !ok {
			return 0, &SyntaxError{Line: rd.line, Msg: fmt.Sprintf("the id %q is not a number", raw)}
		}
		return id, nil
	}
	if err := rd.sc.Err(); err != nil {
		return 0, rd.scanError(err)
	}
	return 0, io.EOF
}

// parseID reads an id of 1 to 15 digits, more than 0, without allocating: Next reads one
// for every line of a list.
func parseID(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, n > 0
}

func (rd *Reader) scanError(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return &SyntaxError{Line: rd.line + 1, Msg: fmt.Sprintf("the line is longer than %d bytes", MaxLineBytes)}
	}
	return err
}

// Record reads the whole of the player Next moved to. A rating or birth year that is not a
// number, or a line that is not UTF-8, is a *SyntaxError.
func (rd *Reader) Record(id int64) (Record, error) {
	if !utf8.Valid(rd.text) {
		return Record{}, &SyntaxError{Line: rd.line, Msg: "the line is not UTF-8"}
	}
	line := []rune(string(rd.text))
	get := func(name string) string { return rd.cols[name].fieldIf(line, rd.has(name)) }
	rec := Record{ID: id, Name: get("Name"), Federation: get("Fed"), Sex: get("Sex"), Title: get("Tit"), WomanTitle: get("WTit"),
		OtherTitles: get("OTit"), Ratings: make(map[string]int, len(rd.types))}
	for _, typ := range rd.types {
		n, err := rd.number(line, rd.ratings[typ], MaxRating)
		if err != nil {
			return Record{}, err
		}
		rec.Ratings[typ] = n
	}
	if rd.has("B-day") {
		n, err := rd.number(line, "B-day", 9999)
		if err != nil {
			return Record{}, err
		}
		rec.BirthYear = n
	}
	return rec, nil
}

func (rd *Reader) has(name string) bool { _, ok := rd.cols[name]; return ok }

// fieldIf is field for a column the header has, "" for one it has not.
func (c column) fieldIf(line []rune, has bool) string {
	if !has {
		return ""
	}
	return c.field(line)
}

// number reads a column holding a number from 0 to limit; blank is 0.
func (rd *Reader) number(line []rune, name string, limit int) (int, error) {
	s := rd.cols[name].field(line)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > limit {
		return 0, &SyntaxError{Line: rd.line, Msg: fmt.Sprintf("%s %q is not a number from 0 to %d", name, s, limit)}
	}
	return n, nil
}
