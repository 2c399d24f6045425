package swiss

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// FuzzPairTRF feeds any file the TRF reader takes to the pairer, as `chessclub pair` does: it
// must not panic or run away, any error must say whether the file is unusable (ErrInvalid) or
// the round impossible (ErrNoPairing), and any pairing must keep the absolute criteria.
// Inputs beyond fuzzMaxBytes are skipped, which bounds each run's work.
func FuzzPairTRF(f *testing.F) {
	fuzzTRF(f, func(t *testing.T, tour *trf.Tournament) {
		req, err := NextRound(tour)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("NextRound: %v does not wrap ErrInvalid", err)
			}
			return
		}
		p, err := Pair(req)
		if err != nil {
			if !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrNoPairing) {
				t.Fatalf("Pair: %v wraps neither ErrInvalid nor ErrNoPairing", err)
			}
			return
		}
		if err := checkAbsolute(req, p); err != nil {
			t.Fatalf("pairing breaks the absolute criteria: %v", err)
		}
	})
}

// fuzzTRF seeds f with fuzzSeeds and calls check with every input of at most fuzzMaxBytes
// that the TRF reader takes.
func fuzzTRF(f *testing.F, check func(t *testing.T, tour *trf.Tournament)) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > fuzzMaxBytes {
			t.Skip()
		}
		tour, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		check(t, tour)
	})
}

// fuzzMaxBytes bounds a fuzz input: about 40 players of 20 rounds.
const fuzzMaxBytes = 12 << 10

// fuzzSeeds returns small tournaments: a few played by this package (with byes, forfeits and
// absences) and some odd cases.
func fuzzSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{
		[]byte(""),
		[]byte("XXR 3\nXXC white1\n001    1      A                                 1500                             0.0    1\n"),
		[]byte(sixPlayers + "XXP 1 4\n260 001 002    2    5    6\n240 H 001    3\n"),
		[]byte(sixPlayers + "250       1.0 001 002    1    3\n250       0.5 003 003    1    3\nXXA    5  1.0  0.5\n192 FIDE_DUTCH_2025_BAKU\n"),
		[]byte(strings.NewReplacer("XXR 3\n", "142 3\n", "XXC white1\n", "152 B\n").Replace(sixPlayers) + "162  W 1.0    D 0.5\n"),
		[]byte("XXR 2\nXXC black1\n" +
			"001    1      A                                 1500                             1.0    1     2 w 1\n" +
			"001    2      B                                 1400                             0.0    2     1 b 0\n"),
	}
	for _, c := range []struct {
		seed              uint64
		n, rounds, played int
	}{
		{1, 5, 4, 2}, {2, 8, 5, 3}, {3, 11, 6, 4}, {4, 7, 3, 0}, {5, 14, 7, 5},
	} {
		s := newSimulation(c.seed, c.n, c.rounds)
		s.forfeitRate = 0.1
		s.playRounds(t, c.played)
		var buf bytes.Buffer
		if err := simulationTRF(s).Write(&buf); err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, buf.Bytes())
	}
	return seeds
}

// simulationTRF writes a simulation as a TRF tournament.
func simulationTRF(s *simulation) *trf.Tournament {
	t := &trf.Tournament{
		Name:          "Simulation",
		TotalRounds:   s.req.TotalRounds,
		InitialColour: s.req.InitialColour,
	}
	for i, p := range s.req.Players {
		var pts chess.Score
		for _, x := range p.Rounds {
			pts += s.req.Points.Points(x.Result)
		}
		t.Players = append(t.Players, trf.Player{
			StartRank: p.ID,
			Name:      fmt.Sprintf("Player %d", p.ID),
			Rating:    s.ratings[i],
			Points:    pts,
			Rounds:    append([]chess.Round(nil), p.Rounds...),
		})
	}
	return t
}

// FuzzCheckTRF feeds any file the TRF reader takes to the checker, as `chessclub check` does:
// it must not panic or run away, any error must wrap ErrInvalid, and a round that does not
// differ must be one whose pairing the engine makes, breaking no absolute criterion.
func FuzzCheckTRF(f *testing.F) {
	fuzzTRF(f, func(t *testing.T, tour *trf.Tournament) {
		verdicts, err := CheckFile(tour)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("CheckFile: %v does not wrap ErrInvalid", err)
			}
			return
		}
		for _, v := range verdicts {
			if !v.Differs && (len(v.Breaks) > 0 || len(v.Worse) > 0 || v.NoPairing) {
				t.Fatalf("round %d agrees with the engine, yet %+v", v.Round, v.Verdict)
			}
		}
	})
}
