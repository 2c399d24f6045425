package tiebreak

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/trf"
)

// TestFromTRFRoundsPlayed ranks the JaVaFo manual's open as it stood after round 4, its file
// holding the byes announced for round 5 (0000 - H, 0000 - Z): C.07 counts the rounds played,
// so the leader's Buchholz is the sum of their four opponents' scores after round 4.
func TestFromTRFRoundsPlayed(t *testing.T) {
	tour := readCorpus(t, "javafo-gros-2010-round5.trf")
	ev, err := FromTRF(tour, Swiss)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Rounds != 4 || ev.Rules != Rules2024 {
		t.Fatalf("event of %d rounds by the %s rules; want 4 and 2024-08-01", ev.Rounds, ev.Rules)
	}
	specs, _ := ParseList("PTS,BH")
	st, err := Compute(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	if r := st.Rows[0]; r.StartRank != 1 || r.Values[0].String() != "4.0" || r.Values[1].String() != "10.0" {
		t.Errorf("leader: player %d, %s points, BH %s; want player 1, 4.0, 10.0", r.StartRank, r.Values[0], r.Values[1])
	}
}

func TestRules(t *testing.T) {
	for _, tt := range []struct {
		y, m, d int
		want    Rules
	}{{2026, 3, 1, Rules2026}, {2026, 2, 28, Rules2024}, {2005, 7, 28, Rules2024}, {2030, 1, 1, Rules2026}} {
		if got := RulesOn(tt.y, tt.m, tt.d); got != tt.want {
			t.Errorf("RulesOn(%d, %d, %d) = %s, want %s", tt.y, tt.m, tt.d, got, tt.want)
		}
	}
	for in, want := range map[string]Rules{"2024": Rules2024, "2024-08-01": Rules2024, "2026": Rules2026, "2026-03-01": Rules2026} {
		if got, err := ParseRules(in); err != nil || got != want {
			t.Errorf("ParseRules(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	if _, err := ParseRules("2022"); err == nil {
		t.Error("ParseRules took 2022")
	}
	if _, err := Compute(Event{Rules: 7}, nil); err == nil {
		t.Error("Compute took rules 7")
	}
	for date, want := range map[string]Rules{"": Rules2026, "May 29, 2020": Rules2024, "28. 07. 2005": Rules2024, "2026/03/07": Rules2026, "1987/00/00": Rules2024} {
		got, err := RulesOf(&trf.Tournament{StartDate: date})
		if err != nil || got != want {
			t.Errorf("RulesOf(042 %q) = %s, %v; want %s", date, got, err, want)
		}
	}
	tour, err := trf.Read(strings.NewReader("012 Open\n042 next Tuesday\n"))
	if err != nil {
		t.Fatal(err)
	}
	var se *trf.SyntaxError
	if _, err := FromTRF(tour, Swiss); !errors.As(err, &se) || se.Line != 2 || !strings.Contains(se.Msg, "not a date") {
		t.Errorf("FromTRF of an unreadable start date: %v", err)
	}
}

// readCorpus reads a file of the trf package's corpus of real files.
func readCorpus(t *testing.T, name string) *trf.Tournament {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "trf", "testdata", "corpus", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tour, err := trf.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return tour
}
