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
// Which voluntary unplayed round is "lowest" is taken as FIDE TEC's reference tool,
// TieBreakServer 1.9.57, takes it: the one whose dummy opponent has the lowest score (then
// the lowest contribution). For Buchholz score and contribution are the same; for
// Sonneborn-Berger they can fall in different orders when a player has two such rounds, and a
// reading of 16.5.2 by contribution would then cut another round. The club's bar is to rank as
// FIDE's reference tools do, so the tool's reading is followed (TestTieBreakServer pins a case).
func cut(cs []contribution, low, high, rounds int, sb bool) int64 {
	gone := make([]bool, len(cs)) // small: kept on the stack, as markCut does not keep it
	markCut(cs, low, high, rounds, gone)
	var sum int64
	for i, c := range cs {
		if !gone[i] {
			sum += c.value
		}
	}
	return sum
}

// markCut sets gone[i] for each contribution cut takes away (gone has one entry per
// contribution, all false); Explain shows which.
func markCut(cs []contribution, low, high, rounds int, gone []bool) {
	low = min(low, rounds)
	high = min(high, rounds-low)
	for range low {
		lsv, vur := -1, -1
		for i, c := range cs {
			if gone[i] {
				continue
			}
			if lsv < 0 || c.score < cs[lsv].score || (c.score == cs[lsv].score && c.value < cs[lsv].value) {
				lsv = i
			}
			if c.vur && (vur < 0 || lowerVUR(c, cs[vur])) {
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
}

// lowerVUR orders voluntary unplayed rounds for the cut (16.5): by the dummy opponent's score,
// then by contribution, as the reference tool does (see cut).
func lowerVUR(a, b contribution) bool {
	return a.score < b.score || (a.score == b.score && a.value < b.value)
}
