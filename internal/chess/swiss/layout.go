package swiss

import (
	"math/bits"
)

// A weight is one big unsigned integer made of fields, the most important criterion in the
// most significant bits; every field is wide enough that the sum of its values over a whole
// matching never reaches the next field, so that comparing two matchings' total weights
// compares the criteria one after the other. From the top:
//
//	pairs     C4 (completion) and C2/C5 (who may be left for the bye): 1 per pair, plus 1 for
//	          each player of the pair who must not get the bye
//	bracket   C6: pairs made in the bracket; C7: by the score of their higher player
//	next      C8: pairs made in the following bracket, and their scores
//	bye       C9: the unplayed-games rank of the bye candidates who get paired
//	colours   C10, C11, C12, C13: pairs that keep each colour criterion
//	floats    C14–C17: repeated floats avoided (counts), C18–C21: by score
//	tail      the order of generation (Article 4): which MDPs, which opponents, which exchanges
//
// Score-indexed fields hold one sub-field per distinct score of the bracket and the
// following scoregroup, the highest score most significant, so that "the scores of the
// downfloaters" compare the way C7 and C18–C21 read (highest first). The tail is a signed
// number added to the rest.
type layout struct {
	countBits int // width of a count field
	subBits   int // width of a sub-field of a score-indexed field
	scores    int // sub-fields per score-indexed field

	tailBits int
	pos      [numFields]int // least significant bit of each field
	total    int            // bits of the whole weight
}

// The fields, from least to most significant.
const (
	fC21 = iota // score-indexed
	fC20        // score-indexed
	fC19        // score-indexed
	fC18        // score-indexed
	fC17
	fC16
	fC15
	fC14
	fC13
	fC12
	fC11
	fC10
	fBye    // C9, two count widths
	fNextSc // C8, score-indexed
	fNext   // C8
	fBracSc // C7, score-indexed
	fBrac   // C6
	fPairs  // C4, C2, C5
	numFields
)

// bitsFor returns the number of bits needed to hold v.
func bitsFor(v int) int { return bits.Len(uint(v)) }

// newLayout lays out weights for n players, scoregroups of at most maxGroup players and
// brackets spanning at most scores distinct scores (with the following scoregroup).
func newLayout(n, maxGroup, scores int) layout {
	l := layout{countBits: bitsFor(n), subBits: bitsFor(maxGroup), scores: scores}
	// The tail holds, per pair, at most 2·(2^(2c) + n) (an exchange preference) or a few
	// times n (MDP choices); summed over n/2 pairs this stays below 2^(3c+3).
	l.tailBits = 3*l.countBits + 3
	at := l.tailBits
	for f := range numFields {
		l.pos[f] = at
		at += l.width(f)
	}
	l.total = at
	return l
}

// width returns the width of field f.
func (l *layout) width(f int) int {
	switch f {
	case fC21, fC20, fC19, fC18, fNextSc, fBracSc:
		return l.scores * l.subBits
	case fBye:
		return 2 * l.countBits
	case fPairs:
		// 1 + two flags per pair, over n/2 pairs: below 2n.
		return l.countBits + 2
	}
	return l.countBits
}

// put adds v << (pos[f] + sub·subBits) to w; v fits its field.
func (l *layout) put(w []uint64, f int, sub int, v uint64) {
	if v == 0 {
		return
	}
	at := l.pos[f] + sub*l.subBits
	addShifted(w, v, at)
}

// addShifted adds v << at to w.
func addShifted(w []uint64, v uint64, at int) {
	i, s := at/64, uint(at%64)
	lo, hi := v<<s, uint64(0)
	if s > 0 {
		hi = v >> (64 - s)
	}
	var c uint64
	w[i], c = bits.Add64(w[i], lo, 0)
	for j := i + 1; j < len(w) && (c != 0 || hi != 0); j++ {
		w[j], c = bits.Add64(w[j], hi, c)
		hi = 0
	}
}

// addSigned adds t (which may be negative) to w; the result stays non-negative.
func addSigned(w []uint64, t int64) {
	if t >= 0 {
		addShifted(w, uint64(t), 0)
		return
	}
	borrow := uint64(-t)
	for i := range w {
		if borrow == 0 {
			return
		}
		w[i], borrow = bits.Sub64(w[i], borrow, 0)
	}
}
