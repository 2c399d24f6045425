package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bbpData is the engine's committed bbpPairings data: tournaments with acceleration and
// prohibited pairings, and bbpPairings' -p output for each round (see its README).
const bbpData = "../../internal/chess/swiss/testdata/bbp"

// TestPairRecords runs `chessclub pair` on tournaments with 250, XXA and 260 records, cut before
// each round, and compares its output with bbpPairings' for the same file, byte for byte. The
// engine's TestBBPData pairs every round of every file; this tests the command on a few.
func TestPairRecords(t *testing.T) {
	for _, name := range []string{"baku/001-p60-r07", "baku/007-p14-r05", "xxa/002-p23-r07", "forbidden/004-p53-r05"} {
		full := readOracle(t, filepath.Join(bbpData, name+".trf"))
		want := splitPairings(t, filepath.Join(bbpData, name+".pairings"))
		for k := range full.RoundsRecorded() {
			t.Run(fmt.Sprintf("%s/round%d", name, k+1), func(t *testing.T) {
				var buf bytes.Buffer
				if err := cutBefore(full, k).Write(&buf); err != nil {
					t.Fatal(err)
				}
				out, errOut, status := runCmd(t, "pair", writeFile(t, "cut.trf", buf.String()))
				if status != 0 || out != want[k] {
					t.Errorf("status %d, stderr %q, output:\n%s\nbbpPairings:\n%s", status, errOut, out, want[k])
				}
			})
		}
	}
}

// splitPairings reads a .pairings file: bbpPairings' output for each round, one after the other.
func splitPairings(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	var out []string
	for i := 0; i < len(lines) && lines[i] != ""; {
		var n int
		if _, err := fmt.Sscan(lines[i], &n); err != nil {
			t.Fatalf("%s: %q is not a count", path, lines[i])
		}
		out = append(out, strings.Join(lines[i:i+n+1], ""))
		i += n + 1
	}
	return out
}

// TestRefusedRecords: records that change the pairing or the standings and that the club's
// engine does not implement end both commands with status 2, naming the record, rather than
// give an answer made without them.
func TestRefusedRecords(t *testing.T) {
	base := "XXR 3\nXXC white1\n"
	for id := 1; id <= 6; id++ {
		base += fmt.Sprintf("001 %4d      Player %-26d %4d                             0.0\n", id, id, 2100-100*id)
	}
	tests := []struct {
		name, record  string
		pair, ranking int // the exit status of pair and of standings
	}{
		{"Baku left to the engine", "192 FIDE_DUTCH_2025_BAKU", 2, 0},
		{"another pairing system", "192 FIDE_BURSTEIN", 2, 0},
		{"a draw above a win", "162  D 2.0", 2, 2},
		{"bbpPairings' points in tenths", "BBD  0.3", 2, 2},
		{"JaVaFo's scoring with wins apart", "XXS WW=1.0 BW=0.5", 2, 2},
		{"an abnormal assignment", "299 W   1.0  0.5 003    1", 2, 2},
		{"virtual points in tenths", "250       0.3 001 001    1    3", 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := writeFile(t, "t.trf", base+tt.record+"\n")
			for _, c := range []struct {
				cmd    string
				status int
			}{{"pair", tt.pair}, {"standings", tt.ranking}} {
				_, errOut, status := runCmd(t, c.cmd, file)
				if status != c.status || (status != 0 && !strings.Contains(errOut, tt.record)) {
					t.Errorf("%s: status %d, stderr %q; want status %d naming %q", c.cmd, status, errOut, c.status, tt.record)
				}
			}
		})
	}
}

// TestPointSystemRecords: a file scored three points a win is paired and ranked with those
// points, and one whose points column disagrees with its results is refused by pair, naming
// the player.
func TestPointSystemRecords(t *testing.T) {
	const file = `XXR 3
XXC white1
162  W 3.0    D 1.0
001    1      One                               2000                             %s          2 w 1
001    2      Two                               1900                             0.0          1 b 0
001    3      Three                             1800                             1.0          4 w =
001    4      Four                              1700                             1.0          3 b =
`
	good := writeFile(t, "good.trf", fmt.Sprintf(file, "3.0"))
	out, errOut, status := runCmd(t, "pair", good)
	if status != 0 {
		t.Fatalf("pair: status %d: %s", status, errOut)
	}
	if want := "2\n4 1\n2 3\n"; out != want {
		t.Errorf("pair: %q, want %q", out, want)
	}
	out, errOut, status = runCmd(t, "standings", "-tiebreaks", "WIN", good)
	if status != 0 {
		t.Fatalf("standings: status %d: %s", status, errOut)
	}
	if !strings.Contains(out, `"1": {"PTS": 3.0, "WIN": 1, "rank": 1}`) {
		t.Errorf("standings do not give player 1 three points:\n%s", out)
	}
	_, errOut, status = runCmd(t, "pair", writeFile(t, "bad.trf", fmt.Sprintf(file, "1.0")))
	if status != 2 || !strings.Contains(errOut, "player 1 (One): the points column says 1.0, the results of rounds 1-1 give 3.0") {
		t.Errorf("pair of a wrong points column: status %d, stderr %q", status, errOut)
	}
}

// TestStandingsIgnoreVirtualPoints: acceleration serves the pairing only (C.04.5); the
// standings of an accelerated tournament are those of the same file without its 250 records.
func TestStandingsIgnoreVirtualPoints(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(bbpData, "baku/001-p60-r07.trf"))
	if err != nil {
		t.Fatal(err)
	}
	var plain []string
	for _, line := range strings.SplitAfter(string(raw), "\n") {
		if !strings.HasPrefix(line, "250") {
			plain = append(plain, line)
		}
	}
	if len(plain) == len(strings.SplitAfter(string(raw), "\n")) {
		t.Fatal("the file has no 250 records")
	}
	with, errOut, status := runCmd(t, "standings", writeFile(t, "with.trf", string(raw)))
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	without, _, _ := runCmd(t, "standings", writeFile(t, "without.trf", strings.Join(plain, "")))
	if with != without {
		t.Errorf("standings differ with the 250 records:\n%s\nwithout:\n%s", with, without)
	}
}
