package tiebreak

import (
	"bytes"
	"fmt"
	"testing"

	"campus.example/apps/internal/chess/trf"
)

// benchList is the oracle's list: eight tie-breaks, Direct Encounter among them.
const benchList = "PTS,BH,BH/C1,SB,DE,WIN,PS,ARO"

// benchFile generates a Swiss tournament (seed 400) and returns it as a TRF file.
func benchFile(b *testing.B, players, rounds int) []byte {
	b.Helper()
	t := generate(400, genOptions{players: players, rounds: rounds, forfeits: 30, doubles: 100, unratedGames: 10, byes: 20})
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkStandings reads a TRF file and computes its standings with eight tie-breaks
// including DE: the target is a 400-player, 11-round Swiss under 20 ms. The other sizes show
// how time and memory grow with players × rounds.
func BenchmarkStandings(b *testing.B) {
	specs, err := ParseList(benchList)
	if err != nil {
		b.Fatal(err)
	}
	for _, size := range []struct{ players, rounds int }{{400, 11}, {100, 11}, {200, 11}, {800, 11}, {400, 22}} {
		b.Run(fmt.Sprintf("players=%d/rounds=%d", size.players, size.rounds), func(b *testing.B) {
			file := benchFile(b, size.players, size.rounds)
			b.SetBytes(int64(len(file)))
			b.ReportAllocs()
			for b.Loop() {
				tour, err := trf.Read(bytes.NewReader(file))
				if err != nil {
					b.Fatal(err)
				}
				ev, err := FromTRF(tour, Swiss)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Compute(ev, specs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExplain computes the standings of the 400-player, 11-round Swiss with every value's
// breakdown (Explain), to set beside BenchmarkStandings: what explain=1 costs over the plain
// standings. TestExplainOracle proves the breakdowns exact.
func BenchmarkExplain(b *testing.B) {
	specs, err := ParseList(benchList)
	if err != nil {
		b.Fatal(err)
	}
	tour, err := trf.Read(bytes.NewReader(benchFile(b, 400, 11)))
	if err != nil {
		b.Fatal(err)
	}
	ev, err := FromTRF(tour, Swiss)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Explain(ev, specs); err != nil {
			b.Fatal(err)
		}
	}
}
