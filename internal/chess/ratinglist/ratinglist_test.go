package ratinglist

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The columns of FIDE's combined list (players_list_foa.txt) and of a single list, where each
// header word begins; Line lays a player out in them.
var (
	combinedColumns = []struct {
		word string
		at   int
	}{{"ID Number", 0}, {"Name", 15}, {"Fed", 76}, {"Sex", 80}, {"Tit", 84}, {"WTit", 89}, {"OTit", 94}, {"FOA", 109},
		{"SRtng", 113}, {"SGm", 119}, {"SK", 123}, {"RRtng", 126}, {"RGm", 132}, {"Rk", 136}, {"BRtng", 139}, {"BGm", 145}, {"BK", 149},
		{"B-day", 152}, {"Flag", 158}}
	singleColumns = []struct {
		word string
		at   int
	}{{"ID Number", 0}, {"Name", 15}, {"Fed", 76}, {"Sex", 80}, {"Tit", 84}, {"WTit", 89}, {"OTit", 94}, {"FOA", 109},
		{"SEP24", 113}, {"Gms", 119}, {"K", 123}, {"Bday", 126}, {"Flag", 132}}
)

// layout writes values at the columns' starts, as FIDE's files do.
func layout(at []int, values []string) string {
	var b []rune
	for i, v := range values {
		for len(b) < at[i] {
			b = append(b, ' ')
		}
		b = append(b, []rune(v)...)
	}
	return strings.TrimRight(string(b), " ")
}

func combinedLine(values ...string) string {
	at := make([]int, len(combinedColumns))
	for i, c := range combinedColumns {
		at[i] = c.at
	}
	return layout(at, values)
}

func combinedHeader() string {
	var words []string
	for _, c := range combinedColumns {
		words = append(words, c.word)
	}
	return combinedLine(words...)
}

func singleLine(values ...string) string {
	at := make([]int, len(singleColumns))
	for i, c := range singleColumns {
		at[i] = c.at
	}
	return layout(at, values)
}

func readAll(t *testing.T, text, single string) ([]Record, []string) {
	t.Helper()
	rd, err := NewReader(strings.NewReader(text), single)
	if err != nil {
		t.Fatal(err)
	}
	var out []Record
	for {
		id, err := rd.Next()
		if err == io.EOF {
			return out, rd.Types()
		}
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rd.Record(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
}

// TestCombined reads the combined list: all three ratings, titles, a blank rating, a name
// with letters outside ASCII, a blank line.
func TestCombined(t *testing.T) {
	text := strings.Join([]string{
		combinedHeader(),
		combinedLine("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", "2833", "0", "10", "2823", "10", "20", "2886", "12", "20", "1990", ""),
		combinedLine("8602980", "Hou, Yifan", "CHN", "F", "GM", "WGM", "", "", "2633", "0", "10", "2588", "0", "20", "2595", "0", "20", "1994", "w"),
		"",
		combinedLine("25000000", "Åström, Åsa", "SWE", "F", "", "WFM", "FA,NI", "", "1850", "9", "20", "", "", "", "1702", "3", "40", "", "wi"),
	}, "\r\n") + "\r\n"
	got, types := readAll(t, text, "")
	want := []Record{
		{ID: 1503014, Name: "Carlsen, Magnus", Federation: "NOR", Sex: "M", Title: "GM", Ratings: map[string]int{Standard: 2833, Rapid: 2823, Blitz: 2886}, BirthYear: 1990},
		{ID: 8602980, Name: "Hou, Yifan", Federation: "CHN", Sex: "F", Title: "GM", WomanTitle: "WGM", Ratings: map[string]int{Standard: 2633, Rapid: 2588, Blitz: 2595}, BirthYear: 1994},
		{ID: 25000000, Name: "Åström, Åsa", Federation: "SWE", Sex: "F", WomanTitle: "WFM", OtherTitles: "FA,NI", Ratings: map[string]int{Standard: 1850, Rapid: 0, Blitz: 1702}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("records (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{Standard, Rapid, Blitz}, types); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
}

// TestSingle reads a single list, whose rating column is headed by its month, as the type
// the caller names; the combined list's header overrides that.
func TestSingle(t *testing.T) {
	var words []string
	for _, c := range singleColumns {
		words = append(words, c.word)
	}
	text := singleLine(words...) + "\n" + singleLine("4100018", "Some, Player", "ENG", "M", "FM", "", "", "", "2305", "7", "20", "1985", "") + "\n"
	got, types := readAll(t, text, Blitz)
	want := []Record{{ID: 4100018, Name: "Some, Player", Federation: "ENG", Sex: "M", Title: "FM", Ratings: map[string]int{Blitz: 2305}, BirthYear: 1985}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("records (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{Blitz}, types); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
	if _, err := NewReader(strings.NewReader(text), ""); err == nil {
		t.Error("a single list was read without its type")
	}
	if _, types := readAll(t, combinedHeader()+"\n", Blitz); len(types) != 3 {
		t.Errorf("a combined list read as %v", types)
	}
}

// TestErrors checks that what is not a list, or a damaged line, is a SyntaxError naming its
// line.
func TestErrors(t *testing.T) {
	good := combinedLine("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", "2833", "0", "10", "2823", "10", "20", "2886", "12", "20", "1990", "")
	tests := []struct {
		name, text string
		line       int
	}{
		{"empty", "", 1},
		{"no id column", "Name Fed Sex\n", 1},
		{"no rating column", "ID Number Name Fed Sex\n", 1},
		{"id not a number", combinedHeader() + "\n" + good + "\n" + strings.Replace(good, "1503014", "15O3014", 1) + "\n", 3},
		{"line too long", combinedHeader() + "\n" + strings.Repeat("1", MaxLineBytes+1) + "\n", 2},
		{"rating not a number", combinedHeader() + "\n" + strings.Replace(good, "2823", "28x3", 1) + "\n", 2},
		{"not UTF-8", combinedHeader() + "\n" + strings.Replace(good, "Magnus", "Magn\xfcs", 1) + "\n", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := readErr(tc.text)
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line != tc.line {
				t.Errorf("error %v, want a SyntaxError on line %d", err, tc.line)
			}
		})
	}
}

func readErr(text string) error {
	rd, err := NewReader(strings.NewReader(text), Standard)
	if err != nil {
		return err
	}
	for {
		id, err := rd.Next()
		if err == io.EOF {
			return fmt.Errorf("no error")
		}
		if err != nil {
			return err
		}
		if _, err := rd.Record(id); err != nil {
			return err
		}
	}
}

// FuzzRead reads any text as a list: it must never panic, and every error is a SyntaxError
// or none.
func FuzzRead(f *testing.F) {
	good := combinedLine("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", "2833", "0", "10", "2823", "10", "20", "2886", "12", "20", "1990", "")
	f.Add(combinedHeader() + "\n" + good + "\n")
	f.Add("ID Number Name SEP24\n1 x 2000\n")
	f.Add("ID_Number\n\n\n  7\n")
	f.Fuzz(func(t *testing.T, text string) {
		err := readErr(text)
		var se *SyntaxError
		if err != nil && err.Error() != "no error" && !errors.As(err, &se) {
			t.Errorf("error %v is no SyntaxError", err)
		}
	})
}
