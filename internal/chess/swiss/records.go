package swiss

import (
	"fmt"
	"strconv"
	"strings"
)

// records is what the lines of a TRF file outside the player section, which the trf package
// keeps as they are, say about the pairing of one round.
type records struct {
	forbidden [][]int // groups of players no two of whom may meet
	absent    []int   // players who sit the round out
	xxa       []xxa   // XXA lines, in file order
	baku      string  // the 192 record when it names the Dutch system with the Baku acceleration
}

// readRecords reads the lines of a TRF file that concern the pairing of round `round`:
//
//   - 260 (TRF-2026, prohibited pairings): rounds in columns 5-7 and 9-11, then players in
//     13-16, 18-21, and so on; no two of them may meet in those rounds.
//   - XXP (the pairing engines' tag): player numbers separated by blanks; no two of them may
//     meet in any round.
//   - 240 (TRF-2026, byes): F, H or Z in column 5, the round in 7-9, then players in 11-14,
//     16-19, and so on; they sit that round out.
//   - XXA (the pairing engines' tag, acceleration): see readXXA. Record 250 is read by the
//     trf package (trf.Tournament.Accelerations).
//   - 192 (TRF-2026, the pairing system): see readSystem. The number of rounds and the
//     initial colour (142, 152) are read by the trf package.
//
// Each prohibited group's players are returned as they are; every pair in a group is
// forbidden. Records that would make this package pair wrongly are refused (see readSystem);
// those that change the points are checked by trf.Tournament.CheckStandardPoints.
func readRecords(lines []string, round int) (records, error) {
	var rec records
	for _, line := range lines {
		var err error
		switch {
		case strings.HasPrefix(line, "260"):
			err = rec.read260(line, round)
		case strings.HasPrefix(line, "XXP"):
			err = rec.readXXP(line)
		case strings.HasPrefix(line, "240"):
			err = rec.read240(line, round)
		case strings.HasPrefix(line, "XXA"):
			var x xxa
			if x, err = readXXA(line); err == nil {
				rec.xxa = append(rec.xxa, x)
			}
		default:
			err = rec.readSystem(line)
		}
		if err != nil {
			return records{}, invalid("record %q: %v", line, err)
		}
	}
	return rec, nil
}

// read260 reads a prohibited pairing, kept when it covers round `round`.
func (rec *records) read260(line string, round int) error {
	first, err1 := recordNumber(line, 5, 7)
	last, err2 := recordNumber(line, 9, 11)
	ids, err3 := recordIDs(line, 13)
	if err := firstError(err1, err2, err3); err != nil {
		return err
	}
	if first <= round && round <= last {
		rec.forbidden = append(rec.forbidden, ids)
	}
	return nil
}

// readXXP reads a prohibited pairing for every round.
func (rec *records) readXXP(line string) error {
	var ids []int
	for _, f := range strings.Fields(line[3:]) {
		id, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("%q is not a player number", f)
		}
		ids = append(ids, id)
	}
	rec.forbidden = append(rec.forbidden, ids)
	return nil
}

// read240 reads announced byes, kept for round `round`.
func (rec *records) read240(line string, round int) error {
	kind := ""
	if len(line) >= 5 {
		kind = line[4:5]
	}
	r, err1 := recordNumber(line, 7, 9)
	ids, err2 := recordIDs(line, 11)
	if err := firstError(err1, err2); err != nil || !strings.Contains("FHZfhz", kind) || kind == "" {
		return fmt.Errorf("want 240 F|H|Z ROUND PLAYER [PLAYER ...]")
	}
	if r == round {
		rec.absent = append(rec.absent, ids...)
	}
	return nil
}

// recordNumber reads columns from..to (1-based) as a number.
func recordNumber(line string, from, to int) (int, error) {
	if len(line) < to {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(strings.TrimSpace(line[from-1 : to]))
}

// recordIDs reads player numbers of four columns every five columns from column `from`.
func recordIDs(line string, from int) ([]int, error) {
	var ids []int
	for at := from; at-1 < len(line); at += 5 {
		field := strings.TrimSpace(line[at-1 : min(at+3, len(line))])
		if field == "" {
			continue
		}
		id, err := strconv.Atoi(field)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
