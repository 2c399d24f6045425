package trf

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
)

// Acceleration is one record 250 of an individual tournament (C.04 Annex 2, "Accelerated
// rounds"): in rounds FirstRound..LastRound, the players whose start ranks run from
// FirstPlayer to LastPlayer have Points fictitious points added to their score for the
// pairing (the virtual points of the accelerated systems, C.04.5). Record 250 comes after
// the player section; the format's example is the Baku method's pair of records:
//
//	### MMMM GGGG RRF RRL PPPF PPPL
//	250      1.0 001 003    1   90
//	250      0.5 004 005    1   90
//
// Columns 5-8 hold fictitious match points, which only a team competition has: they are left
// blank (or zero) here.
type Acceleration struct {
	Points      chess.Score // 10-13: more than 0
	FirstRound  int         // 15-17, from 1
	LastRound   int         // 19-21, at least FirstRound
	FirstPlayer int         // 23-26, a start rank
	LastPlayer  int         // 28-31, at least FirstPlayer
}

// The columns of record 250.
const (
	accMatchPoints = 5  // 5-8
	accPoints      = 10 // 10-13
	accFirstRound  = 15 // 15-17
	accLastRound   = 19 // 19-21
	accFirstPlayer = 23 // 23-26
	accLastPlayer  = 28 // 28-31
	accEnd         = 31
)

// accSeparators are the columns of record 250 that must be blank.
var accSeparators = []int{4, 9, 14, 18, 22, 27}

// Accelerations returns the file's 250 records in the order they come. A record that does not
// follow the format is a *SyntaxError naming its line and column.
func (t *Tournament) Accelerations() ([]Acceleration, error) {
	var out []Acceleration
	for i, line := range t.Other {
		if !strings.HasPrefix(line, "250") {
			continue
		}
		a, col, err := parseAcceleration(row(line))
		if err != nil {
			return nil, errorf(t.Line("", i), col, "record %q: %v", line, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// SetAccelerations replaces the file's 250 records with acc, written after the other lines.
// A record that the format cannot hold (see Acceleration's fields) is an error, and t is then
// not changed.
func (t *Tournament) SetAccelerations(acc []Acceleration) error {
	lines := make([]string, len(acc))
	for i, a := range acc {
		l, err := a.line()
		if err != nil {
			return err
		}
		lines[i] = l
	}
	t.removeOther(func(line string) bool { return strings.HasPrefix(line, "250") })
	t.Other = append(t.Other, lines...)
	return nil
}

// removeOther drops the lines of Other for which drop is true, and their places in the layout
// of a file that was read.
func (t *Tournament) removeOther(drop func(string) bool) {
	index := make([]int, len(t.Other)) // old index → new index, -1 when dropped
	kept := t.Other[:0:0]
	for i, line := range t.Other {
		index[i] = -1
		if !drop(line) {
			index[i] = len(kept)
			kept = append(kept, line)
		}
	}
	t.Other = kept
	layout := t.layout[:0:0]
	for _, l := range t.layout {
		if l.tag == "" {
			if l.index >= len(index) || index[l.index] < 0 {
				continue
			}
			l.index = index[l.index]
		}
		layout = append(layout, l)
	}
	t.layout = layout
}

// parseAcceleration reads one 250 line; the column tells where it went wrong.
func parseAcceleration(r row) (Acceleration, int, error) {
	var a Acceleration
	if len(r) < accEnd {
		return a, len(r) + 1, fmt.Errorf("the record ends at column %d; it runs to column %d", len(r), accEnd)
	}
	for _, c := range accSeparators {
		if !r.blank(c) {
			return a, c, fmt.Errorf("column %d must be blank, found %q", c, r.at(c))
		}
	}
	if strings.Trim(r.field(accEnd+1, len(r)), " ") != "" {
		return a, accEnd + 1, fmt.Errorf("nothing may follow column %d", accEnd)
	}
	match, col, err := parsePoints(r.field(accMatchPoints, accMatchPoints+3))
	if err != nil {
		return a, accMatchPoints + col, fmt.Errorf("match points: %v", err)
	}
	if match != 0 {
		return a, accMatchPoints, fmt.Errorf("fictitious match points (columns 5-8) are for team competitions; leave them blank")
	}
	a.Points, col, err = parsePoints(r.field(accPoints, accPoints+3))
	if err != nil {
		return a, accPoints + col, fmt.Errorf("points: %v", err)
	}
	if a.Points == 0 {
		return a, accPoints, fmt.Errorf("the fictitious points (columns 10-13) must be more than 0.0")
	}
	fields := []struct {
		dst       *int
		col, wide int
		what      string
		limit     int
	}{
		{&a.FirstRound, accFirstRound, 3, "first round", MaxRounds},
		{&a.LastRound, accLastRound, 3, "last round", MaxRounds},
		{&a.FirstPlayer, accFirstPlayer, 4, "first player", MaxStartRank},
		{&a.LastPlayer, accLastPlayer, 4, "last player", MaxStartRank},
	}
	for _, f := range fields {
		v, bad, ok := r.number(f.col, f.col+f.wide-1)
		if !ok {
			return a, bad, fmt.Errorf("%s %q is not a number", f.what, r.field(f.col, f.col+f.wide-1))
		}
		if v < 1 || v > f.limit {
			return a, f.col, fmt.Errorf("%s %d is outside 1..%d", f.what, v, f.limit)
		}
		*f.dst = v
	}
	if a.FirstRound > a.LastRound {
		return a, accLastRound, fmt.Errorf("last round %d comes before first round %d", a.LastRound, a.FirstRound)
	}
	if a.FirstPlayer > a.LastPlayer {
		return a, accLastPlayer, fmt.Errorf("last player %d comes before first player %d", a.LastPlayer, a.FirstPlayer)
	}
	return a, 0, nil
}

// line writes the record in its columns.
func (a Acceleration) line() (string, error) {
	switch {
	case a.Points <= 0 || a.Points > maxPoints:
		return "", fmt.Errorf("trf: record 250: %d half points are outside 0.5..%s", a.Points, maxPoints)
	case a.FirstRound < 1 || a.LastRound < a.FirstRound || a.LastRound > MaxRounds:
		return "", fmt.Errorf("trf: record 250: rounds %d..%d are not a range within 1..%d", a.FirstRound, a.LastRound, MaxRounds)
	case a.FirstPlayer < 1 || a.LastPlayer < a.FirstPlayer || a.LastPlayer > MaxStartRank:
		return "", fmt.Errorf("trf: record 250: players %d..%d are not a range within 1..%d", a.FirstPlayer, a.LastPlayer, MaxStartRank)
	}
	return fmt.Sprintf("250 %4s %4s %03d %03d %4d %4d", "", a.Points, a.FirstRound, a.LastRound, a.FirstPlayer, a.LastPlayer), nil
}
