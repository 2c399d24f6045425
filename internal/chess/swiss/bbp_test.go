package swiss

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// bbpSets are the sets of tournaments in testdata/bbp (see its README): each file NAME.trf is a
// whole tournament and NAME.pairings holds bbpPairings' -p output for each of its rounds, and
// each set has at least as many files as promised.
var bbpSets = []struct {
	dir   string
	files int
}{
	{"baku", 100},     // Baku acceleration as 250 records, computed by Baku
	{"forbidden", 50}, // prohibited pairings (260) added before some rounds
	{"xxa", 4},        // acceleration as XXA lines, alone and beside 250 records
	{"points", 50},    // other point systems than win 1, draw ½ (162, BBW to BBU)
	{"realistic", 16}, // newField's shapes: opens as they are played, one scoregroup, many small ones
}

// TestBBPData pairs every round of every tournament in testdata/bbp from the rounds before it
// and compares the result with bbpPairings' output for the same file, as printed by
// `chessclub pair` (and bbpPairings -p): the same boards in the same order, colours and bye.
func TestBBPData(t *testing.T) {
	for _, set := range bbpSets {
		t.Run(set.dir, func(t *testing.T) {
			paths, err := filepath.Glob(filepath.Join("testdata", "bbp", set.dir, "*.trf"))
			if err != nil {
				t.Fatal(err)
			}
			if len(paths) < set.files {
				t.Errorf("%d files in testdata/bbp/%s, want at least %d", len(paths), set.dir, set.files)
			}
			rounds := 0
			for _, path := range paths {
				full := readTRF(t, path)
				want := readPairings(t, strings.TrimSuffix(path, ".trf")+".pairings")
				if len(want) != full.RoundsRecorded() {
					t.Fatalf("%s: %d rounds, %d pairings", path, full.RoundsRecorded(), len(want))
				}
				for k := range want {
					rounds++
					req, err := NextRound(cutBefore(full, k))
					if err != nil {
						t.Fatalf("%s round %d: %v", path, k+1, err)
					}
					p, err := Pair(req)
					if err != nil {
						t.Errorf("%s round %d: %v", path, k+1, err)
						continue
					}
					if got := printPairing(p); got != want[k] {
						t.Errorf("%s round %d:\n%s\nbbpPairings:\n%s", path, k+1, got, want[k])
					}
				}
			}
			t.Logf("%d files, %d rounds", len(paths), rounds)
		})
	}
}

// readPairings splits a .pairings file into the outputs of its rounds: each a line with the
// number of lines that follow, then those lines.
func readPairings(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n, err := strconv.Atoi(sc.Text())
		if err != nil {
			t.Fatalf("%s: %q is not a count of lines", path, sc.Text())
		}
		round := sc.Text() + "\n"
		for range n {
			if !sc.Scan() {
				t.Fatalf("%s: a round ends early", path)
			}
			round += sc.Text() + "\n"
		}
		out = append(out, round)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
