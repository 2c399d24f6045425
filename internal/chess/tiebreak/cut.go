package tiebreak

// cut sums the contributions after cutting the low least significant and the high most
// significant of them (C.07 14.1-14.4: Cut-n cuts low, Median-n low then high), never more
// than there are rounds (low at most the rounds, low + high at most the rounds).
//
// The least significant contribution is the one of the lowest-scoring opponent, and among
// equal scores the lowest contribution (14.1.1: "SB-C1 drops the product for the
// lowest-scoring opponent; if several share that score, the lowest of their products"). When
// the player has voluntary unplayed rounds, the cut takes the lowest contribution coming from
// one of them instead, as long as it is not lower than the least significant value (16.5.1);
// for Sonneborn-Berger, of the two the higher is cut (16.5.2). Each further cut repeats this.
//
// TieBreakServer 1.9.57 picks the voluntary unplayed round by the dummy's score rather than by
// its contribution; for Buchholz the two are the same, for Sonneborn-Berger they differ when a
// player has two such rounds whose scores and contributions fall in different orders. Here
// the text of 16.5.2 is followed.
func cut(cs []contribution, low, high, rounds int, sb bool) int64 {
	low = min(low, rounds)
	high = min(high, rounds-low)
	gone := make([]bool, len(cs))
	for range low {
		lsv, vur := -1, -1
		for i, c := range cs {
			if gone[i] {
				continue
			}
			if lsv < 0 || c.score < cs[lsv].score || (c.score == cs[lsv].score && c.value < cs[lsv].value) {
				lsv = i
			}
			if c.vur && (vur < 0 || lowerVUR(c, cs[vur], sb)) {
				vur = i
			}
		}
		switch {
		case lsv < 0: // nothing left to cut
		case vur >= 0 && cs[vur].value >= cs[lsv].value:
			gone[vur] = true
		default:
			gone[lsv] = true
		}
	}
	for range high {
		top := -1
		for i, c := range cs {
			if !gone[i] && (top < 0 || c.score > cs[top].score || (c.score == cs[top].score && c.value > cs[top].value)) {
				top = i
			}
		}
		if top >= 0 {
			gone[top] = true
		}
	}
	var sum int64
	for i, c := range cs {
		if !gone[i] {
			sum += c.value
		}
	}
	return sum
}

// lowerVUR orders voluntary unplayed rounds for the cut: by contribution for Sonneborn-Berger
// (16.5.2: "the lowest contribution coming from a VUR"), by score for Buchholz, where score and
// contribution are the same.
func lowerVUR(a, b contribution, sb bool) bool {
	if sb {
		return a.value < b.value || (a.value == b.value && a.score < b.score)
	}
	return a.score < b.score
}
