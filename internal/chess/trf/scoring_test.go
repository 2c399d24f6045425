package trf

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
)

// TestPointSystem reads the point records of C.04 Annex 2 (162) and bbpPairings (BBW to BBU).
func TestPointSystem(t *testing.T) {
	std := chess.StandardPoints
	football := chess.PointSystem{Win: 6, Draw: 2, PairingBye: 6}
	tests := []struct {
		name  string
		lines string
		want  chess.PointSystem
		err   string // the error's text, "" for none
	}{
		{"no record", "", std, ""},
		{"162 with the defaults", "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n", std, ""},
		{"162 with a draw alone", "162  D 0.5\n", std, ""},
		{"bbpPairings' records with the defaults", "BBW  1.0\nBBD  0.5\nBBL  0.0\nBBZ  0.0\nBBF  0.0\nBBU  1.0\n", std, ""},
		{"a comment and an unknown tag", "### 162  W 3.0\nXYZ 3.0\n", std, ""},
		{"three points a win", "162  W 3.0    D 1.0\n", football, ""},
		{"three points a win, bbpPairings", "BBW  3.0\nBBD  1.0\n", football, ""},
		{"P before W keeps its value", "162  P 1.0    W 3.0    D 1.0\n", chess.PointSystem{Win: 6, Draw: 2, PairingBye: 2}, ""},
		{"BBU after BBW", "BBW  3.0\nBBD  1.0\nBBU  1.0\n", chess.PointSystem{Win: 6, Draw: 2, PairingBye: 2}, ""},
		{"absence", "162  A 0.5\n", chess.PointSystem{Win: 2, Draw: 1, ZeroBye: 1, ForfeitLoss: 1, PairingBye: 2}, ""},
		{"zero-point bye and forfeit apart", "BBZ  0.5\n", chess.PointSystem{Win: 2, Draw: 1, ZeroBye: 1, PairingBye: 2}, ""},
		{"a later record wins", "162  W 3.0    D 1.0\nBBW  2.0\n", chess.PointSystem{Win: 4, Draw: 2, PairingBye: 4}, ""},
		{"X changes nothing", "162  X 0.0\n", std, ""},
		{"an unknown code", "162  Q 1.0\n", std, "'Q' is not a result code"},
		{"not a number", "162  W one\n", std, "is not a number of points"},
		{"a third of a point", "162  W 0.3\n", std, "not a whole or half number"},
		{"misplaced code", "162 W  1.0\n", std, "columns 4-5 must be blank"},
		{"BB without points", "BBW\n", std, "BBW without its points"},
		{"a draw above a win", "162  D 2.0\n", std, "must give at least a draw's points"},
		{"JaVaFo's scoring, standard", "XXS W=1.0\n", std, ""},
		{"JaVaFo's scoring written out", "XXS WW=1.0 BW=1.0 WD=0.5 BD=0.5 WL=0.0 BL=0.0 ZPB=0.0 HPB=0.5 FPB=1.0 PAB=1.0 FW=1.0 FL=0.0\n", std, ""},
		{"JaVaFo: W does not set the bye", "XXS W=3\nXXS D=1\n", chess.PointSystem{Win: 6, Draw: 2, PairingBye: 2}, ""},
		{"JaVaFo: three points a win", "XXS PAB=3 D=1 W=3\n", football, ""},
		{"JaVaFo: a half-point bye", "XXS PAB=.5\n", chess.PointSystem{Win: 2, Draw: 1, PairingBye: 1}, ""},
		{"JaVaFo: later wins", "XXS W=3 D=2 WL=1 BL=1\nXXS PAB=3\nXXS ZPB=1 FL=1\n", chess.PointSystem{Win: 6, Draw: 4, Loss: 2, ZeroBye: 2, ForfeitLoss: 2, PairingBye: 6}, ""},
		{"JaVaFo: byes apart from games", "XXS W=3 D=2 WL=1 BL=1\nXXS FPB=0 HPB=0 ZPB=0\n", std, "WW=3.0 and FPB=0.0 differ"},
		{"JaVaFo: an unknown code", "XXS Q=1\n", std, "Q is not a code of XXS"},
		{"JaVaFo: a third of a point", "XXS W=0.3\n", std, "not CODE=VALUE"},
		{"an abnormal assignment", "299 W   1.0  0.5 003    1\n", std, "299"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(small + tt.lines))
			if err != nil {
				t.Fatal(err)
			}
			got, err := tour.PointSystem()
			if tt.err != "" {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Line <= strings.Count(small, "\n") || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want one on a line after %d with %q", err, strings.Count(small, "\n"), tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("PointSystem = %+v, want %+v", got, tt.want)
			}
			if err := tour.CheckStandardPoints(); (err == nil) != tt.want.Standard() {
				t.Errorf("CheckStandardPoints = %v for %+v", err, tt.want)
			}
		})
	}
}

// TestSetPointSystem writes point systems and reads them back, and checks the records'
// columns: 162's codes in 6, 15, 24, ... and bbpPairings' points in 5-8.
func TestSetPointSystem(t *testing.T) {
	tests := []struct {
		ps   chess.PointSystem
		want []string
	}{
		{chess.StandardPoints, nil},
		{chess.PointSystem{}, nil},
		{chess.PointSystem{Win: 6, Draw: 2, PairingBye: 6}, []string{"162  W 3.0    D 1.0", "BBW  3.0", "BBD  1.0"}},
		{chess.PointSystem{Win: 6, Draw: 2, PairingBye: 2}, []string{"162  W 3.0    D 1.0    P 1.0", "BBW  3.0", "BBD  1.0", "BBU  1.0"}},
		{chess.PointSystem{Win: 4, Draw: 2, Loss: 1, ZeroBye: 1, ForfeitLoss: 1, PairingBye: 4},
			[]string{"162  W 2.0    D 1.0    L 0.5    A 0.5", "BBW  2.0", "BBD  1.0", "BBL  0.5", "BBZ  0.5", "BBF  0.5"}},
		{chess.PointSystem{Win: 2, Draw: 1, ZeroBye: 1, PairingBye: 2}, []string{"BBZ  0.5"}},
		{chess.PointSystem{Win: 2, Draw: 1, ForfeitLoss: 1, PairingBye: 1}, []string{"162  P 0.5", "BBZ  0.0", "BBF  0.5", "BBU  0.5"}},
	}
	for _, tt := range tests {
		tour, err := Read(strings.NewReader(small + "162  W 5.0\nBBD  2.0\n"))
		if err != nil {
			t.Fatal(err)
		}
		if err := tour.SetPointSystem(tt.ps); err != nil {
			t.Fatalf("SetPointSystem(%+v): %v", tt.ps, err)
		}
		var lines []string
		for _, l := range tour.Other {
			if isPointRecord(l) {
				lines = append(lines, l)
			}
		}
		if diff := cmp.Diff(tt.want, lines); diff != "" {
			t.Errorf("%+v: records (-want +got):\n%s", tt.ps, diff)
		}
		var buf bytes.Buffer
		if err := tour.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		got, err := back.PointSystem()
		if err != nil || got != tt.ps.Or() {
			t.Errorf("read back %+v, %v; want %+v", got, err, tt.ps.Or())
		}
	}
	if err := (&Tournament{}).SetPointSystem(chess.PointSystem{Win: 2, Draw: 3}); err == nil {
		t.Error("SetPointSystem took a draw worth more than a win")
	}
}

// TestCheckPointsColumn: the points column must agree with the results under the file's
// point system, a bye announced for the next round and virtual points counted or not.
func TestCheckPointsColumn(t *testing.T) {
	football := chess.PointSystem{Win: 6, Draw: 2, PairingBye: 6}
	line := func(pts string, rounds string) string {
		return fmt.Sprintf("%-80s%4s%7s%s\n%-80s%4s%7s%s\n", "001    1      One", pts, "", rounds, "001    2      Two", "0.0", "", "   1 b 0")
	}
	tests := []struct {
		name string
		file string
		ps   chess.PointSystem
		k    int
		acc  chess.Score
		err  string
	}{
		{"standard", line(" 1.0", "   2 w 1"), chess.StandardPoints, 1, 0, ""},
		{"three points a win", line(" 3.0", "   2 w 1"), football, 1, 0, ""},
		{"standard count under 3-1-0", line(" 1.0", "   2 w 1"), football, 1, 0, "player 1 (One): the points column says 1.0, the results of rounds 1-1 give 3.0"},
		{"next round's bye counted", line(" 4.0", "   2 w 1  0000 - H"), football, 1, 0, ""},
		{"next round's bye not counted", line(" 3.0", "   2 w 1  0000 - H"), football, 1, 0, ""},
		{"virtual points counted", line(" 5.0", "   2 w 1"), football, 1, 4, ""},
		{"wrong", line(" 2.0", "   2 w 1"), football, 1, 4, "says 2.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour, err := Read(strings.NewReader(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			virtual := func(int) chess.Score { return tt.acc }
			err = tour.CheckPointsColumn(tt.ps, tt.k, virtual)
			if tt.err == "" {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line != 1 || se.Column != colPoints || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want one on line 1, column %d, with %q", err, colPoints, tt.err)
			}
		})
	}
}
