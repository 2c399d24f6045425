package tiebreak

import (
	"errors"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
)

// manyCodes returns n different codes: Buchholz and Sonneborn-Berger with each cut and median.
func manyCodes(n int) string {
	var codes []string
	for _, name := range []string{"BH", "SB", "FB"} {
		codes = append(codes, name)
		for _, m := range []string{"C", "M"} {
			for k := 1; k <= 9; k++ {
				codes = append(codes, name+"/"+m+itoa(k))
			}
		}
	}
	return strings.Join(codes[:n], ",")
}

func TestParseList(t *testing.T) {
	for _, tt := range []struct{ list, want string }{
		{"PTS,BH/C1,SB", "PTS BH/C1 SB"},
		{"BH/C1,SB", "BH/C1 SB"},
		{"BH,BH/C1,BH/M1,BH/C1/P", "BH BH/C1 BH/M1 BH/C1/P"},
		{"REP,GE", "REP GE"},
		{"ks,Ks/L60", "KS KS/L60"},
		{manyCodes(MaxSpecs), strings.ReplaceAll(manyCodes(MaxSpecs), ",", " ")},
	} {
		specs, err := ParseList(tt.list)
		if err != nil {
			t.Errorf("ParseList(%q): %v", tt.list, err)
			continue
		}
		var got []string
		for _, s := range specs {
			got = append(got, s.String())
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("ParseList(%q) = %v, want %s", tt.list, got, tt.want)
		}
	}
}

// TestParseListErrors: each wrong list names its first wrong item.
func TestParseListErrors(t *testing.T) {
	for _, tt := range []struct {
		list   string
		item   int
		reason string
	}{
		{"", 1, "empty"},
		{" ", 1, "empty"},
		{"SB,,BH", 2, "empty"},
		{",SB", 1, "empty"},
		{"SB,BH,", 3, "empty"},
		{"SB, ,BH", 2, "empty"},
		{"PTS,PTS", 2, "item 1 already"},
		{"SB,PTS", 2, "only come first"},
		{"BH,SB,pts", 3, "only come first"},
		{"SB,SB", 2, "item 1 already"},
		{"SB,BH,sb", 3, "item 1 already"},
		{"KS,KS/L50", 2, `same tie-break as item 1, "KS"`},
		{"SB/C1/P,SB/P/C1", 2, "same tie-break as item 1"},
		{"BH/C1,BH/C01", 2, "same tie-break as item 1"},
		{"PTS,XYZ", 2, "unknown tie-break"},
		{"WIN/C1", 1, "does not take"},
		{"BH/C" + strings.Repeat("1", 5000), 1, "no tie-break code is longer than 20"},
		{manyCodes(MaxSpecs + 1), MaxSpecs + 1, "at most 24"},
		{strings.Repeat("SB,", 10000) + "SB", MaxSpecs + 1, "10001 items"},
	} {
		_, err := ParseList(tt.list)
		var le *ListError
		if !errors.As(err, &le) || le.Item != tt.item || !strings.Contains(le.Reason, tt.reason) {
			t.Errorf("ParseList(%.40q) = %v, want item %d: …%s…", tt.list, err, tt.item, tt.reason)
			continue
		}
		if len(err.Error()) > 300 {
			t.Errorf("ParseList(%.40q): an error of %d bytes", tt.list, len(err.Error()))
		}
	}
}

// TestComputeChecksList: Compute refuses what ParseList refuses, also from specs put
// together by hand, and puts PTS first when it is left out.
func TestComputeChecksList(t *testing.T) {
	ev := Event{Players: []Player{
		{StartRank: 1, Rounds: []chess.Round{{Opponent: 2, Colour: chess.White, Result: chess.Win}}},
		{StartRank: 2, Rounds: []chess.Round{{Opponent: 1, Colour: chess.Black, Result: chess.Loss}}},
	}}
	pts, _ := Parse("PTS")
	sb, _ := Parse("SB")
	for name, specs := range map[string][]Spec{
		"PTS twice":         {pts, pts},
		"PTS second":        {sb, pts},
		"SB twice":          {sb, sb},
		"not made by Parse": {{Name: "SB"}},
		"too many":          make([]Spec, MaxSpecs+1),
	} {
		var le *ListError
		if _, err := Compute(ev, specs); !errors.As(err, &le) {
			t.Errorf("%s: Compute = %v, want a *ListError", name, err)
		}
	}
	st, err := Compute(ev, []Spec{sb})
	if err != nil || len(st.Specs) != 2 || st.Specs[0].Name != "PTS" {
		t.Errorf("Compute with SB alone: %v, %v", st, err)
	}
}

// FuzzParseList: whatever the list, ParseList answers a *ListError or a list that Compute
// takes.
func FuzzParseList(f *testing.F) {
	for _, seed := range []string{"PTS,BH/C1,SB", "SB,PTS", "SB,,BH", "KS,KS/L50", "ARO/C1/U1000,KS/L-1.5", "", ",", manyCodes(MaxSpecs + 1)} {
		f.Add(seed)
	}
	ev := Event{Players: []Player{{StartRank: 1}, {StartRank: 2}}}
	f.Fuzz(func(t *testing.T, list string) {
		specs, err := ParseList(list)
		if err != nil {
			var le *ListError
			if !errors.As(err, &le) || le.Item < 1 || le.Item > MaxSpecs+1 {
				t.Fatalf("ParseList(%q): %v", list, err)
			}
			return
		}
		if _, err := Compute(ev, specs); err != nil {
			t.Fatalf("Compute with ParseList(%q): %v", list, err)
		}
	})
}
