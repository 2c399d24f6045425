package swiss

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
)

// bbpPath is the bbpPairings binary that TestGenerateBBPData asks; without it the test skips.
var bbpPath = flag.String("bbp", "", "bbpPairings binary: TestGenerateBBPData writes testdata/bbp with it")

// bbpOnly, when set, names the one set of testdata/bbp that TestGenerateBBPData writes.
var bbpOnly = flag.String("bbponly", "", "the one set of testdata/bbp for TestGenerateBBPData to write (default: all)")

// TestGenerateBBPData writes the tournaments of testdata/bbp (its README says how), when
// given the bbpPairings binary:
//
//	go test ./internal/chess/swiss -run TestGenerateBBPData -bbp /path/to/bbpPairings.exe
//
// Each tournament is played round by round: bbpPairings pairs the round from the file of the
// rounds before it (bbpPairings --dutch FILE -p OUT), and results are drawn at random as in
// the package's simulation. Its answers are kept as the expected pairings, and bbpPairings'
// own checker (-c) must accept the finished file. The same seeds give the same files.
func TestGenerateBBPData(t *testing.T) {
	if *bbpPath == "" {
		t.Skip("no -bbp binary given; the data in testdata/bbp is committed")
	}
	for _, set := range []struct {
		dir   string
		seeds []uint64
		make  func(rng *rand.Rand, seed uint64) *bbpCase
	}{
		{"baku", seedRange(1, 110), newBakuCase},
		{"forbidden", seedRange(1001, 60), newForbiddenCase},
		{"xxa", seedRange(2001, 6), newXXACase},
		{"points", seedRange(3001, 60), newPointsCase},
		{"realistic", seedRange(4001, 16), newRealisticCase},
	} {
		if *bbpOnly != "" && set.dir != *bbpOnly {
			continue
		}
		dir := filepath.Join("testdata", "bbp", set.dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, seed := range set.seeds {
			rng := rand.New(rand.NewPCG(seed, 0xbb9))
			c := set.make(rng, seed)
			if err := c.play(t, rng); err != nil {
				t.Logf("%s seed %d left out: %v", set.dir, seed, err)
				continue
			}
			name := fmt.Sprintf("%03d-p%02d-r%02d", seed%1000, c.n(), c.s.req.TotalRounds)
			c.write(t, filepath.Join(dir, name))
		}
	}
}

// seedRange returns n seeds from first on.
func seedRange(first uint64, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = first + uint64(i)
	}
	return out
}

// bbpCase is one tournament being generated.
type bbpCase struct {
	s     *simulation
	other []string // records written after the players, in order
	// before, when set, may add records before a round is paired: it returns them.
	before    func(rng *rand.Rand, round int) []string
	pairings  bytes.Buffer // bbpPairings' output, round after round
	finalText []byte
}

func (c *bbpCase) n() int { return len(c.s.req.Players) }

// newBakuCase: 10 to 120 players (mostly up to 60), 5 to 11 rounds, the Baku acceleration as
// computed by Baku; every seventh file also names the Baku system in a 192 record, which the
// 250 records then override.
func newBakuCase(rng *rand.Rand, seed uint64) *bbpCase {
	n := 10 + rng.IntN(51)
	switch rng.IntN(10) {
	case 0:
		n = 91 + rng.IntN(30)
	case 1, 2:
		n = 61 + rng.IntN(30)
	}
	c := &bbpCase{s: newSimulation(seed, n, min(5+rng.IntN(7), n/2+1))}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i + 1
	}
	acc, err := Baku(ids, c.s.req.TotalRounds)
	if err != nil {
		panic(err)
	}
	c.s.req.Accelerations = acc
	if seed%7 == 0 {
		c.other = append(c.other, "192 FIDE_DUTCH_2025_BAKU")
	}
	return c
}

// newForbiddenCase: 10 to 80 players, 5 to 11 rounds; before a round, now and then, a few
// groups of two or three players are forbidden to meet from that round for some rounds (260).
// One file in four is accelerated by Baku as well.
func newForbiddenCase(rng *rand.Rand, seed uint64) *bbpCase {
	n := 10 + rng.IntN(71)
	c := &bbpCase{s: newSimulation(seed, n, min(5+rng.IntN(7), n/2+1))}
	if seed%4 == 0 {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i + 1
		}
		c.s.req.Accelerations, _ = Baku(ids, c.s.req.TotalRounds)
	}
	c.before = func(rng *rand.Rand, round int) []string {
		if rng.IntN(5) >= 2 && round > 1 {
			return nil
		}
		var recs []string
		for range 1 + rng.IntN(3) {
			last := round + rng.IntN(c.s.req.TotalRounds-round+1)
			rec := fmt.Sprintf("260 %03d %03d", round, last)
			for _, id := range rng.Perm(n)[:2+rng.IntN(2)] {
				rec += fmt.Sprintf(" %4d", id+1)
			}
			recs = append(recs, rec)
		}
		return recs
	}
	return c
}

// newXXACase: 12 to 40 players, 5 to 9 rounds; some players have XXA lines of virtual points
// (½ to 2 points, sometimes with a round of none) for the first rounds; in every other file a
// range of other players is accelerated by two overlapping 250 records, the later one
// overriding the earlier in the rounds they share.
func newXXACase(rng *rand.Rand, seed uint64) *bbpCase {
	n := 12 + rng.IntN(29)
	c := &bbpCase{s: newSimulation(seed, n, min(5+rng.IntN(5), n/2+1))}
	first := 1
	if seed%2 == 0 {
		last := 2 + rng.IntN(n/3)
		c.s.req.Accelerations = []Acceleration{
			{Points: 2, FirstRound: 1, LastRound: 3, FirstID: 1, LastID: last},
			{Points: 1, FirstRound: 2, LastRound: 4, FirstID: 1 + last/2, LastID: last},
		}
		first = last + 1
	}
	for id := first; id <= n; id++ {
		if rng.IntN(3) != 0 {
			continue
		}
		line := fmt.Sprintf("XXA %4d", id)
		for r := range 1 + rng.IntN(min(4, c.s.req.TotalRounds)) {
			pts := chess.Score(1 + rng.IntN(4))
			if r > 0 && rng.IntN(5) == 0 {
				pts = 0
			}
			line += fmt.Sprintf(" %4s", pts)
		}
		c.other = append(c.other, line)
	}
	return c
}

// pointSystems are the point systems of testdata/bbp/points, as records written after the
// players (in TRF-2026's 162, bbpPairings' BBW to BBU, or both) with the system they give.
var pointSystems = []struct {
	records []string
	ps      chess.PointSystem
}{
	{[]string{"162  W 3.0    D 1.0"}, chess.PointSystem{Win: 6, Draw: 2, PairingBye: 6}},
	{[]string{"BBW  3.0", "BBD  1.0"}, chess.PointSystem{Win: 6, Draw: 2, PairingBye: 6}},
	{[]string{"162  W 2.0    D 1.0    L 0.0"}, chess.PointSystem{Win: 4, Draw: 2, PairingBye: 4}},
	{[]string{"162  W 3.0    D 1.0    P 1.0"}, chess.PointSystem{Win: 6, Draw: 2, PairingBye: 2}},
	{[]string{"BBW  1.0", "BBD  0.5", "BBU  0.5"}, chess.PointSystem{Win: 2, Draw: 1, PairingBye: 1}},
	{[]string{"162  W 3.0    D 2.0    L 1.0", "BBZ  0.0", "BBF  0.0"}, chess.PointSystem{Win: 6, Draw: 4, Loss: 2, PairingBye: 6}},
}

// newPointsCase: 10 to 60 players, 5 to 11 rounds, scored by one of pointSystems in turn.
func newPointsCase(rng *rand.Rand, seed uint64) *bbpCase {
	n := 10 + rng.IntN(51)
	c := &bbpCase{s: newSimulation(seed, n, min(5+rng.IntN(7), n/2+1))}
	sys := pointSystems[int(seed)%len(pointSystems)]
	c.s.req.Points = sys.ps
	c.other = append(c.other, sys.records...)
	return c
}

// newRealisticCase: a field of newField's shapes (realistic, one scoregroup, many small ones;
// seed mod 4 gives 0 and 1 realistic, 2 one scoregroup, 3 small ones), 20 to 120 players,
// every third file 200 to 400, 5 to 11 rounds.
func newRealisticCase(rng *rand.Rand, seed uint64) *bbpCase {
	n := 20 + rng.IntN(101)
	if seed%3 == 0 {
		n = 200 + rng.IntN(201)
	}
	shape := []string{shapeRealistic, shapeRealistic, shapeOneGroup, shapeTiny}[seed%4]
	return &bbpCase{s: newField(seed, n, min(5+rng.IntN(7), n/2+1), shape)}
}

// play pairs every round with bbpPairings and plays it.
func (c *bbpCase) play(t *testing.T, rng *rand.Rand) error {
	for c.s.played() < c.s.req.TotalRounds {
		round := c.s.played() + 1
		_, away := c.s.announce()
		var added []string
		if c.before != nil {
			added = c.before(rng, round)
		}
		out, err := c.pairWithBBP(t, away, added)
		if err != nil && added != nil {
			t.Logf("round %d: without the new 260 records (%v)", round, err)
			added = nil // the new prohibitions made the round impossible: leave them out
			out, err = c.pairWithBBP(t, away, nil)
		}
		if err != nil {
			return fmt.Errorf("round %d: %v", round, err)
		}
		c.other = append(c.other, added...)
		p, err := parseBBPOutput(out)
		if err != nil {
			return fmt.Errorf("round %d: %v\n%s", round, err, out)
		}
		c.pairings.Write(out)
		c.s.play(p, away)
	}
	final, err := c.file(nil, nil)
	if err != nil {
		return err
	}
	c.finalText = final
	return c.checkWithBBP(t)
}

// file writes the tournament as it stands, with the byes announced for the next round and
// extra records.
func (c *bbpCase) file(away map[int]chess.Result, extra []string) ([]byte, error) {
	tour := simulationTRF(c.s)
	tour.Name = "Generated for bbpPairings"
	for i := range tour.Players {
		if r, ok := away[tour.Players[i].StartRank]; ok {
			tour.Players[i].Rounds = append(tour.Players[i].Rounds, chess.Round{Result: r})
		}
	}
	tour.Other = append(append(tour.Other, c.other...), extra...)
	if err := SetAccelerations(tour, c.s.req.Accelerations); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err := tour.Write(&buf)
	return buf.Bytes(), err
}

// pairWithBBP runs bbpPairings -p on the file of the next round.
func (c *bbpCase) pairWithBBP(t *testing.T, away map[int]chess.Result, extra []string) ([]byte, error) {
	text, err := c.file(away, extra)
	if err != nil {
		return nil, err
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.trf"), filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, text, 0o600); err != nil {
		return nil, err
	}
	msg, err := exec.Command(*bbpPath, "--dutch", in, "-p", out).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("bbpPairings: %v: %s", err, msg)
	}
	return os.ReadFile(out)
}

// checkWithBBP runs bbpPairings' checker on the finished tournament: it re-pairs every round
// and must find nothing to report.
func (c *bbpCase) checkWithBBP(t *testing.T) error {
	in := filepath.Join(t.TempDir(), "final.trf")
	if err := os.WriteFile(in, c.finalText, 0o600); err != nil {
		return err
	}
	msg, err := exec.Command(*bbpPath, "--dutch", in, "-c").CombinedOutput()
	if err != nil {
		return fmt.Errorf("bbpPairings -c: %v: %s", err, msg)
	}
	for _, line := range strings.Split(string(msg), "\n") {
		if line != "" && !strings.Contains(line, ": Round #") {
			return fmt.Errorf("bbpPairings -c reports:\n%s", msg)
		}
	}
	return nil
}

// write stores the tournament and bbpPairings' answers.
func (c *bbpCase) write(t *testing.T, base string) {
	if err := os.WriteFile(base+".trf", c.finalText, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base+".pairings", c.pairings.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// parseBBPOutput reads bbpPairings' -p output: the number of lines, then WHITE BLACK per board
// and N 0 for the bye.
func parseBBPOutput(out []byte) (Pairing, error) {
	var p Pairing
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if n, err := strconv.Atoi(lines[0]); err != nil || n != len(lines)-1 {
		return p, fmt.Errorf("first line %q does not count the lines", lines[0])
	}
	for _, l := range lines[1:] {
		var w, b int
		if _, err := fmt.Sscanf(l, "%d %d", &w, &b); err != nil {
			return p, fmt.Errorf("line %q: %v", l, err)
		}
		if b == 0 {
			p.Bye = w
			continue
		}
		p.Boards = append(p.Boards, Board{White: w, Black: b})
	}
	return p, nil
}
