package swiss

import (
	"errors"
	"fmt"
	"slices"

	"campus.example/apps/internal/chess"
)

// Criterion is one pairing criterion of the Dutch system, by its number in C.04.3 Article 2:
// C1–C3 are absolute, C4 is completion, C5 the bye's score, C6–C21 the quality criteria.
type Criterion int

// String returns the criterion as the Handbook writes it, "C12".
func (c Criterion) String() string { return fmt.Sprintf("C%d", int(c)) }

// Absolute reports whether the criterion is absolute (C.04.3 2.1): a pairing that breaks it
// may not be published.
func (c Criterion) Absolute() bool { return c >= 1 && c <= 3 }

// Verdict is what the checker says of a proposed pairing of one round, set beside the pairing
// this package makes of the same round (C.04.2: an endorsed program checks a pairing by pairing
// the round again).
type Verdict struct {
	// Differs reports that the proposal is not the engine's pairing: some game of the engine's
	// pairing, with its colours, or its pairing-allocated bye, is missing from the proposal.
	// Board order does not count.
	Differs bool
	// NoPairing reports that no pairing meets the absolute criteria (C.04.3 1.9.3): the engine
	// has no pairing to compare with, and Differs is true.
	NoPairing bool
	// Engine holds the engine's games, and its bye, that the proposal does not have, in board
	// order.
	Engine Pairing
	// Proposed holds the proposal's games, and its bye, of the players of Engine.
	Proposed Pairing
	// Breaks lists the absolute criteria the proposal breaks (C1–C3), in order.
	Breaks []Criterion
	// Worse lists the criteria C5–C21 on which the proposal, over the whole round, scores worse
	// than the engine's pairing, in order (see Check for how each is counted).
	Worse []Criterion
}

// Check sets the proposed pairing of round k+1 beside the one Pair makes of req and says
// where they differ, as bbpPairings' checker does: a game of the engine's pairing that the
// proposal lacks, or has with the colours the other way round, or another bye, makes the
// round differ.
//
// The criteria name why, counted over the whole round for each pairing: C1 games between
// players who have met (over the board) or are a forbidden pair, C2 a bye to a player who had
// one or won a point without playing, C3 non-topscorers with the same absolute colour
// preference paired together; then, compared with the engine's pairing, C5 the bye's score,
// C6 the number of downfloaters (the higher of two players of different scores), C7 their
// scores from the highest, C9 the unplayed games of the bye's player, C10 topscorers and their
// opponents beyond a colour difference of 2, C11 those with one colour three times running,
// C12 players without their colour preference, C13 players without a strong or absolute one,
// C14–C17 players who float the same way as one (C14, C15) or two (C16, C17) rounds before,
// down and up, and C18–C21 the score differences of those floats. The rules weigh them bracket
// by bracket from the top; the round totals show which rules a pairing trades. C4 (the round
// can be completed) holds for every proposal Check accepts, and C8, which looks from one
// bracket to the next, has no total of its own: it shows in C6 and C7.
//
// The proposal must pair every player who is not absent exactly once, by IDs of req, with at
// most one bye; otherwise, or for an invalid req, Check returns an error wrapping ErrInvalid.
func Check(req Request, proposed Pairing) (Verdict, error) {
	k, index, err := req.validate()
	if err != nil {
		return Verdict{}, err
	}
	if err := validProposal(&req, index, proposed); err != nil {
		return Verdict{}, err
	}
	var v Verdict
	tal := newTally(&req, k, index)
	prop := tal.count(proposed)
	for c := Criterion(1); c <= 3; c++ {
		if prop[c] != nil && prop[c][0] > 0 {
			v.Breaks = append(v.Breaks, c)
		}
	}
	engine, err := Pair(req)
	if errors.Is(err, ErrNoPairing) {
		v.Differs, v.NoPairing = true, true
		v.Proposed = proposed
		return v, nil
	}
	if err != nil {
		return Verdict{}, err
	}
	v.Engine, v.Proposed = difference(engine, proposed)
	v.Differs = len(v.Engine.Boards) > 0 || v.Engine.Bye != 0
	if !v.Differs {
		return v, nil
	}
	eng := tal.count(engine)
	for c := Criterion(5); c <= 21; c++ {
		if slices.Compare(prop[c], eng[c]) > 0 {
			v.Worse = append(v.Worse, c)
		}
	}
	return v, nil
}

// validProposal checks that p pairs every player who is not absent exactly once.
func validProposal(req *Request, index map[int]int, p Pairing) error {
	absent := make(map[int]bool, len(req.Absent))
	for _, id := range req.Absent {
		absent[id] = true
	}
	seen := make(map[int]bool, len(req.Players))
	place := func(id int) error {
		if _, ok := index[id]; !ok {
			return invalid("the proposal names %d, not a player", id)
		}
		if absent[id] {
			return invalid("the proposal pairs player %d, who is not in this round", id)
		}
		if seen[id] {
			return invalid("the proposal pairs player %d twice", id)
		}
		seen[id] = true
		return nil
	}
	for _, b := range p.Boards {
		if b.White == b.Black {
			return invalid("the proposal pairs player %d with themself", b.White)
		}
		if err := place(b.White); err != nil {
			return err
		}
		if err := place(b.Black); err != nil {
			return err
		}
	}
	if p.Bye != 0 {
		if err := place(p.Bye); err != nil {
			return err
		}
	}
	for _, pl := range req.Players {
		if !absent[pl.ID] && !seen[pl.ID] {
			return invalid("the proposal leaves player %d unpaired", pl.ID)
		}
	}
	return nil
}

// difference returns the games (and bye) of engine that proposed lacks, and the games (and
// bye) proposed gives their players instead. A game matches only with the same colours.
func difference(engine, proposed Pairing) (missing, instead Pairing) {
	type seat struct {
		opp   int
		white bool
	}
	at := make(map[int]seat, 2*len(proposed.Boards)+1)
	for _, b := range proposed.Boards {
		at[b.White] = seat{b.Black, true}
		at[b.Black] = seat{b.White, false}
	}
	involved := map[int]bool{}
	for _, b := range engine.Boards {
		if s, ok := at[b.White]; ok && s.opp == b.Black && s.white {
			continue
		}
		missing.Boards = append(missing.Boards, b)
		involved[b.White], involved[b.Black] = true, true
	}
	if engine.Bye != 0 && proposed.Bye != engine.Bye {
		missing.Bye = engine.Bye
		involved[engine.Bye] = true
	}
	for _, b := range proposed.Boards {
		if involved[b.White] || involved[b.Black] {
			instead.Boards = append(instead.Boards, b)
		}
	}
	if involved[proposed.Bye] {
		instead.Bye = proposed.Bye
	}
	return missing, instead
}

// tally counts the criteria of whole pairings of one round.
type tally struct {
	k      int
	by     map[int]*entrant
	banned map[[2]int]bool
}

func newTally(req *Request, k int, index map[int]int) *tally {
	e := &engine{req: req, k: k}
	e.ban()
	t := &tally{k: k, by: map[int]*entrant{}, banned: e.banned}
	for _, p := range newEntrants(req, k, index) {
		t.by[p.id] = p
	}
	return t
}

// count returns, per criterion, the value to minimise (compared element by element); nil
// for the criteria it does not count (C4, C8).
func (t *tally) count(p Pairing) [22][]int64 {
	var out [22][]int64
	for c := range out {
		if c != 0 && c != 4 && c != 8 && c != 7 {
			out[c] = []int64{0}
		}
	}
	var floaters []int64
	for _, b := range p.Boards {
		w, bl := t.by[b.White], t.by[b.Black]
		// C.04.3 2.1.1 [C1]: no rematch, no forbidden pair.
		if t.banned[pairKey(w.id, bl.id)] {
			out[1][0]++
		}
		// C.04.3 2.1.3 [C3]: non-topscorers with the same absolute preference do not meet.
		if w.absolute() && bl.absolute() && w.pref == bl.pref && !w.topscorer && !bl.topscorer {
			out[3][0]++
		}
		hi, lo := w, bl
		if bl.score > w.score {
			hi, lo = bl, w
		}
		if hi.score != lo.score {
			// C.04.3 2.4.1 [C6], 2.4.2 [C7]: downfloaters, and their scores.
			out[6][0]++
			floaters = append(floaters, int64(hi.score))
		}
		for _, s := range []struct {
			p *entrant
			c chess.Colour
		}{{w, chess.White}, {bl, chess.Black}} {
			t.colour(&out, s.p, s.c, w.topscorer || bl.topscorer)
		}
		if hi.score != lo.score {
			diff := int64(hi.score - lo.score)
			t.float(&out, hi, downFloat, diff)
			t.float(&out, lo, upFloat, diff)
		}
	}
	slices.Sort(floaters)
	slices.Reverse(floaters)
	out[7] = floaters
	if p.Bye != 0 {
		b := t.by[p.Bye]
		// C.04.3 2.1.2 [C2]: one pairing-allocated bye at most, none after a win without a game.
		if !b.byeEligible {
			out[2][0]++
		}
		// C.04.3 2.3.1 [C5]: the bye to the lowest score; 2.4.4 [C9]: to the player with the
		// fewest unplayed games.
		out[5][0] = int64(b.score)
		out[9][0] = int64(t.k - b.played)
	}
	return out
}

// colour counts the colour criteria of player p getting colour c; top says whether p or the
// opponent is a topscorer.
func (t *tally) colour(out *[22][]int64, p *entrant, c chess.Colour, top bool) {
	if top {
		// C.04.3 2.4.5 [C10]: no colour difference beyond 2 for topscorers and their opponents.
		diff := 0
		for _, g := range p.games {
			diff += sign(g)
		}
		diff += sign(c)
		if diff > 2 || diff < -2 {
			out[10][0]++
		}
		// C.04.3 2.4.6 [C11]: nor the same colour three times running.
		if p.repeated == c {
			out[11][0]++
		}
	}
	if p.pref != chess.NoColour && p.pref != c {
		// C.04.3 2.4.7 [C12]: colour preferences granted; 2.4.8 [C13]: strong ones above all.
		out[12][0]++
		if p.strong || p.absolute() {
			out[13][0]++
		}
	}
}

// float counts the float criteria of player p floating f by diff half points: C14–C17 count
// the same float one and two rounds before, C18–C21 add up their score differences.
func (t *tally) float(out *[22][]int64, p *entrant, f float, diff int64) {
	for back, c := range map[int]int{1: 14, 2: 16} {
		if back > t.k || p.floats[back] != f {
			continue
		}
		if f == upFloat {
			c++
		}
		out[c][0]++
		out[c+4][0] += diff
	}
}

func sign(c chess.Colour) int {
	switch c {
	case chess.White:
		return 1
	case chess.Black:
		return -1
	}
	return 0
}
