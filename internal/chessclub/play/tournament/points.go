package tournament

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"campus.example/apps/internal/chess"
)

// HalfPoints is a number of points counted in halves, as chess scores are (chess.Score): 3
// points is 6. The API shows it as a number of points with at most one half (3, 1, 0.5).
type HalfPoints int

// MarshalJSON writes the points as a JSON number: 3, 0.5.
func (h HalfPoints) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(h)/2, 'f', -1, 64), nil
}

// UnmarshalJSON reads a number of points in whole or half points.
func (h *HalfPoints) UnmarshalJSON(b []byte) error {
	var x float64
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	if x*2 != math.Trunc(x*2) || math.Abs(x) > 1e9 {
		return fmt.Errorf("points %s are not whole or half points", b)
	}
	*h = HalfPoints(x * 2)
	return nil
}

// MaxPointsPerResult is the most points a result may give in a tournament's point system:
// 99.5, the most TRF's record 162 and points column hold (chess.MaxPoints).
const MaxPointsPerResult = float64(chess.MaxPoints) / 2

// PointSystem returns the points each result gives in the tournament (FIDE C.04 Annex 2,
// record 162): a win over the board, by forfeit, or a full-point bye the win's points; a
// draw or a half-point bye the draw's; a loss over the board the loss's; the
// pairing-allocated bye the bye's; a forfeit loss and a zero-point bye nothing. The pairing,
// the standings, the crosstable and the TRF export all count with it.
func (s Settings) PointSystem() chess.PointSystem {
	return chess.PointSystem{Win: chess.Score(s.PointsWin), Draw: chess.Score(s.PointsDraw), Loss: chess.Score(s.PointsLoss), PairingBye: chess.Score(s.PointsBye)}
}

// SetPointSystem sets the four point settings from ps; it reports false, changing nothing,
// when ps gives a forfeit loss or a zero-point bye points, which the settings cannot hold.
func (s *Settings) SetPointSystem(ps chess.PointSystem) bool {
	ps = ps.Or()
	if ps.ForfeitLoss != 0 || ps.ZeroBye != 0 {
		return false
	}
	s.PointsWin, s.PointsDraw, s.PointsLoss, s.PointsBye = HalfPoints(ps.Win), HalfPoints(ps.Draw), HalfPoints(ps.Loss), HalfPoints(ps.PairingBye)
	return true
}
