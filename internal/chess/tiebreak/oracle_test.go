package tiebreak

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
	"campus.example/apps/internal/chess/trf"
)

// oracleFile is one file of the oracle's tiebreaks folder.
type oracleFile struct {
	Tournament string                                `json:"tournament"`
	Rules      string                                `json:"rules"`
	Tiebreaks  []string                              `json:"tiebreaks"`
	Players    map[string]map[string]json.RawMessage `json:"players"`
	Rank       []int                                 `json:"rank"`
	DEAfterPTS map[string]int                        `json:"DE_right_after_PTS"`
}

// TestOracle computes the standings of every tournament of the oracle's tiebreaks folder with
// its list of tie-breaks, as a Swiss event under the 2026-03-01 rules, and compares every value
// (as a number, at the precision printed), every place and the final order; then DE placed
// right after PTS.
func TestOracle(t *testing.T) {
	paths := oracletest.Files(t, "tiebreaks", ".json")
	if len(paths) != 30 {
		t.Errorf("%d oracle files, the oracle README promises 30", len(paths))
	}
	root := filepath.Dir(filepath.Dir(paths[0]))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var want oracleFile
			readJSON(t, path, &want)
			if want.Rules != "2026-03-01" {
				t.Fatalf("rules %q, want 2026-03-01", want.Rules)
			}
			ev := readEvent(t, filepath.Join(root, want.Tournament))
			specs, err := ParseList(strings.Join(want.Tiebreaks, ","))
			if err != nil {
				t.Fatal(err)
			}
			st, err := Compute(ev, specs)
			if err != nil {
				t.Fatal(err)
			}
			var order []int
			for _, row := range st.Rows {
				order = append(order, row.StartRank)
				key := itoa(row.StartRank)
				exp := want.Players[key]
				for k, s := range st.Specs {
					if got, w := row.Values[k].String(), string(exp[s.String()]); !sameNumber(got, w) {
						t.Errorf("player %s %s = %s, want %s", key, s, got, w)
					}
				}
				if got, w := itoa(row.Place), string(exp["rank"]); got != w {
					t.Errorf("player %s place %s, want %s", key, got, w)
				}
			}
			if !equalInts(order, want.Rank) {
				t.Errorf("order %v\nwant  %v", order, want.Rank)
			}
			// DE right after the points.
			ptsDE, _ := ParseList("PTS,DE")
			st, err = Compute(ev, ptsDE)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range st.Rows {
				if got, w := row.Values[1].String(), itoa(want.DEAfterPTS[itoa(row.StartRank)]); got != w {
					t.Errorf("DE right after PTS, player %d = %s, want %s", row.StartRank, got, w)
				}
			}
		})
	}
}

// readEvent reads a TRF file as a Swiss event.
func readEvent(t *testing.T, path string) Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tour, err := trf.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := FromTRF(tour, Swiss)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// sameNumber compares two numbers written as text ("7.00" and "7.0" are equal; "null" only
// equals "-", our text for no value).
func sameNumber(got, want string) bool {
	if want == "null" || got == "-" {
		return want == "null" && got == "-"
	}
	var g, w json.Number = json.Number(got), json.Number(want)
	gf, err1 := g.Float64()
	wf, err2 := w.Float64()
	return err1 == nil && err2 == nil && gf == wf
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func itoa(n int) string { return strconv.Itoa(n) }
