package trf

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chess"
)

// TestRoundTripRecords reads one file per record type of the tournament section (C.04 Annex 2)
// and of the player section, checks the value read, and writes the file back byte for byte.
func TestRoundTripRecords(t *testing.T) {
	dates := "132" + strings.Repeat(" ", 88) + "26/03/07  26/03/14            26/03/28"
	p1 := "001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  1.0    1     2 w 1"
	p2 := "001    2 wWGM Hou, Yifan                        2630 CHN     8602980 1994/02/27  0.0    2     1 b 0"
	tests := []struct {
		record string
		want   Tournament
	}{
		{"012 Club Championship 2026", Tournament{Name: "Club Championship 2026"}},
		{"022 Springfield", Tournament{City: "Springfield"}},
		{"032 NOR", Tournament{Federation: "NOR"}},
		{"042 2026/03/07", Tournament{StartDate: "2026/03/07"}},
		{"052 2026/03/28", Tournament{EndDate: "2026/03/28"}},
		{"062 24", Tournament{NumPlayers: 24}},
		{"072 20", Tournament{NumRated: 20}},
		{"082 6", Tournament{NumTeams: 6}},
		{"092 Individual: Swiss-System", Tournament{Type: "Individual: Swiss-System"}},
		{"102 IA Jane Arbiter (1234567)", Tournament{ChiefArbiter: "IA Jane Arbiter (1234567)"}},
		{"112 John Deputy\n112 Joan Deputy", Tournament{DeputyArbiters: []string{"John Deputy", "Joan Deputy"}}},
		{"122 90'/40+30'+30\"", Tournament{TimeControl: "90'/40+30'+30\""}},
		{dates, Tournament{RoundDates: []string{"26/03/07", "26/03/14", "", "26/03/28"}}},
		{"132", Tournament{RoundDates: []string{}}},
		{"142 9", Tournament{NumRounds: 9}},
		{"152 W", Tournament{InitialColour2026: chess.White}},
		{"152 B", Tournament{InitialColour2026: chess.Black}},
		{"XXR 9", Tournament{TotalRounds: 9}},
		{"XXC black1", Tournament{InitialColour: chess.Black}},
		{"142 9\nXXR 9\n152 B\nXXC black1", Tournament{NumRounds: 9, TotalRounds: 9, InitialColour2026: chess.Black, InitialColour: chess.Black}},
		{"162  W 3.0    D 1.0    L 0.0\nBBW  3.0\n192 FIDE_DUTCH_2025", Tournament{Other: []string{"162  W 3.0    D 1.0    L 0.0", "BBW  3.0", "192 FIDE_DUTCH_2025"}}},
		{p1 + "\n" + p2, Tournament{Players: []Player{
			{StartRank: 1, Sex: "m", Title: "GM", Name: "Carlsen, Magnus", Rating: 2830, Federation: "NOR", FIDEID: "1503014",
				BirthDate: "1990/11/30", Points: 2, Rank: 1, Rounds: []chess.Round{round(2, chess.White, chess.Win)}},
			{StartRank: 2, Sex: "w", Title: "WGM", Name: "Hou, Yifan", Rating: 2630, Federation: "CHN", FIDEID: "8602980",
				BirthDate: "1994/02/27", Points: 0, Rank: 2, Rounds: []chess.Round{round(1, chess.Black, chess.Loss)}},
		}}},
	}
	for _, tt := range tests {
		name, _, _ := strings.Cut(tt.record, " ")
		t.Run(name, func(t *testing.T) {
			in := tt.record + "\n"
			tour, err := Read(strings.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&tt.want, tour, cmpopts.IgnoreUnexported(Tournament{})); diff != "" {
				t.Errorf("Read (-want +got):\n%s", diff)
			}
			var out bytes.Buffer
			if err := tour.Write(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != in {
				t.Errorf("written back:\n%q\nwant\n%q", out.String(), in)
			}
			// Built in code, the same values give the same lines.
			built := tt.want
			out.Reset()
			if err := built.Write(&out); err != nil {
				t.Fatal(err)
			}
			again, err := Read(&out)
			if err != nil {
				t.Fatalf("Read of the built file: %v", err)
			}
			if diff := cmp.Diff(&tt.want, again, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("built, written and read (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWriteRecordErrors: a value that does not fit its record is an error, not a damaged file.
func TestWriteRecordErrors(t *testing.T) {
	tests := []struct {
		name string
		tour Tournament
		err  string
	}{
		{"date too long", Tournament{RoundDates: []string{"2026/03/07"}}, "does not fit"},
		{"date with blanks around", Tournament{RoundDates: []string{" 26/3/7"}}, "does not fit"},
		{"too many dates", Tournament{RoundDates: make([]string, MaxRounds+1)}, "at most 200"},
		{"142 too big", Tournament{NumRounds: MaxRounds + 1}, "142 201 is outside"},
		{"082 negative", Tournament{NumTeams: -1}, "082 -1 is outside"},
		{"152 not a colour", Tournament{InitialColour2026: chess.Colour(9)}, "not a colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := tt.tour.Write(&out)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("Write: %v, want an error with %q", err, tt.err)
			}
			if out.Len() != 0 {
				t.Errorf("wrote %q before failing", out.String())
			}
		})
	}
}
