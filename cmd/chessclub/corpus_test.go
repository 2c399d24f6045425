package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// The corpus of real files lives with the trf package; testdata/corpus-bbp holds what
// bbpPairings v6.0.0 answers on them (testdata/corpus-bbp/README.md says how it was made).
var (
	corpusDir    = filepath.Join("..", "..", "internal", "chess", "trf", "testdata", "corpus")
	corpusBBPDir = filepath.Join("testdata", "corpus-bbp")
)

// bbpCheck is bbpPairings' -c on one file: the rounds it flags, or the error it stops with.
type bbpCheck struct {
	Flagged []int  `json:"flagged"`
	Error   string `json:"error,omitempty"`
}

// TestCheckCorpus runs `chessclub check` on every file of the corpus: a file bbpPairings
// refuses is refused with status 2 and the reason; on any other, the rounds flagged are those
// bbpPairings' checker flags, and the status says whether there are any.
func TestCheckCorpus(t *testing.T) {
	var want map[string]bbpCheck
	readCorpusJSON(t, "check.json", &want)
	paths := corpusPaths(t)
	if len(want) != len(paths) {
		t.Errorf("%d answers for %d files", len(want), len(paths))
	}
	for _, path := range paths {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatal("no answer of bbpPairings")
			}
			out, errOut, status := runCmd(t, "check", path)
			if w.Error != "" {
				if status != usageStatus || !strings.Contains(errOut, name) {
					t.Fatalf("status %d, stderr %q; bbpPairings refuses it (%s), want status 2 and the reason", status, errOut, w.Error)
				}
				return
			}
			var flagged []int
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var r int
				if _, err := fmt.Sscanf(l, "round %d:", &r); err == nil {
					flagged = append(flagged, r)
				}
			}
			if !slices.Equal(flagged, w.Flagged) {
				t.Errorf("flagged rounds %v, bbpPairings %v", flagged, w.Flagged)
			}
			if wantStatus := min(len(w.Flagged), 1); status != wantStatus {
				t.Errorf("status %d, want %d; stderr %s", status, wantStatus, errOut)
			}
		})
	}
}

// TestPairCorpus cuts every file of the corpus before each round it records as paired, with
// the byes announced for that round, and runs `chessclub pair` on the cut as the writer writes
// it: the output is bbpPairings' -p output on the same cut file, line for line, or, where
// bbpPairings refuses the file, status 2.
func TestPairCorpus(t *testing.T) {
	var want map[string]map[string][]string
	readCorpusJSON(t, "pair.json", &want)
	rounds := 0
	for _, path := range corpusPaths(t) {
		name := filepath.Base(path)
		full := readOracle(t, path)
		for k := range full.RoundsPlayed() {
			t.Run(fmt.Sprintf("%s/round%d", name, k+1), func(t *testing.T) {
				w, ok := want[name][strconv.Itoa(k+1)]
				if !ok {
					t.Fatal("no answer of bbpPairings")
				}
				cut := writeFile(t, "cut.trf", corpusCut(t, full, k))
				out, errOut, status := runCmd(t, "pair", cut)
				if len(w) == 1 && strings.HasPrefix(w[0], "error: ") {
					if status != usageStatus {
						t.Fatalf("status %d, out %q; bbpPairings refuses it (%s), want status 2", status, out, w[0])
					}
					return
				}
				if status != 0 {
					t.Fatalf("status %d: %s", status, errOut)
				}
				if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); !slices.Equal(got, w) {
					t.Errorf("pairing:\n%s\nbbpPairings:\n%s", strings.Join(got, "\n"), strings.Join(w, "\n"))
				}
				rounds++
			})
		}
	}
	t.Logf("%d rounds paired as bbpPairings pairs them", rounds)
}

// TestWriteCorpusCuts writes the cut files of TestPairCorpus to $CORPUS_CUTS, one per file and
// round, NAME.rN.trf, and TestPairByes240's file, for bbpPairings to pair; it does nothing
// without the variable.
func TestWriteCorpusCuts(t *testing.T) {
	dir := os.Getenv("CORPUS_CUTS")
	if dir == "" {
		t.Skip("set CORPUS_CUTS to a folder to write the cut files")
	}
	for _, path := range corpusPaths(t) {
		full := readOracle(t, path)
		for k := range full.RoundsPlayed() {
			name := fmt.Sprintf("%s.r%d.trf", strings.TrimSuffix(filepath.Base(path), ".trf"), k+1)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(corpusCut(t, full, k)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// TestPairByes240's file, and the corpus file it is made from: its own cut for round 5.
	raw, err := os.ReadFile(filepath.Join(corpusDir, "javafo-gros-2010-round5.trf"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"javafo-gros-2010-round5.240.r5.trf": byes240(t), "javafo-gros-2010-round5.r5.trf": string(raw)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPairByes240 pairs round 5 of the JaVaFo manual's open with the byes announced for it
// written as TRF-2026's 240 records, as the club's export writes them, instead of in the
// players' lines: the pairing is bbpPairings' on the same file (it reads 240 records with the
// same columns), which is also its pairing of the file with the byes in the players' lines.
func TestPairByes240(t *testing.T) {
	var want map[string]map[string][]string
	readCorpusJSON(t, "pair.json", &want)
	file := writeFile(t, "byes240.trf", byes240(t))
	out, errOut, status := runCmd(t, "pair", file)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if w := want["javafo-gros-2010-round5.240.trf"]["5"]; !slices.Equal(got, w) {
		t.Errorf("pairing:\n%s\nbbpPairings:\n%s", strings.Join(got, "\n"), strings.Join(w, "\n"))
	}
	if w := want["javafo-gros-2010-round5.trf"]["5"]; !slices.Equal(got, w) {
		t.Errorf("pairing:\n%s\nbbpPairings, byes in the players' lines:\n%s", strings.Join(got, "\n"), strings.Join(w, "\n"))
	}
	// JaVaFo's XXZ names the same absences (bbpPairings does not read it; JaVaFo's manual and
	// TieBreakServer do), so the pairing is the same.
	var xxz []string
	for _, l := range strings.Split(byes240(t), "\n") {
		if !strings.HasPrefix(l, "240") {
			xxz = append(xxz, l)
		}
	}
	file = writeFile(t, "xxz.trf", strings.Join(xxz, "\n")+"XXZ 22 28\nXXZ 43\n")
	out, errOut, status = runCmd(t, "pair", file)
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); status != 0 || !slices.Equal(got, want["javafo-gros-2010-round5.240.trf"]["5"]) {
		t.Errorf("XXZ: status %d %s, pairing:\n%s", status, errOut, out)
	}
}

// byes240 writes the JaVaFo manual's open after round 4 with the byes of round 5 as 240
// records, one per kind, the players in 11-14, 16-19, ...
func byes240(t *testing.T) string {
	t.Helper()
	full := readOracle(t, filepath.Join(corpusDir, "javafo-gros-2010-round5.trf"))
	c := full.Prefix(4)
	ids := map[chess.Result][]int{}
	for _, p := range full.Players {
		if len(p.Rounds) > 4 && p.Rounds[4].Opponent == 0 {
			ids[p.Rounds[4].Result] = append(ids[p.Rounds[4].Result], p.StartRank)
		}
	}
	for _, r := range []chess.Result{chess.HalfBye, chess.FullBye, chess.ZeroBye} {
		if len(ids[r]) == 0 {
			continue
		}
		line := fmt.Sprintf("240 %c %3d", r, 5)
		for _, id := range ids[r] {
			line += fmt.Sprintf(" %4d", id)
		}
		c.Other = append(c.Other, line)
	}
	var buf bytes.Buffer
	if err := c.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// corpusCut writes the tournament as it stood when round k+1 (from 1) was to be paired:
// rounds 1..k, the number of rounds and the initial colour (trf.Tournament.Prefix), and the
// byes announced for round k+1 (the entries of that round without an opponent and not the
// pairing-allocated bye).
func corpusCut(t *testing.T, full *trf.Tournament, k int) string {
	t.Helper()
	c := full.Prefix(k)
	for i, p := range full.Players {
		if len(p.Rounds) <= k {
			continue
		}
		if x := p.Rounds[k]; x.Opponent == 0 && x.Result != chess.PairingBye {
			c.Players[i].Rounds = append(c.Players[i].Rounds, x)
		}
	}
	var buf bytes.Buffer
	if err := c.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// corpusPaths lists the corpus files.
func corpusPaths(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusDir, "*.trf"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus files in %s: %v", corpusDir, err)
	}
	return paths
}

// readCorpusJSON reads one file of testdata/corpus-bbp.
func readCorpusJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusBBPDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
