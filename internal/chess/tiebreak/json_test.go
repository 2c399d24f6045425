package tiebreak

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
)

// TestWriteJSON writes the standings of an oracle tournament and reads them back as the oracle
// file is read: the same tie-breaks, values, places and order, in the oracle's layout (players
// in start-rank order, one per line).
func TestWriteJSON(t *testing.T) {
	dir := oracletest.Dir(t, "tiebreaks")
	var want oracleFile
	readJSON(t, filepath.Join(dir, "035-p13-r04.json"), &want)
	ev := readEvent(t, filepath.Join(filepath.Dir(dir), want.Tournament))
	specs, err := ParseList(strings.Join(want.Tiebreaks, ","))
	if err != nil {
		t.Fatal(err)
	}
	st, err := Compute(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := st.WriteJSON(&out); err != nil {
		t.Fatal(err)
	}
	var got oracleFile
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if strings.Join(got.Tiebreaks, ",") != strings.Join(want.Tiebreaks, ",") || !equalInts(got.Rank, want.Rank) {
		t.Errorf("tiebreaks %v rank %v; want %v %v", got.Tiebreaks, got.Rank, want.Tiebreaks, want.Rank)
	}
	for key, exp := range want.Players {
		for field, v := range exp {
			if !sameNumber(string(got.Players[key][field]), string(v)) {
				t.Errorf("player %s %s = %s, want %s", key, field, got.Players[key][field], v)
			}
		}
	}
	lines := strings.Split(out.String(), "\n")
	if lines[1] != `  "tiebreaks": ["PTS", "BH", "BH/C1", "SB", "DE", "WIN", "PS", "ARO"],` ||
		lines[3] != `    "1": {"PTS": 3.0, "BH": 11.0, "BH/C1": 9.0, "SB": 7.00, "DE": 0, "WIN": 3, "PS": 8.0, "ARO": 1788, "rank": 2},` ||
		lines[len(lines)-3] != `  "rank": [2, 1, 4, 5, 7, 6, 3, 9, 10, 13, 11, 8, 12]` {
		t.Errorf("layout differs from the oracle's:\n%s", out.String())
	}
}
