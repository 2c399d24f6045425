package tiebreak

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTieBreakServerCorpus ranks the real tournaments of the trf package's corpus after every
// round they record as played, and compares every place, every value and the order with what
// TieBreakServer's tiebreakchecker 1.9.57 computed for the same rounds
// (testdata/corpus/README.md says how): the Buchholz and Sonneborn-Berger family under both
// versions of the rules, the other tie-breaks once.
func TestTieBreakServerCorpus(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no answers: %v", err)
	}
	lists, values := 0, 0
	for _, path := range paths {
		var want struct {
			File string `json:"file"`
			Runs []struct {
				Rounds    int        `json:"rounds"`
				Format    string     `json:"format"`
				Rules     string     `json:"rules"`
				Tiebreaks []string   `json:"tiebreaks"`
				Rows      [][]string `json:"rows"`
			} `json:"runs"`
		}
		readJSON(t, path, &want)
		full := readCorpus(t, want.File)
		t.Run(want.File, func(t *testing.T) {
			for _, run := range want.Runs {
				format := Swiss // tiebreakchecker -s; "round_robin": -p, the rules of a round robin
				if run.Format == "round_robin" {
					format = RoundRobin
				}
				ev, err := FromTRF(full.Prefix(run.Rounds), format)
				if err != nil {
					t.Fatal(err)
				}
				if run.Rules != "" {
					if ev.Rules, err = ParseRules(run.Rules); err != nil {
						t.Fatal(err)
					}
				}
				specs, err := ParseList(strings.Join(run.Tiebreaks, ","))
				if err != nil {
					t.Fatal(err)
				}
				st, err := Compute(ev, specs)
				if err != nil {
					t.Fatal(err)
				}
				what := func() string {
					return "after round " + strconv.Itoa(run.Rounds) + " " + run.Format + " " + run.Rules + " " + strings.Join(run.Tiebreaks, ",")
				}
				if len(st.Rows) != len(run.Rows) {
					t.Fatalf("%s: %d rows, want %d", what(), len(st.Rows), len(run.Rows))
				}
				for i, row := range st.Rows {
					w := run.Rows[i]
					if strconv.Itoa(row.Place) != w[0] || strconv.Itoa(row.StartRank) != w[1] {
						t.Errorf("%s: row %d is place %d player %d, want place %s player %s", what(), i+1, row.Place, row.StartRank, w[0], w[1])
						continue
					}
					for k, s := range st.Specs {
						exp := w[2+k]
						if exp == "-0" { // the tool's text for no value
							exp = "null"
						}
						if got := row.Values[k].String(); !sameNumber(got, exp) {
							t.Errorf("%s: player %s %s = %s, want %s", what(), w[1], s, got, exp)
						}
						values++
					}
				}
				lists++
			}
		})
	}
	t.Logf("%d lists of standings, %d values, as TieBreakServer computes them", lists, values)
}
