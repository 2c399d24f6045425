package swiss

import (
	"slices"

	"campus.example/apps/internal/chess/trf"
)

// Baku returns the acceleration of the Baku Acceleration Method, FIDE Handbook C.04.5.1 (the
// text published by FIDE's Systems of Pairings and Programs commission,
// spp.fide.com/c-04-5-1-baku-acceleration), for a tournament of `rounds` rounds whose players,
// before round 1, have the pairing numbers ids (in any order):
//
//   - Initial groups division: the list of players, in pairing-number order, is split in two
//     groups. GA holds the first half of the players rounded up to the nearest even number,
//     2·⌈n/4⌉ of n players (161 players: 82); GB the rest.
//   - Virtual points: the accelerated rounds are the first half of the tournament, rounded up
//     (⌈rounds/2⌉). Before pairing the first half of them, rounded up, every player of GA is
//     given 1 virtual point; before pairing the others, ½. GB never has any, nor does anyone
//     after the last accelerated round (nine rounds: 1 point in rounds 1-3, ½ in 4-5).
//   - Pairing score: the virtual points are added to the player's points to make the score
//     the pairing uses; the standings use the points alone (C.04.5).
//
// The method gives a win's and a draw's points with the standard points (win 1, draw ½);
// under another point system the caller scales them (bbpPairings refuses the method unless a
// draw is half a win and a loss nothing). The result is one Acceleration for the rounds with 1 point and, unless the
// tournament is too short for it, one for the rounds with ½, both for players 1 to the last
// player of GA: its Request.Accelerations, written as 250 records by SetAccelerations.
//
// Late entries (C.04.5.1, "Late entries"): GA keeps its last player. A player who joins later
// and is given a pairing number up to that player's (C.04.2) belongs to GA, one numbered
// after it to GB, and GA may then hold an odd number of players. The records name GA by that
// range of pairing numbers; if the last GA player's own number changes, the caller writes the
// range with the new one.
//
// An ID outside 1..MaxID, an ID given twice, or rounds outside 1..MaxRounds wraps ErrInvalid.
// No players give no acceleration.
func Baku(ids []int, rounds int) ([]Acceleration, error) {
	if rounds < 1 || rounds > MaxRounds {
		return nil, invalid("%d rounds: the Baku method needs 1 to %d", rounds, MaxRounds)
	}
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	for i, id := range sorted {
		if id < 1 || id > MaxID {
			return nil, invalid("player ID %d out of 1..%d", id, MaxID)
		}
		if i > 0 && id == sorted[i-1] {
			return nil, invalid("player ID %d given twice", id)
		}
	}
	if len(sorted) == 0 {
		return nil, nil
	}
	groupA := min(2*((len(sorted)+3)/4), len(sorted))
	lastA := sorted[groupA-1]
	accelerated := (rounds + 1) / 2
	full := (accelerated + 1) / 2
	out := []Acceleration{{Points: 2, FirstRound: 1, LastRound: full, FirstID: 1, LastID: lastA}}
	if accelerated > full {
		out = append(out, Acceleration{Points: 1, FirstRound: full + 1, LastRound: accelerated, FirstID: 1, LastID: lastA})
	}
	return out, nil
}

// SetAccelerations writes acc into t as 250 records (TRF-2026), replacing those it had, so
// that a pairing engine given the file pairs with the same virtual points. A record the format
// cannot hold (see trf.Acceleration) is an error, and t is then not changed.
func SetAccelerations(t *trf.Tournament, acc []Acceleration) error {
	recs := make([]trf.Acceleration, len(acc))
	for i, a := range acc {
		recs[i] = trf.Acceleration{Points: a.Points, FirstRound: a.FirstRound, LastRound: a.LastRound, FirstPlayer: a.FirstID, LastPlayer: a.LastID}
	}
	return t.SetAccelerations(recs)
}
