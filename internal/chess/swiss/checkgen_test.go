package swiss

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
	"campus.example/apps/internal/chess/trf"
)

// checkDataDir holds the altered tournaments and bbpPairings' verdicts on them.
var checkDataDir = filepath.Join("testdata", "check")

// TestGenerateCheckData writes testdata/check (its README says how), when given the
// bbpPairings binary:
//
//	go test ./internal/chess/swiss -run TestGenerateCheckData -bbp /path/to/bbpPairings.exe
//
// Every oracle tournament, in name order, gets one altered copy: the i-th (from 0) is altered
// with the seed i+1 in one round drawn at random, by the alteration i%3 (alterations). Each
// copy is written as NAME.trf, and bbpPairings' checker output on it (bbpPairings --dutch
// NAME.trf -c) as NAME.bbp; oracle.bbp holds its output on the oracle files themselves.
func TestGenerateCheckData(t *testing.T) {
	if *bbpPath == "" {
		t.Skip("no -bbp binary given; the data in testdata/check is committed")
	}
	paths := oracletest.Files(t, "swiss", ".trf")
	if err := os.MkdirAll(checkDataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	var oracle bytes.Buffer
	for i, path := range paths {
		oracle.Write(runBBPCheck(t, path))
		writeAltered(t, checkDataDir, path, i, uint64(i+1))
	}
	if err := os.WriteFile(filepath.Join(checkDataDir, "oracle.bbp"), oracle.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Every third tournament of testdata/bbp's accelerated ones and those with prohibited
	// pairings as well, in folder and name order.
	var records []string
	for _, sub := range []string{"baku", "forbidden", "xxa"} {
		paths, err := filepath.Glob(filepath.Join("testdata", "bbp", sub, "*.trf"))
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, paths...)
	}
	dir := filepath.Join(checkDataDir, "records")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i*3 < len(records); i++ {
		writeAltered(t, dir, records[i*3], i, uint64(1001+i))
	}
}

// writeAltered writes the i-th altered copy of the tournament at path into dir, altered with
// the seed, and bbpPairings' checker output on it.
func writeAltered(t *testing.T, dir, path string, i int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xc4ec))
	tour := readTRF(t, path)
	kind := alterations[i%3]
	if !kind.apply(tour, rng) {
		kind = alterations[1] // a tournament without a bye gets its colours swapped
		kind.apply(tour, rng)
	}
	for j := range tour.Players {
		p := &tour.Players[j]
		p.Points = p.PointsAfter(len(p.Rounds))
	}
	name := fmt.Sprintf("%03d-%s", i+1, kind.name)
	file := filepath.Join(dir, name+".trf")
	var buf bytes.Buffer
	if err := tour.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".bbp"), runBBPCheck(t, file), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runBBPCheck returns bbpPairings' checker output on a file.
func runBBPCheck(t *testing.T, path string) []byte {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(*bbpPath, "--dutch", path, "-c")
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("bbpPairings -c %s: %v: %s", path, err, errOut.String())
	}
	return out.Bytes()
}

// alteration changes one round of a tournament; apply reports false when the tournament has
// nothing it can change.
type alteration struct {
	name  string
	apply func(t *trf.Tournament, rng *rand.Rand) bool
}

// alterations: swap the opponents of two boards, swap a board's colours, move the bye.
var alterations = []alteration{
	{"opponents", swapOpponents},
	{"colours", swapColours},
	{"bye", moveBye},
}

// boardsOf returns round r's games as pairs of indexes into t.Players, White first.
func boardsOf(t *trf.Tournament, r int) [][2]int {
	idx := map[int]int{}
	for i, p := range t.Players {
		idx[p.StartRank] = i
	}
	var out [][2]int
	for i, p := range t.Players {
		if len(p.Rounds) > r && p.Rounds[r].Opponent != 0 && p.Rounds[r].Colour == chess.White {
			out = append(out, [2]int{i, idx[p.Rounds[r].Opponent]})
		}
	}
	return out
}

// swapOpponents gives the White players of two boards of a random round each other's
// opponents; each keeps their colour and White's result, Black's follows from it.
func swapOpponents(t *trf.Tournament, rng *rand.Rand) bool {
	r := rng.IntN(t.RoundsRecorded())
	bs := boardsOf(t, r)
	if len(bs) < 2 {
		return false
	}
	i := rng.IntN(len(bs))
	j := (i + 1 + rng.IntN(len(bs)-1)) % len(bs)
	setGame(t, r, bs[i][0], bs[j][1])
	setGame(t, r, bs[j][0], bs[i][1])
	return true
}

// setGame makes White w meet Black b in round r, with w's result and its counterpart.
func setGame(t *trf.Tournament, r, w, b int) {
	W, B := &t.Players[w].Rounds[r], &t.Players[b].Rounds[r]
	W.Opponent, B.Opponent = t.Players[b].StartRank, t.Players[w].StartRank
	B.Result = counterpart(W.Result)
}

// counterpart returns the other side's result of a game.
func counterpart(r chess.Result) chess.Result {
	switch r {
	case chess.Win:
		return chess.Loss
	case chess.Loss:
		return chess.Win
	case chess.ForfeitWin:
		return chess.ForfeitLoss
	case chess.ForfeitLoss:
		return chess.ForfeitWin
	}
	return r
}

// swapColours swaps the colours of one board of a random round.
func swapColours(t *trf.Tournament, rng *rand.Rand) bool {
	r := rng.IntN(t.RoundsRecorded())
	bs := boardsOf(t, r)
	if len(bs) == 0 {
		return false
	}
	b := bs[rng.IntN(len(bs))]
	t.Players[b[0]].Rounds[r].Colour = chess.Black
	t.Players[b[1]].Rounds[r].Colour = chess.White
	return true
}

// moveBye gives the pairing-allocated bye of a random round that has one to a player of a
// random board, who takes the bye's place: the former bye plays their game, colour and result.
func moveBye(t *trf.Tournament, rng *rand.Rand) bool {
	var rounds []int
	byeOf := map[int]int{}
	for r := range t.RoundsRecorded() {
		for i, p := range t.Players {
			if len(p.Rounds) > r && p.Rounds[r].Result == chess.PairingBye {
				rounds = append(rounds, r)
				byeOf[r] = i
			}
		}
	}
	if len(rounds) == 0 {
		return false
	}
	r := rounds[rng.IntN(len(rounds))]
	bs := boardsOf(t, r)
	if len(bs) == 0 {
		return false
	}
	b := bs[rng.IntN(len(bs))]
	mover, stays := b[rng.IntN(2)], -1
	if mover == b[0] {
		stays = b[1]
	} else {
		stays = b[0]
	}
	bye := byeOf[r]
	t.Players[bye].Rounds[r] = t.Players[mover].Rounds[r]
	t.Players[mover].Rounds[r] = chess.Round{Result: chess.PairingBye}
	t.Players[stays].Rounds[r].Opponent = t.Players[bye].StartRank
	return true
}
