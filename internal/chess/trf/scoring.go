package trf

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
)

// standardPoints are the points of each result code of record 162 when the file does not
// change them (C.04 Annex 2, tag 162): W win (over the board, by forfeit, or a full-point
// bye), D draw or half-point bye, L loss, A absence (zero-point bye or forfeit loss), P the
// pairing-allocated bye (as W), X an unknown result (as D). In half points.
var standardPoints = map[rune]chess.Score{'W': 2, 'D': 1, 'L': 0, 'A': 0, 'P': 2, 'X': 1}

// bbpPoints are the standard values of bbpPairings' own point records (TRF(bx)): BBW win, BBD
// draw, BBL loss, BBZ zero-point bye, BBF forfeit loss, BBU pairing-allocated bye.
var bbpPoints = map[string]chess.Score{"BBW": 2, "BBD": 1, "BBL": 0, "BBZ": 0, "BBF": 0, "BBU": 2}

// CheckStandardPoints returns nil when nothing in the file changes the points the results
// give from the standard ones (win 1, draw ½, loss 0; chess.Result.Score), and otherwise a
// *SyntaxError naming the first line that does, or that cannot be read:
//
//   - 162 (TRF-2026, scoring point system) with a value other than the default;
//   - BBW, BBD, BBL, BBZ, BBF, BBU (bbpPairings' point records) likewise;
//   - XXS (JaVaFo's scoring record), whatever it holds;
//   - 299 (TRF-2026, abnormal assignment of points: penalties, bonuses).
//
// The pairing engine and the standings count points the standard way; a file that scores
// otherwise would be paired and ranked wrongly without anyone noticing, so they call this
// first and refuse it.
func (t *Tournament) CheckStandardPoints() error {
	for i, line := range t.Other {
		if err := checkPointsLine(row(line)); err != nil {
			return errorf(t.Line("", i), 0, "record %q: %v", line, err)
		}
	}
	return nil
}

// checkPointsLine checks one line of Other (see CheckStandardPoints).
func checkPointsLine(r row) error {
	tag := r.field(1, 3)
	if want, ok := bbpPoints[tag]; ok {
		pts, _, err := parsePoints(r.field(5, len(r)))
		if err != nil {
			return err
		}
		if pts != want {
			return fmt.Errorf("%s %s changes the standard points (win 1, draw ½, loss 0); only those are supported", tag, pts)
		}
		return nil
	}
	switch tag {
	case "162":
		return check162(r)
	case "XXS":
		return fmt.Errorf("scoring records (XXS) are not supported; only the standard points (win 1, draw ½, loss 0) are")
	case "299":
		return fmt.Errorf("abnormal assignments of points (299) are not supported")
	}
	return nil
}

// check162 reads record 162: a result code in column 6 and its points in 7-10, then the same
// every nine columns (15 and 16-19, 24 and 25-28, ...), blanks between them.
func check162(r row) error {
	for at := 6; at <= len(r); at += 9 {
		from := at - 4 // the blanks before the code: 11-14, 20-23, ...; 4-5 after the tag
		if at == 6 {
			from = 4
		}
		if strings.Trim(r.field(from, at-1), " ") != "" {
			return fmt.Errorf("columns %d-%d must be blank", from, at-1)
		}
		code := r.at(at)
		if code == ' ' && strings.Trim(r.field(at, len(r)), " ") == "" {
			return nil
		}
		want, known := standardPoints[code]
		if !known {
			return fmt.Errorf("column %d: %q is not a result code of record 162 (W, D, L, A, P, X)", at, code)
		}
		pts, _, err := parsePoints(r.field(at+1, at+4))
		if err != nil {
			return fmt.Errorf("columns %d-%d: %v", at+1, at+4, err)
		}
		if pts != want {
			return fmt.Errorf("%c %s changes the standard points (win 1, draw ½, loss 0); only those are supported", code, pts)
		}
	}
	return nil
}
