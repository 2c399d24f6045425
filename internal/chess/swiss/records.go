package swiss

import (
	"strconv"
	"strings"
)

// roundRecords reads the lines of a TRF file that concern the pairing of round `round` and
// that the trf package keeps as they are: prohibited pairings and announced byes.
//
//   - 260 (TRF-2026, prohibited pairings): rounds in columns 5-7 and 9-11, then players in
//     13-16, 18-21, and so on; no two of them may meet in those rounds.
//   - XXP (the pairing engines' tag): player numbers separated by blanks; no two of them may
//     meet in any round.
//   - 240 (TRF-2026, byes): F, H or Z in column 5, the round in 7-9, then players in 11-14,
//     16-19, and so on; they sit that round out.
//
// Each record's players are returned as they are; every pair in a group is forbidden. Files
// that change the points (162) or accelerate rounds (250, XXA) are refused: this package pairs
// with the standard points and without acceleration, and would pair them wrongly.
func roundRecords(lines []string, round int) (forbidden [][]int, absent []int, err error) {
	for _, line := range lines {
		switch {
		case strings.HasPrefix(line, "162"):
			return nil, nil, invalid("record %q: points other than 1, ½ and 0 (162) are not supported", line)
		case strings.HasPrefix(line, "250"), strings.HasPrefix(line, "XXA"):
			return nil, nil, invalid("record %q: accelerated pairings are not supported", line)
		case strings.HasPrefix(line, "260"):
			first, err1 := recordNumber(line, 5, 7)
			last, err2 := recordNumber(line, 9, 11)
			ids, err3 := recordIDs(line, 13)
			if err := firstError(err1, err2, err3); err != nil {
				return nil, nil, invalid("record %q: %v", line, err)
			}
			if first <= round && round <= last {
				forbidden = append(forbidden, ids)
			}
		case strings.HasPrefix(line, "XXP"):
			var ids []int
			for _, f := range strings.Fields(line[3:]) {
				id, err := strconv.Atoi(f)
				if err != nil {
					return nil, nil, invalid("record %q: %q is not a player number", line, f)
				}
				ids = append(ids, id)
			}
			forbidden = append(forbidden, ids)
		case strings.HasPrefix(line, "240"):
			kind := ""
			if len(line) >= 5 {
				kind = line[4:5]
			}
			r, err1 := recordNumber(line, 7, 9)
			ids, err2 := recordIDs(line, 11)
			if err := firstError(err1, err2); err != nil || !strings.Contains("FHZfhz", kind) || kind == "" {
				return nil, nil, invalid("record %q: want 240 F|H|Z ROUND PLAYER...", line)
			}
			if r == round {
				absent = append(absent, ids...)
			}
		}
	}
	return forbidden, absent, nil
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
