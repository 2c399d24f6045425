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
		line, rest, eol := cutLine(data)
		if lim.LineBytes > 0 && len(line) > lim.LineBytes {
			return nil, errorf(n, 0, "longer than %d bytes (the limit)", lim.LineBytes)
		}
		data = rest
		if t.eol == "" {
			t.eol = eol
		}
		t.noFinalEOL = eol == ""
		if err := rd.line(decode(line), n); err != nil {
			return nil, err
		}
	}
	if t.eol == "" {
		t.eol = "\n"
	}
	if err := check(t, rd.playerLine); err != nil {
		return nil, err
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
		t.layout = append(t.layout, slot{"001", len(t.Players)})
		t.Players = append(t.Players, p)
		rd.playerLine = append(rd.playerLine, n)
		return nil
	}
	f, known := headerByTag[tag]
	if !known {
		t.layout = append(t.layout, slot{"", len(t.Other)})
		t.Other = append(t.Other, string(r))
		return nil
	}
	if !r.blank(4) {
		return errorf(n, 4, "column 4 must be blank after the tag %s", tag)
	}
	value := strings.Trim(r.field(5, len(r)), " ")
	if tag == "112" {
		t.layout = append(t.layout, slot{tag, len(t.DeputyArbiters)})
		t.DeputyArbiters = append(t.DeputyArbiters, value)
		return nil
	}
	if first, dup := rd.tagLine[tag]; dup {
		return errorf(n, 1, "a second %s line; the first is line %d", tag, first)
	}
	rd.tagLine[tag] = n
	t.layout = append(t.layout, slot{tag, 0})
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
		c, col, err := parseInitialColour(r)
		if err != nil {
			return errorf(n, col, "%v", err)
		}
		t.InitialColour = c
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

// parseInitialColour reads an XXC line: "white1" or "black1" (any case), the colour the first
// player paired in round 1 gets.
func parseInitialColour(r row) (chess.Colour, int, error) {
	colour := chess.NoColour
	col := 5
	for _, word := range strings.Split(r.field(5, len(r)), " ") {
		switch strings.ToLower(word) {
		case "":
		case "white1", "black1":
			if colour != chess.NoColour {
				return 0, col, fmt.Errorf("XXC names the initial colour twice")
			}
			colour = chess.White
			if strings.EqualFold(word, "black1") {
				colour = chess.Black
			}
		default:
			return 0, col, fmt.Errorf("XXC: unknown word %q; want white1 or black1", word)
		}
		col += len([]rune(word)) + 1
	}
	if colour == chess.NoColour {
		return 0, 5, fmt.Errorf("XXC without white1 or black1")
	}
	return colour, 0, nil
}
