package tiebreak

import (
	"path/filepath"
	"slices"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
)

// TestPointSystemScales ranks every oracle tournament twice: with the standard points, and
// with every value of the point system doubled (win 2, draw 1). C.07's tie-breaks are linear
// in the points where they count them, so the second standings must have the same places and
// order, the point sums (PTS, BH, FB, AOB, PS, KS's points) doubled, SB (points times points)
// quadrupled (AOB, an average rounded to two decimals, within 0.01), and the counts (WIN, WON, ...) and the performances (Elo figures over the games'
// own results) unchanged. It checks that every constant of the standard scoring (a draw in
// 16.3.2 and 16.4.2, a win in 7.1 and 9.2, a win per game not played in 6) follows the point
// system.
func TestPointSystemScales(t *testing.T) {
	specs, err := ParseList("BH,BH/C1,FB,SB,SB/C1,AOB,KS,PS,DE,WIN,WON,BWG,BPG,REP,ARO,TPR")
	if err != nil {
		t.Fatal(err)
	}
	factor := map[string]int64{"PTS": 2, "BH": 2, "FB": 2, "SB": 4, "AOB": 2, "KS": 2, "PS": 2}
	doubled := chess.PointSystem{Win: 4, Draw: 2, PairingBye: 4}
	for _, path := range oracletest.Files(t, "tiebreaks", ".json") {
		var want oracleFile
		readJSON(t, path, &want)
		ev := readEvent(t, filepath.Join(filepath.Dir(filepath.Dir(path)), want.Tournament))
		std, err := Compute(ev, specs)
		if err != nil {
			t.Fatal(err)
		}
		ev.Points = doubled
		dbl, err := Compute(ev, specs)
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range std.Rows {
			got := dbl.Rows[i]
			if got.StartRank != row.StartRank || got.Place != row.Place {
				t.Fatalf("%s: row %d is player %d placed %d, with the standard points %d placed %d",
					want.Tournament, i, got.StartRank, got.Place, row.StartRank, row.Place)
			}
			for k, s := range std.Specs {
				f := factor[s.Name]
				if f == 0 {
					f = 1
				}
				v, w := got.Values[k], row.Values[k]
				slack := int64(0)
				if s.Name == "AOB" {
					slack = 1 // an average rounded to two decimals, then doubled
				}
				if diff := v.units - f*w.units; v.OK() != w.OK() || v.decimals != w.decimals || diff < -slack || diff > slack {
					t.Errorf("%s player %d %s = %s, want %d × %s", want.Tournament, row.StartRank, s, v, f, w)
				}
			}
		}
		if !slices.EqualFunc(std.Rows, dbl.Rows, func(a, b Row) bool { return a.StartRank == b.StartRank }) {
			t.Errorf("%s: the order changed", want.Tournament)
		}
	}
}
