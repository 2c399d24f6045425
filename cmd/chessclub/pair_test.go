package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
	"campus.example/apps/internal/chess/trf"
)

// TestPairOracle runs `chessclub pair` on oracle tournaments cut before a round and compares
// its output with the round the file records: the same games with the same colours and the
// same bye, the bye on the last line, the count on the first, and the boards in the order
// pairing programs publish (higher score, then lower score, then the higher player's number).
// It tests the command: files in, text out. Every round of every oracle file is paired and
// checked by the engine's own test, internal/chess/swiss TestOracle.
func TestPairOracle(t *testing.T) {
	dir := oracletest.Dir(t, "swiss")
	for _, name := range []string{"016-p13-r06.trf", "035-p13-r04.trf", "012-p129-r09.trf"} {
		full := readOracle(t, filepath.Join(dir, name))
		for k := range full.RoundsRecorded() {
			t.Run(fmt.Sprintf("%s/round%d", name, k+1), func(t *testing.T) {
				cut := cutBefore(full, k)
				var buf bytes.Buffer
				if err := cut.Write(&buf); err != nil {
					t.Fatal(err)
				}
				out, errOut, status := runCmd(t, "pair", writeFile(t, "cut.trf", buf.String()))
				if status != 0 {
					t.Fatalf("status %d: %s", status, errOut)
				}
				checkPairOutput(t, out, cut, full, k)
			})
		}
	}
}

// readOracle reads one oracle TRF file.
func readOracle(t *testing.T, path string) *trf.Tournament {
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
	return tour
}

// cutBefore returns the tournament as it stood when round k+1 was to be paired: rounds 1..k and
// the byes announced for round k+1.
func cutBefore(full *trf.Tournament, k int) *trf.Tournament {
	c := full.Prefix(k)
	for i, p := range full.Players {
		if x := p.Rounds[k]; x.Opponent == 0 && x.Result != chess.PairingBye {
			c.Players[i].Rounds = append(c.Players[i].Rounds, x)
		}
	}
	return c
}

// checkPairOutput compares pair's output with round k+1 (from 0) of the full file.
func checkPairOutput(t *testing.T, out string, cut, full *trf.Tournament, k int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	count, err := strconv.Atoi(lines[0])
	if err != nil || count != len(lines)-1 {
		t.Fatalf("first line %q does not count the %d lines after it", lines[0], len(lines)-1)
	}
	var got, want []string
	bye := ""
	score := map[int]chess.Score{}
	for _, p := range cut.Players {
		score[p.StartRank] = p.PointsAfter(k)
	}
	var order [][3]int
	for i, l := range lines[1:] {
		var a, b int
		if _, err := fmt.Sscanf(l, "%d %d", &a, &b); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if b == 0 {
			if i != len(lines)-2 {
				t.Errorf("the bye %q is not on the last line", l)
			}
			bye = l
			continue
		}
		got = append(got, l)
		hi, lo := a, b
		if score[b] > score[a] || score[b] == score[a] && b < a {
			hi, lo = b, a
		}
		order = append(order, [3]int{int(score[hi]), int(score[lo]), hi})
	}
	for _, p := range full.Players {
		x := p.Rounds[k]
		switch {
		case x.Opponent != 0 && x.Colour == chess.White:
			want = append(want, fmt.Sprint(p.StartRank, " ", x.Opponent))
		case x.Result == chess.PairingBye:
			if bye != fmt.Sprint(p.StartRank, " 0") {
				t.Errorf("bye %q, want %d 0", bye, p.StartRank)
			}
		}
	}
	gotSorted := slices.Clone(got)
	slices.Sort(gotSorted)
	slices.Sort(want)
	if !slices.Equal(gotSorted, want) {
		t.Errorf("boards %v, want %v", got, want)
	}
	if !slices.IsSortedFunc(order, func(x, y [3]int) int {
		if x[0] != y[0] {
			return y[0] - x[0]
		}
		if x[1] != y[1] {
			return y[1] - x[1]
		}
		return x[2] - y[2]
	}) {
		t.Errorf("boards out of publication order: %v", got)
	}
}

func TestPairErrors(t *testing.T) {
	// Each player drew their game: the points column says 0.5, as the results give.
	player := func(rank int, rounds string) string {
		return fmt.Sprintf("001 %4d      Player %-26d 1500                             0.5%5d   %s\n", rank, rank, rank, rounds)
	}
	met := "XXR 3\nXXC white1\n" + player(1, "  2 w =") + player(2, "  1 b =")
	finished := "XXR 1\nXXC white1\n" + player(1, "  2 w =") + player(2, "  1 b =")
	noRounds := player(1, "  2 w =") + player(2, "  1 b =")
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"no file", []string{"pair"}, 2, "exactly one FILE.trf"},
		{"missing file", []string{"pair", filepath.Join(t.TempDir(), "none.trf")}, 2, "no such file"},
		{"not a TRF file", []string{"pair", writeFile(t, "bad.trf", "001 x\n")}, 2, "bad.trf"},
		{"bad flag", []string{"pair", "-x", "f.trf"}, 2, "flag provided but not defined"},
		{"no XXR", []string{"pair", writeFile(t, "noxxr.trf", noRounds)}, 2, "XXR"},
		{"finished", []string{"pair", writeFile(t, "done.trf", finished)}, 2, "no round to pair"},
		{"everyone has met", []string{"pair", writeFile(t, "met.trf", met)}, 1, "round 2: swiss: no pairing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.args...)
			if status != tt.status || !strings.Contains(errOut, tt.stderr) || out != "" {
				t.Errorf("status %d, stdout %q, stderr %q; want status %d and %q", status, out, errOut, tt.status, tt.stderr)
			}
		})
	}
}
