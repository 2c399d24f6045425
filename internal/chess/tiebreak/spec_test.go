package tiebreak

import (
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
)

func TestParse(t *testing.T) {
	tests := []struct {
		code string
		want Spec // code field ignored; compared through String
		text string
	}{
		{"pts", Spec{Name: "PTS", KoyaPercent: 50}, "PTS"},
		{"BH/C1", Spec{Name: "BH", Low: 1, KoyaPercent: 50}, "BH/C1"},
		{"bh/m2", Spec{Name: "BH", Low: 2, High: 2, KoyaPercent: 50}, "BH/M2"},
		{"SB/C1/P", Spec{Name: "SB", Low: 1, Played: true, KoyaPercent: 50}, "SB/C1/P"},
		{"KS/L60", Spec{Name: "KS", KoyaPercent: 60}, "KS/L60"},
		{"KS/L+1", Spec{Name: "KS", KoyaPercent: 50, KoyaShift: 1}, "KS/L+1"},
		{"KS/L-1.5", Spec{Name: "KS", KoyaPercent: 50, KoyaShift: -3}, "KS/L-1.5"},
		{"ARO/C1/U1000", Spec{Name: "ARO", Low: 1, Unrated: 1000, KoyaPercent: 50}, "ARO/C1/U1000"},
		{"AOB/F", Spec{Name: "AOB", Fore: true, KoyaPercent: 50}, "AOB/F"},
		{" ge ", Spec{Name: "GE", KoyaPercent: 50}, "GE"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.code)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.code, err)
			continue
		}
		tt.want.code = got.code
		if got != tt.want || got.String() != tt.text {
			t.Errorf("Parse(%q) = %+v (%s), want %+v (%s)", tt.code, got, got, tt.want, tt.text)
		}
	}
}

// TestParseErrors: what the reference tool would take silently (a column of zeros for an
// unknown code) is an error here.
func TestParseErrors(t *testing.T) {
	for code, msg := range map[string]string{
		"XYZ":         "unknown tie-break",
		"BUCHHOLZ":    "unknown tie-break",
		"":            "unknown tie-break",
		"WIN/C1":      "does not take",
		"KS/C1":       "does not take",
		"BH/L+1":      "does not take",
		"TPR/C1":      "does not take",
		"BH/C1/M1":    "twice",
		"BH/C1/C2":    "twice",
		"BH/C0":       "/C1 to /C9",
		"BH/Cx":       "/C1 to /C9",
		"BH/":         "empty modifier",
		"KS/L":        "/L and a per cent",
		"KS/L+":       "/L and a per cent",
		"KS/L+1.2":    "/L and a per cent",
		"KS/L0":       "/L and a per cent",
		"ARO/U":       "rating from 1",
		"ARO/U0":      "rating from 1",
		"BH/P1":       "takes no number",
		"AOB/F2":      "takes no number",
		"BH/C1,SB":    "/C1 to /C9",
		"PTS/C1":      "does not take",
		"APRO/M1":     "does not take",
		"DE/C1":       "does not take",
		"REP/U1500":   "does not take",
		"RTNG/U99999": "rating from 1",
	} {
		_, err := Parse(code)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Parse(%q) = %v, want an error with %q", code, err, msg)
		}
	}
	if _, err := ParseList(" , "); err == nil {
		t.Error("ParseList of nothing succeeded")
	}
	if _, err := ParseList("PTS,BH,NOPE"); err == nil || !strings.Contains(err.Error(), "NOPE") {
		t.Errorf("ParseList with an unknown code: %v", err)
	}
}

func TestValueString(t *testing.T) {
	for _, tt := range []struct {
		v    Value
		want string
	}{
		{halves(9), "4.5"}, {halves(0), "0.0"}, {quarters(29), "7.25"}, {quarters(1), "0.25"},
		{whole(1788), "1788"}, {whole(-12), "-12"}, {value(-5, 2), "-0.05"}, {none(0), "-"},
	} {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		wantJSON := tt.want
		if tt.want == "-" {
			wantJSON = "null"
		}
		if b, _ := tt.v.MarshalJSON(); string(b) != wantJSON {
			t.Errorf("MarshalJSON() = %s, want %s", b, wantJSON)
		}
	}
}

// TestComputeSharedPlaces: players still equal after the list share a place, are listed by
// start rank, and the next place is skipped.
func TestComputeSharedPlaces(t *testing.T) {
	r := func(opp int, c chess.Colour, res chess.Result) chess.Round {
		return chess.Round{Opponent: opp, Colour: c, Result: res}
	}
	ev := Event{Players: []Player{
		{StartRank: 1, Rounds: []chess.Round{r(2, chess.White, chess.Draw)}},
		{StartRank: 2, Rounds: []chess.Round{r(1, chess.Black, chess.Draw)}},
		{StartRank: 3, Rounds: []chess.Round{r(4, chess.White, chess.Win)}},
		{StartRank: 4, Rounds: []chess.Round{r(3, chess.Black, chess.Loss)}},
	}}
	st, err := Compute(ev, Defaults(Swiss)[1:]) // PTS is put first
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range st.Rows {
		got = append(got, itoa(row.Place)+":"+itoa(row.StartRank))
	}
	if want := "1:3 2:1 2:2 4:4"; strings.Join(got, " ") != want {
		t.Errorf("places %v, want %s", got, want)
	}
	if st.Specs[0].Name != "PTS" {
		t.Errorf("list %v does not start with PTS", st.Specs)
	}
	pts, _ := Parse("PTS")
	if _, err := Compute(ev, []Spec{pts, pts}); err == nil {
		t.Error("PTS in second place was taken")
	}
	if _, err := Compute(Event{Players: []Player{{StartRank: 1, Rounds: []chess.Round{r(9, chess.White, chess.Win)}}}}, nil); err == nil {
		t.Error("an unknown opponent was taken")
	}
	if _, err := Compute(Event{Players: []Player{{StartRank: 1}, {StartRank: 1}}}, nil); err == nil {
		t.Error("a duplicate start rank was taken")
	}
}

func TestFormatOf(t *testing.T) {
	for typ, want := range map[string]Format{
		"FIDE_DUTCH_2025": Swiss, "Individual: Swiss-System": Swiss, "Individual: Round-Robin": RoundRobin,
		"Berger": RoundRobin, "RR 2x": RoundRobin, "": Swiss, "ERRATIC": Swiss,
	} {
		if got := FormatOf(typ); got != want {
			t.Errorf("FormatOf(%q) = %v, want %v", typ, got, want)
		}
	}
}
