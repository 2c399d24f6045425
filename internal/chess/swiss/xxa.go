package swiss

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// xxa is one XXA line: a player's virtual points round by round, from round 1.
type xxa struct {
	line   string
	id     int
	points []chess.Score
}

// readXXA reads an XXA line, the pairing engines' acceleration tag (TRF(x), as JaVaFo and
// bbpPairings read it): the player's number in columns 5-8, then the virtual points of rounds
// 1, 2, ... in four columns each, a blank before each (10-13, 15-18, ...). A blank field counts
// 0; the points are whole or half points.
func readXXA(line string) (xxa, error) {
	x := xxa{line: line}
	line = strings.TrimRight(line, " ")
	id, err := recordNumber(line+"    ", 5, 8)
	if err != nil || id < 1 || id > MaxID {
		return x, fmt.Errorf("columns 5-8 must hold a player number")
	}
	x.id = id
	for at := 9; at <= len(line); at += 5 {
		if line[at-1] != ' ' {
			return x, fmt.Errorf("column %d must be blank", at)
		}
		field := strings.TrimSpace(line[at:min(at+4, len(line))])
		if len(x.points) == MaxRounds {
			return x, fmt.Errorf("more than %d rounds", MaxRounds)
		}
		if field == "" {
			x.points = append(x.points, 0)
			continue
		}
		pts, err := parseVirtual(field)
		if err != nil {
			return x, fmt.Errorf("columns %d-%d: %v", at+1, at+4, err)
		}
		x.points = append(x.points, pts)
	}
	return x, nil
}

// parseVirtual reads a number of virtual points such as "1.0" or "0.5".
func parseVirtual(s string) (chess.Score, error) {
	if strings.Trim(s, "0123456789.") != "" || strings.Count(s, ".") > 1 {
		return 0, fmt.Errorf("%q is not a number of points", s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number of points", s)
	}
	if v*2 != float64(int(v*2)) || v > 99.5 {
		return 0, fmt.Errorf("%s: only whole and half points up to 99.5 are supported", s)
	}
	return chess.Score(v * 2), nil
}

// fileAccelerations returns the acceleration a file gives: its 250 records in their order,
// then its XXA lines, each turned into records of one player. Both forms may not give one
// player's acceleration, nor two XXA lines (what the second would mean depends on the
// engine), and an XXA line may not outrun the tournament; ids are the players' numbers.
func fileAccelerations(r250 []trf.Acceleration, lines []xxa, rounds int, ids map[int]bool) ([]Acceleration, error) {
	var out []Acceleration
	for _, a := range r250 {
		out = append(out, Acceleration{Points: a.Points, FirstRound: a.FirstRound, LastRound: a.LastRound, FirstID: a.FirstPlayer, LastID: a.LastPlayer})
	}
	covered := mergedRanges(r250)
	seen := map[int]bool{}
	for _, x := range lines {
		switch {
		case !ids[x.id]:
			return nil, invalid("record %q: player %d is not a player of the file", x.line, x.id)
		case seen[x.id]:
			return nil, invalid("record %q: a second XXA line for player %d", x.line, x.id)
		case covered(x.id):
			return nil, invalid("record %q: player %d's acceleration is given by a 250 record too", x.line, x.id)
		case len(x.points) > rounds:
			return nil, invalid("record %q: %d rounds of virtual points, the tournament has %d", x.line, len(x.points), rounds)
		}
		seen[x.id] = true
		for r := 0; r < len(x.points); {
			end := r + 1
			for end < len(x.points) && x.points[end] == x.points[r] {
				end++
			}
			if x.points[r] > 0 {
				out = append(out, Acceleration{Points: x.points[r], FirstRound: r + 1, LastRound: end, FirstID: x.id, LastID: x.id})
			}
			r = end
		}
		if len(out) > MaxAccelerations {
			return nil, invalid("record %q: the file gives more than %d accelerations", x.line, MaxAccelerations)
		}
	}
	return out, nil
}

// mergedRanges returns a test of whether a player number lies in one of the records' ranges.
func mergedRanges(recs []trf.Acceleration) func(int) bool {
	type span struct{ lo, hi int }
	spans := make([]span, 0, len(recs))
	for _, a := range recs {
		spans = append(spans, span{a.FirstPlayer, a.LastPlayer})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.lo - b.lo })
	var merged []span
	for _, s := range spans {
		if n := len(merged); n > 0 && s.lo <= merged[n-1].hi+1 {
			merged[n-1].hi = max(merged[n-1].hi, s.hi)
			continue
		}
		merged = append(merged, s)
	}
	return func(id int) bool {
		i, _ := slices.BinarySearchFunc(merged, id, func(s span, id int) int {
			switch {
			case s.hi < id:
				return -1
			case s.lo > id:
				return 1
			}
			return 0
		})
		return i < len(merged) && merged[i].lo <= id && id <= merged[i].hi
	}
}
