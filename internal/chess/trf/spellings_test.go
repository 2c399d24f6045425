package trf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chess"
)

// playerLine returns a 001 line for start rank n with the points column and the rounds'
// text from column 92.
func playerLine(n int, points, rounds string) string {
	return fmt.Sprintf("001 %4d%72s%4s%7s%s", n, "", points, "", rounds)
}

// TestReadProgramSpellings reads the round spellings of the programs that write TRF files,
// each with the meaning docs/ARBITERS.md gives it (bbpPairings' and TieBreakServer's): the
// file is written back as it came, and a Tournament built with the values read writes the
// canonical spelling, which reads back to the same values.
func TestReadProgramSpellings(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  [][]chess.Round // per player
	}{
		{"Swiss-Manager's spielfrei and unpaired round",
			[]string{playerLine(1, "1.0", "0000 - +  0000 - -"), playerLine(2, "0.0", "0000 - -")},
			[][]chess.Round{{round(0, chess.NoColour, chess.PairingBye), round(0, chess.NoColour, chess.ZeroBye)}, {round(0, chess.NoColour, chess.ZeroBye)}}},
		{"lichess: blank opponent and colour",
			[]string{playerLine(1, "1.5", "       H         -         U"), playerLine(2, "0.0", "       -")},
			[][]chess.Round{{round(0, chess.NoColour, chess.HalfBye), round(0, chess.NoColour, chess.ZeroBye), round(0, chess.NoColour, chess.PairingBye)},
				{round(0, chess.NoColour, chess.ZeroBye)}}},
		{"forfeits without colours",
			[]string{playerLine(1, "0.0", "   2 - -     3 - -"), playerLine(2, "1.0", "   1 - +"), playerLine(3, "0.0", "0000 - Z     1 - -")},
			[][]chess.Round{{round(2, chess.NoColour, chess.ForfeitLoss), round(3, chess.NoColour, chess.ForfeitLoss)},
				{round(1, chess.NoColour, chess.ForfeitWin)},
				{round(0, chess.NoColour, chess.ZeroBye), round(1, chess.NoColour, chess.ForfeitLoss)}}},
		{"upper-case colours, lower-case codes",
			[]string{playerLine(1, "1.0", "   2 W 1  0000 - z"), playerLine(2, "0.5", "   1 B 0  0000 - h")},
			[][]chess.Round{{round(2, chess.White, chess.Win), round(0, chess.NoColour, chess.ZeroBye)},
				{round(1, chess.Black, chess.Loss), round(0, chess.NoColour, chess.HalfBye)}}},
		{"a team's bye to each of its players",
			[]string{playerLine(1, "1.0", "0000 - U"), playerLine(2, "1.0", "0000 - U"), "013 Team                               1    2"},
			[][]chess.Round{{round(0, chess.NoColour, chess.PairingBye)}, {round(0, chess.NoColour, chess.PairingBye)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Join(tt.lines, "\r\n") + "\r\n"
			tour, err := Read(strings.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			var got [][]chess.Round
			for _, p := range tour.Players {
				got = append(got, p.Rounds)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rounds (-want +got):\n%s", diff)
			}
			var out bytes.Buffer
			if err := tour.Write(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != in {
				t.Errorf("written back:\n%q\nread:\n%q", out.String(), in)
			}
			again, err := Read(strings.NewReader(built(t, tour)))
			if err != nil {
				t.Fatalf("the canonical form does not read: %v", err)
			}
			if diff := cmp.Diff(tour, again, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("canonical form read back (-read +canonical):\n%s", diff)
			}
		})
	}
}

// TestReadHeaderSpellings reads the header records as programs write them.
func TestReadHeaderSpellings(t *testing.T) {
	tests := []struct {
		name, line string
		check      func(*Tournament) bool
	}{
		{"Swiss-Manager's players and who played", "062 129 (88)", func(t *Tournament) bool { return t.NumPlayers == 129 && t.PlayersWhoPlayed == 88 }},
		{"JaVaFo's rank order and colour", "XXC rank black1", func(t *Tournament) bool { return t.UseRank && t.InitialColour == chess.Black }},
		{"JaVaFo's rank order alone", "XXC rank", func(t *Tournament) bool { return t.UseRank && t.InitialColour == chess.NoColour }},
		{"Sharly Chess's round dates a column late", "132" + strings.Repeat(" ", 89) + "25/09/13  25/09/13  25/09/14",
			func(t *Tournament) bool {
				return slicesEqual(t.RoundDates, []string{"25/09/13", "25/09/13", "25/09/14"})
			}},
		{"lichess's federation", "032 Lichess", func(t *Tournament) bool { return t.Federation == "Lichess" }},
		{"lichess's dates", "042 May 29, 2020", func(t *Tournament) bool { return t.StartDate == "May 29, 2020" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.line + "\n"
			tour, err := Read(strings.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(tour) {
				t.Errorf("read %+v", tour)
			}
			var out bytes.Buffer
			if err := tour.Write(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != in {
				t.Errorf("written back %q, read %q", out.String(), in)
			}
			again, err := Read(strings.NewReader(built(t, tour)))
			if err != nil {
				t.Fatalf("the canonical form does not read: %v", err)
			}
			if diff := cmp.Diff(tour, again, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("canonical form read back (-read +canonical):\n%s", diff)
			}
		})
	}
}

func slicesEqual(a, b []string) bool { return cmp.Equal(a, b) }

// TestReadWindows1252 reads a line that is not UTF-8 as Windows-1252 (0x9A is š there, a
// control character in Latin-1), writes it back as it came, and writes a line changed since
// in the file's encoding.
func TestReadWindows1252(t *testing.T) {
	line := "001    1      Ka\x9aparov, J\xfcrgen                  1800"
	tour, err := Read(strings.NewReader(line + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := tour.Players[0]; p.Name != "Kašparov, Jürgen" || p.Rating != 1800 {
		t.Errorf("got name %q rating %d", p.Name, p.Rating)
	}
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	if out.String() != line+"\n" {
		t.Errorf("written back %q", out.String())
	}
	tour.Players[0].Rating = 1900
	tour.Other = append(tour.Other, "### Grünfeld – 1 €", "### 𝄞 has no byte in Windows-1252")
	out.Reset()
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	want := "001    1      Ka\x9aparov, J\xfcrgen                  1900                             0.0\n### Gr\xfcnfeld \x96 1 \x80\n### 𝄞 has no byte in Windows-1252\n"
	if out.String() != want {
		t.Errorf("written %q\nwant    %q", out.String(), want)
	}
	again, err := Read(&out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tour, again, cmpopts.IgnoreUnexported(Tournament{})); diff != "" {
		t.Errorf("read back (-written +read):\n%s", diff)
	}
}

// TestRoundsPlayed counts the rounds in which someone was paired, not a column of byes
// announced for the next round.
func TestRoundsPlayed(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  int
	}{
		{"none", nil, 0},
		{"byes announced only", []string{playerLine(1, "0.5", "0000 - H")}, 0},
		{"a game, then byes announced", []string{playerLine(1, "1.5", "   2 w 1  0000 - H"), playerLine(2, "0.0", "   1 b 0  0000 - Z")}, 1},
		{"a pairing-allocated bye", []string{playerLine(1, "1.0", "0000 - H  0000 - U")}, 2},
		{"Swiss-Manager's spielfrei", []string{playerLine(1, "1.0", "0000 - +")}, 1},
		{"forfeits only", []string{playerLine(1, "1.0", "0000 - Z     2 - +"), playerLine(2, "0.0", "0000 - Z     1 - -")}, 2},
	}
	for _, tt := range tests {
		tour, err := Read(strings.NewReader(strings.Join(tt.lines, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		if got := tour.RoundsPlayed(); got != tt.want {
			t.Errorf("%s: RoundsPlayed = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestRankOrderDiffers(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
	}{
		{"XXC rank\n" + playerLine(1, "0.0", "") + "\n" + playerLine(2, "0.0", ""), false},
		{"XXC rank\n" + playerLine(2, "0.0", "") + "\n" + playerLine(1, "0.0", ""), true},
		{playerLine(2, "0.0", "") + "\n" + playerLine(1, "0.0", ""), false},
	} {
		tour, err := Read(strings.NewReader(tt.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := tour.RankOrderDiffers(); got != tt.want {
			t.Errorf("RankOrderDiffers = %v, want %v for\n%s", got, tt.want, tt.file)
		}
	}
}
