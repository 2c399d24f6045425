package tournament

import (
	"fmt"
	"strconv"
	"strings"
)

// ForbiddenPair is two players of a Swiss who must not meet, in rounds FromRound to ToRound
// (nil: to the last): members of one family, or of the same club where the event's
// regulations say so. The Dutch system honours it as an absolute criterion, as it does a
// rematch (C.04.3 C1), and a TRF file records it as a 260 record (TRF-2026, prohibited
// pairings), which is how the pairing reads it (Field.TRF, swiss.NextRound).
type ForbiddenPair struct {
	// A and B are the players' member ids, A < B.
	A, B      int64
	FromRound int
	ToRound   *int
}

// Applies reports whether the pair may not meet in round r.
func (p ForbiddenPair) Applies(r int) bool {
	return r >= p.FromRound && (p.ToRound == nil || r <= *p.ToRound)
}

// Ordered returns a and b as a pair's A and B.
func Ordered(a, b int64) (int64, int64) {
	if a > b {
		return b, a
	}
	return a, b
}

// forbiddenRecords returns the 260 records of the forbidden pairs whose players have pairing
// numbers: the first and last round in columns 5-7 and 9-11 (the tournament's last round for a
// pair without one), the two pairing numbers in 13-16 and 18-21.
func (f *Field) forbiddenRecords() []string {
	var out []string
	for _, p := range f.Forbidden {
		a, b := f.ByID[p.A], f.ByID[p.B]
		if a == nil || b == nil || a.StartRank == 0 || b.StartRank == 0 {
			continue
		}
		last := f.TotalRounds()
		if p.ToRound != nil {
			last = *p.ToRound
		}
		if last < p.FromRound {
			continue
		}
		out = append(out, fmt.Sprintf("260 %03d %03d %4d %4d", p.FromRound, last, a.StartRank, b.StartRank))
	}
	return out
}

// RankPair is a forbidden pair read from a TRF file: the two pairing numbers and the rounds.
type RankPair struct {
	A, B     int
	From, To int
}

// ReadForbidden reads the prohibited pairings of a TRF file's other records, for a
// tournament of total rounds: 260 records (TRF-2026: the first and last round in columns 5-7
// and 9-11, then pairing numbers in 13-16, 18-21, …; no two of them may meet in those rounds)
// and XXP lines (the pairing engines' form: pairing numbers separated by blanks, for every
// round). A record of more than two players forbids every pair among them. It returns an
// Invalid refusal naming a record that is not well formed or names no player of players.
func ReadForbidden(lines []string, total int, players map[int]bool) ([]RankPair, error) {
	var out []RankPair
	for _, line := range lines {
		var from, to int
		var fields []string
		switch {
		case strings.HasPrefix(line, "260"):
			if len(line) < 16 {
				return nil, ImportInvalid("record %q: want 260 FIRST LAST PLAYER PLAYER…", line)
			}
			var err1, err2 error
			from, err1 = strconv.Atoi(strings.TrimSpace(line[4:7]))
			to, err2 = strconv.Atoi(strings.TrimSpace(line[8:11]))
			if err1 != nil || err2 != nil || from < 1 || to < from {
				return nil, ImportInvalid("record %q: columns 5-7 and 9-11 must be the first and last round", line)
			}
			fields = strings.Fields(line[11:])
		case strings.HasPrefix(line, "XXP"):
			from, to, fields = 1, total, strings.Fields(line[3:])
		default:
			continue
		}
		var ranks []int
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil || !players[n] {
				return nil, ImportInvalid("record %q: %q is not a player's pairing number", line, f)
			}
			ranks = append(ranks, n)
		}
		for i := range ranks {
			for j := i + 1; j < len(ranks); j++ {
				if ranks[i] != ranks[j] {
					out = append(out, RankPair{A: ranks[i], B: ranks[j], From: from, To: min(to, max(total, from))})
				}
			}
		}
	}
	return out, nil
}
