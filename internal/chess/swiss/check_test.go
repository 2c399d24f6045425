package swiss

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
)

// TestCheckFileOracle checks every round of the 120 oracle tournaments: bbpPairings' checker
// flags none of them (testdata/check/oracle.bbp), and neither does CheckFile.
func TestCheckFileOracle(t *testing.T) {
	paths := oracletest.Files(t, "swiss", ".trf")
	if len(paths) != 120 {
		t.Errorf("%d oracle files, the oracle README promises 120", len(paths))
	}
	want := bbpTables(t, filepath.Join(checkDataDir, "oracle.bbp"))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			name := strings.TrimSuffix(filepath.Base(path), ".trf")
			w, ok := want[name]
			if !ok {
				t.Fatalf("oracle.bbp has no verdict on %s", name)
			}
			compareVerdicts(t, path, w)
		})
	}
}

// TestCheckFileAltered checks the altered tournaments of testdata/check: 120 oracle
// tournaments, and in records/ 59 of testdata/bbp's (accelerated, with prohibited pairings),
// each altered in one round. CheckFile flags the rounds bbpPairings' checker flags, and names
// the same games both ways.
func TestCheckFileAltered(t *testing.T) {
	for _, set := range []struct {
		dir     string
		files   int
		flagged int // at least
	}{
		{checkDataDir, 120, 120},
		{filepath.Join(checkDataDir, "records"), 59, 59},
	} {
		paths, err := filepath.Glob(filepath.Join(set.dir, "*.trf"))
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) != set.files {
			t.Fatalf("%d altered tournaments in %s, want %d", len(paths), set.dir, set.files)
		}
		flagged := 0
		for _, path := range paths {
			name := strings.TrimSuffix(filepath.Base(path), ".trf")
			want := bbpTables(t, filepath.Join(set.dir, name+".bbp"))[name]
			flagged += len(want)
			t.Run(filepath.Base(set.dir)+"/"+name, func(t *testing.T) {
				t.Parallel()
				compareVerdicts(t, path, want)
			})
		}
		if flagged < set.flagged {
			t.Errorf("%s: bbpPairings flags %d rounds of %d altered tournaments; each should have at least one", set.dir, flagged, set.files)
		}
	}
}

// compareVerdicts runs CheckFile on path and compares the rounds it flags, and the games it
// names, with bbpPairings' tables (round → the games both ways).
func compareVerdicts(t *testing.T, path string, want map[int]bbpTable) {
	t.Helper()
	verdicts, err := CheckFile(readTRF(t, path))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]bbpTable{}
	for _, v := range verdicts {
		if !v.Differs {
			continue
		}
		tb := bbpTable{noPairing: v.NoPairing, engine: gamesOf(v.Engine), file: gamesOf(v.Proposed)}
		if v.NoPairing {
			tb.file = nil
		}
		got[v.Round] = tb
	}
	for r := 1; r <= len(verdicts); r++ {
		g, w := got[r], want[r]
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("round %d: CheckFile says %+v, bbpPairings %+v", r, g, w)
		}
	}
	if len(want) > 0 && len(verdicts) < slices.Max(keys(want)) {
		t.Errorf("CheckFile checks %d rounds, bbpPairings flags round %d", len(verdicts), slices.Max(keys(want)))
	}
}

func keys(m map[int]bbpTable) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	return out
}

// bbpTable is what bbpPairings' checker prints for a flagged round: the engine's games the
// file lacks and the file's games of the same players, as sorted "WHITE-BLACK" ("N-0" for the
// bye); or that no pairing exists.
type bbpTable struct {
	noPairing    bool
	engine, file []string
}

// gamesOf returns a pairing's games as sorted "WHITE-BLACK" strings.
func gamesOf(p Pairing) []string {
	var out []string
	for _, b := range p.Boards {
		out = append(out, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	if p.Bye != 0 {
		out = append(out, fmt.Sprintf("%d-0", p.Bye))
	}
	slices.Sort(out)
	return out
}

// bbpTables reads a file of bbpPairings checker output: per tournament, per flagged round, its
// table. Each tournament checked has an entry, empty when no round is flagged.
func bbpTables(t *testing.T, path string) map[string]map[int]bbpTable {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[int]bbpTable{}
	var name string
	var round int
	for line := range strings.Lines(string(b)) {
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
		case strings.Contains(line, ": Round #") && !strings.HasPrefix(line, " "):
			n, rest, _ := strings.Cut(line, ": Round #")
			name = n
			if _, err := fmt.Sscan(rest, &round); err != nil {
				t.Fatalf("%s: %q: %v", path, line, err)
			}
			if out[name] == nil {
				out[name] = map[int]bbpTable{}
			}
		case strings.HasPrefix(line, "No valid pairing exists"):
			out[name][round] = bbpTable{noPairing: true}
		case strings.HasPrefix(line, "  Checker pairings"):
			out[name][round] = bbpTable{}
		default:
			tb, err := addTableRow(out[name][round], line)
			if err != nil {
				t.Fatalf("%s: %q: %v", path, line, err)
			}
			out[name][round] = tb
		}
	}
	for _, rounds := range out {
		for r, tb := range rounds {
			slices.Sort(tb.engine)
			slices.Sort(tb.file)
			rounds[r] = tb
		}
	}
	return out
}

// addTableRow reads one row "  W - B      W - B" of a checker table: the engine's game, when
// the row has two, then the file's.
func addTableRow(tb bbpTable, line string) (bbpTable, error) {
	f := strings.Fields(line)
	var games []string
	for len(f) >= 3 && f[1] == "-" {
		games = append(games, f[0]+"-"+f[2])
		f = f[3:]
	}
	if len(f) != 0 || len(games) == 0 {
		return tb, errors.New("not a row of a checker table")
	}
	if len(games) == 2 {
		tb.engine = append(tb.engine, games[0])
	}
	tb.file = append(tb.file, games[len(games)-1])
	return tb, nil
}

// TestCheckFileBBPData checks the 252 tournaments of testdata/bbp, with accelerations,
// prohibited pairings, point systems and fields played as opens play them: bbpPairings' checker accepted every one of them when they were made
// (TestGenerateBBPData), and CheckFile finds no round that differs.
func TestCheckFileBBPData(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "bbp", "*", "*.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 252 {
		t.Errorf("%d tournaments in testdata/bbp, its README lists 252", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(filepath.Dir(path))+"/"+filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			compareVerdicts(t, path, nil)
		})
	}
}
