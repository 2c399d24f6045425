package swiss

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
	"campus.example/apps/internal/chess/trf"
)

// TestOracle pairs every round of every oracle tournament from the rounds before it and
// compares with the round the file records, colours and bye included (the oracle README,
// Test 1): 826 rounds, paired by bbpPairings v6.0.0.
func TestOracle(t *testing.T) {
	paths := oracletest.Files(t, "swiss", ".trf")
	if len(paths) != 120 {
		t.Errorf("%d oracle files, the oracle README promises 120", len(paths))
	}
	var rounds atomic.Int64
	t.Run("files", func(t *testing.T) {
		for _, path := range paths {
			t.Run(filepath.Base(path), func(t *testing.T) {
				t.Parallel()
				full := readTRF(t, path)
				for k := range full.RoundsRecorded() {
					rounds.Add(1)
					req, err := NextRound(cutBefore(full, k))
					if err != nil {
						t.Fatalf("round %d: %v", k+1, err)
					}
					got, err := Pair(req)
					if err != nil {
						t.Errorf("round %d: %v", k+1, err)
						continue
					}
					if diff := comparePairing(got, recorded(full, k)); diff != "" {
						t.Errorf("round %d differs from the file:\n%s", k+1, diff)
					}
				}
			})
		}
	})
	if len(paths) == 120 && rounds.Load() != 826 {
		t.Errorf("%d rounds paired, the oracle README promises 826", rounds.Load())
	}
}

// readTRF reads one TRF file.
func readTRF(t testing.TB, path string) *trf.Tournament {
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

// cutBefore returns the tournament as it stood when round k+1 (from 1) was to be paired: rounds
// 1..k, and for round k+1 only the byes announced in advance (H, Z, F).
func cutBefore(full *trf.Tournament, k int) *trf.Tournament {
	c := full.Prefix(k)
	for i, p := range full.Players {
		if len(p.Rounds) > k {
			x := p.Rounds[k]
			if x.Opponent == 0 && (x.Result == chess.HalfBye || x.Result == chess.ZeroBye || x.Result == chess.FullBye) {
				c.Players[i].Rounds = append(c.Players[i].Rounds, x)
			}
		}
	}
	return c
}

// recorded returns round k+1 (k from 0) of the file as a pairing: every game by its White
// player, forfeits included, and the pairing-allocated bye.
func recorded(full *trf.Tournament, k int) Pairing {
	var p Pairing
	for _, pl := range full.Players {
		if len(pl.Rounds) <= k {
			continue
		}
		x := pl.Rounds[k]
		switch {
		case x.Opponent != 0 && x.Colour == chess.White:
			p.Boards = append(p.Boards, Board{White: pl.StartRank, Black: x.Opponent})
		case x.Result == chess.PairingBye:
			p.Bye = pl.StartRank
		}
	}
	return p
}

// comparePairing compares two pairings as sets of games with colours, and their byes; it
// returns "" when they agree.
func comparePairing(got, want Pairing) string {
	key := func(b Board) string { return fmt.Sprintf("%d-%d", b.White, b.Black) }
	g, w := map[string]bool{}, map[string]bool{}
	for _, b := range got.Boards {
		g[key(b)] = true
	}
	for _, b := range want.Boards {
		w[key(b)] = true
	}
	var lines []string
	for k := range w {
		if !g[k] {
			lines = append(lines, "  missing "+k)
		}
	}
	for k := range g {
		if !w[k] {
			lines = append(lines, "  extra   "+k)
		}
	}
	slices.Sort(lines)
	if got.Bye != want.Bye {
		lines = append(lines, fmt.Sprintf("  bye %d, want %d", got.Bye, want.Bye))
	}
	if len(got.Boards) != len(g) {
		lines = append(lines, "  a game is listed twice")
	}
	return strings.Join(lines, "\n")
}
