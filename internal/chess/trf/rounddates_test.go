package trf

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
)

// TestRoundDates writes record 132 with each date above its round's columns (C.04 Annex 2:
// round 1 in 92-99, then every 10 columns), and reads it back, a blank round included.
func TestRoundDates(t *testing.T) {
	tour := &Tournament{Name: "Dated", TimeControl: "90'+30\"", RoundDates: []string{"26/03/07", "", "26/03/21"},
		Players: []Player{
			{StartRank: 1, Name: "One", Rounds: []chess.Round{round(2, chess.White, chess.Win)}},
			{StartRank: 2, Name: "Two", Rounds: []chess.Round{round(1, chess.Black, chess.Loss)}},
		}}
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	var dates, player string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "132"):
			dates = l
		case strings.HasPrefix(l, "001    1"):
			player = l
		}
	}
	if got := dates[91:99]; got != "26/03/07" {
		t.Errorf("round 1's date in columns 92-99 = %q", got)
	}
	if got := player[91:99]; got != "   2 w 1" {
		t.Errorf("round 1 in columns 92-99 of the player line = %q", got)
	}
	if got := dates[111:119]; got != "26/03/21" {
		t.Errorf("round 3's date in columns 112-119 = %q", got)
	}
	back, err := Read(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tour.RoundDates, back.RoundDates); diff != "" {
		t.Errorf("dates read back (-want +got):\n%s", diff)
	}
	var again bytes.Buffer
	if err := back.Write(&again); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(out.String(), again.String()); diff != "" {
		t.Errorf("written again (-want +got):\n%s", diff)
	}
}

// TestRoundDatesErrors refuses a date that does not fit its columns, and a second 132.
func TestRoundDatesErrors(t *testing.T) {
	for _, dates := range [][]string{{"2026/03/07"}, {"a\nb"}} {
		if err := (&Tournament{RoundDates: dates}).Write(&bytes.Buffer{}); err == nil {
			t.Errorf("dates %q written", dates)
		}
	}
	second := "132" + strings.Repeat(" ", 88) + "26/03/07\n132" + strings.Repeat(" ", 88) + "26/03/08\n"
	if _, err := Read(strings.NewReader(second)); err == nil {
		t.Error("a second 132 line was read")
	}
}
