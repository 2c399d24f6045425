package chess

import "fmt"

// PointSystem is the points each kind of result gives a player, in half points: the point
// system of a tournament (C.04 Annex 2, record 162, "scoring point system for individuals";
// bbpPairings' records BBW, BBD, BBL, BBZ, BBF and BBU give the same six values). A football
// scoring, for example, is {Win: 6, Draw: 2, PairingBye: 6}: 3 points a win, 1 a draw.
//
// The zero value is not a point system anyone plays by; Or returns the standard one in its
// place, so that a zero PointSystem in a request means the standard points.
type PointSystem struct {
	// Win: a game won over the board (rated or not), by forfeit, or a full-point bye (F).
	Win Score
	// Draw: a game drawn over the board (rated or not), or a half-point bye (H).
	Draw Score
	// Loss: a game lost over the board (rated or not).
	Loss Score
	// ForfeitLoss: a game lost by forfeit (TRF "-").
	ForfeitLoss Score
	// ZeroBye: a zero-point bye (Z), an absence.
	ZeroBye Score
	// PairingBye: the pairing-allocated bye (U).
	PairingBye Score
}

// StandardPoints is the point system of C.04 Annex 2's defaults: win 1, draw ½, loss 0, the
// pairing-allocated bye as a win, an absence or forfeit loss 0.
var StandardPoints = PointSystem{Win: 2, Draw: 1, PairingBye: 2}

// MaxPoints is the most points a PointSystem may give for one result: 99.5, the most the
// four columns of record 162 and of a player's points can hold.
const MaxPoints Score = 199

// Or returns p, or the standard points when p is the zero value.
func (p PointSystem) Or() PointSystem {
	if p == (PointSystem{}) {
		return StandardPoints
	}
	return p
}

// Standard reports whether p gives the standard points (the zero value counts as standard).
func (p PointSystem) Standard() bool { return p.Or() == StandardPoints }

// Points returns the points the result r gives with the point system p (p.Or()): the
// mapping of C.04 Annex 2, record 162 (W: a win over the board or by forfeit, or a
// full-point bye; D: a draw or half-point bye; L: a loss; A: an absence or forfeit loss; P:
// the pairing-allocated bye), with the forfeit loss and the zero-point bye apart, as
// bbpPairings keeps them. NoResult (a game not yet played) gives nothing.
func (p PointSystem) Points(r Result) Score {
	p = p.Or()
	switch r {
	case Win, ForfeitWin, UnratedWin, FullBye:
		return p.Win
	case PairingBye:
		return p.PairingBye
	case Draw, UnratedDraw, HalfBye:
		return p.Draw
	case Loss, UnratedLoss:
		return p.Loss
	case ForfeitLoss:
		return p.ForfeitLoss
	case ZeroBye:
		return p.ZeroBye
	}
	return 0
}

// Validate returns an error when a value is negative or above MaxPoints, or when a loss
// gives more than a draw or a draw more than a win: the pairing rules rank players by their
// points and need a win to be worth the most.
func (p PointSystem) Validate() error {
	p = p.Or()
	for _, v := range []struct {
		name string
		s    Score
	}{{"win", p.Win}, {"draw", p.Draw}, {"loss", p.Loss}, {"forfeit loss", p.ForfeitLoss}, {"zero-point bye", p.ZeroBye}, {"pairing-allocated bye", p.PairingBye}} {
		if v.s < 0 || v.s > MaxPoints {
			return fmt.Errorf("points for a %s: %s is outside 0.0..%s", v.name, v.s, MaxPoints)
		}
	}
	if p.Loss > p.Draw || p.Draw > p.Win {
		return fmt.Errorf("a win (%s) must give at least a draw's points (%s), and a draw at least a loss's (%s)", p.Win, p.Draw, p.Loss)
	}
	return nil
}
