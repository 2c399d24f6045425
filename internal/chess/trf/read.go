package trf

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"campus.example/apps/internal/chess"
)

// Read reads a whole TRF file. A file that does not follow the format, or whose players'
// rounds contradict each other, gives a *SyntaxError naming the first offending line and
// column; a failing reader gives its own error, wrapped.
func Read(r io.Reader) (*Tournament, error) { return ReadLimited(r, Limits{}) }

// Limits bounds the lines of a file that ReadLimited takes. What Read keeps of a file grows
// with its number of lines (every blank line has its place), and what it decodes at once with
// the longest, so a file from a stranger needs both bounded, not only its size. A zero field
// sets no limit.
type Limits struct {
	// Lines is the most lines a file may have.
	Lines int
	// LineBytes is the longest line, in bytes without its line end.
	LineBytes int
}

// ReadLimited is Read for a file whose lines must stay within lim: the first line beyond
// them gives a *SyntaxError, before it is decoded or kept.
func ReadLimited(r io.Reader, lim Limits) (*Tournament, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("trf: reading: %w", err)
	}
	t := &Tournament{}
	// A UTF-8 byte order mark, as some Windows programs write, is not part of the first line.
	data, t.bom = bytes.CutPrefix(data, []byte(utf8BOM))
	rd := reader{t: t, tagLine: map[string]int{}}
	for n := 1; len(data) > 0; n++ {
		if lim.Lines > 0 && n > lim.Lines {
			return nil, errorf(n, 0, "more than %d lines (the limit)", lim.Lines)
		}
		raw, rest, eol := cutLine(data)
		if lim.LineBytes > 0 && len(raw) > lim.LineBytes {
			return nil, errorf(n, 0, "longer than %d bytes (the limit)", lim.LineBytes)
		}
		data = rest
		if t.eol == "" {
			t.eol = eol
		}
		t.noFinalEOL = eol == ""
		r, win := decode(raw)
		t.cp1252 = t.cp1252 || win
		if err := rd.line(r, n); err != nil {
			return nil, err
		}
		l := &t.layout[len(t.layout)-1]
		l.raw, l.eol = string(raw), eol
	}
	if t.eol == "" {
		t.eol = "\n"
	}
	if err := check(t, rd.playerLine); err != nil {
		return nil, err
	}
	for i := range t.layout {
		l := &t.layout[i]
		l.canon, _ = t.lineText(l.slot) // a value read always has its line
	}
	return t, nil
}

const utf8BOM = "\ufeff"

// cutLine splits off the first line and returns it, the rest, and the line end that ended it
// ("" at the end of the data).
func cutLine(data []byte) (line, rest []byte, eol string) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		return data, nil, ""
	case data[i] == '\n':
		return data[:i], data[i+1:], "\n"
	case i+1 < len(data) && data[i+1] == '\n':
		return data[:i], data[i+2:], "\r\n"
	}
	return data[:i], data[i+1:], "\r"
}

// reader holds what reading needs beyond the Tournament: the line of each player and of each
// single-valued tag, for error messages.
type reader struct {
	t          *Tournament
	playerLine []int
	tagLine    map[string]int
}

// line reads line number n.
func (rd *reader) line(r row, n int) error {
	t := rd.t
	tag := r.field(1, 3)
	if tag == "001" {
		p, err := parsePlayer(r, n)
		if err != nil {
			return err
		}
		t.layout = append(t.layout, line{slot: slot{"001", len(t.Players)}})
		t.Players = append(t.Players, p)
		rd.playerLine = append(rd.playerLine, n)
		return nil
	}
	f, known := headerByTag[tag]
	if !known {
		t.layout = append(t.layout, line{slot: slot{"", len(t.Other)}})
		t.Other = append(t.Other, string(r))
		return nil
	}
	if !r.blank(4) {
		return errorf(n, 4, "column 4 must be blank after the tag %s", tag)
	}
	value := strings.Trim(r.field(5, len(r)), " ")
	if tag == "112" {
		t.layout = append(t.layout, line{slot: slot{tag, len(t.DeputyArbiters)}})
		t.DeputyArbiters = append(t.DeputyArbiters, value)
		return nil
	}
	if first, dup := rd.tagLine[tag]; dup {
		return errorf(n, 1, "a second %s line; the first is line %d", tag, first)
	}
	rd.tagLine[tag] = n
	t.layout = append(t.layout, line{slot: slot{tag, 0}})
	switch {
	case tag == "132":
		dates, col, err := parseRoundDates(r)
		if err != nil {
			return errorf(n, col, "%v", err)
		}
		t.RoundDates = dates
	case tag == "152":
		switch strings.ToUpper(value) {
		case "W":
			t.InitialColour2026 = chess.White
		case "B":
			t.InitialColour2026 = chess.Black
		default:
			return errorf(n, 5, "152 wants the initial colour, W or B, not %q", value)
		}
	case tag == "XXC":
		c, rank, col, err := parseXXC(r)
		if err != nil {
			return errorf(n, col, "%v", err)
		}
		t.InitialColour, t.UseRank = c, rank
	case tag == "062":
		players, played, col, err := parse062(r)
		if err != nil {
			return errorf(n, col, "%v", err)
		}
		t.NumPlayers, t.PlayersWhoPlayed = players, played
	case f.num != nil:
		v, bad, ok := r.number(5, len(r))
		if !ok || v > f.limit {
			return errorf(n, max(bad, 5), "%s wants a number from 0 to %d, not %q", tag, f.limit, value)
		}
		*f.num(t) = v
	default:
		*f.text(t) = value
	}
	return nil
}

// parseXXC reads an XXC line, the pairing engines' configuration: "white1" or "black1" (any
// case), the colour the first player paired in round 1 gets, and JaVaFo's "rank" (see
// Tournament.UseRank), in any order, each at most once.
func parseXXC(r row) (colour chess.Colour, rank bool, col int, err error) {
	col = 5
	for _, word := range strings.Split(r.field(5, len(r)), " ") {
		switch w := strings.ToLower(word); {
		case w == "":
		case w == "rank":
			if rank {
				return 0, false, col, fmt.Errorf("XXC says rank twice")
			}
			rank = true
		case w == "white1" || w == "black1":
			if colour != chess.NoColour {
				return 0, false, col, fmt.Errorf("XXC names the initial colour twice")
			}
			colour = chess.White
			if w == "black1" {
				colour = chess.Black
			}
		default:
			return 0, false, col, fmt.Errorf("XXC: unknown word %q; want white1, black1 or rank", word)
		}
		col += len([]rune(word)) + 1
	}
	if colour == chess.NoColour && !rank {
		return 0, false, 5, fmt.Errorf("XXC without white1, black1 or rank")
	}
	return colour, rank, 0, nil
}

// parse062 reads record 062: the number of players, and the number of them who played in
// parentheses after it as Swiss-Manager writes it ("129 (88)").
func parse062(r row) (players, played, col int, err error) {
	value := r.field(5, len(r))
	main, rest, paren := strings.Cut(value, "(")
	bad := func(c int) (int, int, int, error) {
		return 0, 0, c, fmt.Errorf("062 wants the number of players, and after it in parentheses the number who played (\"129 (88)\"), not %q", strings.Trim(value, " "))
	}
	n, badCol, ok := r.number(5, 4+len([]rune(main)))
	if !ok || n > MaxStartRank {
		return bad(max(badCol, 5))
	}
	if !paren {
		return n, 0, 0, nil
	}
	at := 5 + len([]rune(main)) + 1 // the column after "("
	inner, after, closed := strings.Cut(rest, ")")
	m, badCol, ok := r.number(at, at+len([]rune(inner))-1)
	switch {
	case strings.Trim(main, " ") == "":
		return bad(5)
	case !closed || strings.Trim(inner, " ") == "":
		return bad(at - 1)
	case !ok || m > n:
		return bad(max(badCol, at))
	case strings.Trim(after, " ") != "":
		return bad(at + len([]rune(inner)) + 1)
	}
	return n, m, 0, nil
}
