package swiss

import (
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chess"
)

// benchTRF names a directory where each benchmark also writes its input as a TRF file, to run
// other engines on the same round: go test -bench ... -args -swiss.benchtrf DIR
var benchTRF = flag.String("swiss.benchtrf", "", "directory to write each benchmark's input to, as a TRF file")

// benchTournament returns the request for round `round` of a simulated tournament of n players
// and `rounds` rounds (seed fixed), with rounds 1..round-1 paired by this package and played
// with random results. Simulations are shared between benchmarks.
func benchTournament(b *testing.B, n, rounds, round int) Request {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	key := fmt.Sprint(n, rounds)
	s := benchSims[key]
	if s == nil {
		s = newSimulation(2026, n, rounds)
		benchSims[key] = s
		benchReqs[key] = map[int]Request{}
	}
	for s.played() < round-1 {
		req, away := s.announce()
		p, err := Pair(req)
		if err != nil {
			b.Fatalf("round %d: %v", s.played()+1, err)
		}
		benchReqs[key][s.played()+1] = req
		s.play(p, away)
	}
	if req, ok := benchReqs[key][round]; ok {
		return req
	}
	req, _ := s.announce()
	benchReqs[key][round] = req
	return req
}

var (
	benchMu   sync.Mutex
	benchSims = map[string]*simulation{}
	benchReqs = map[string]map[int]Request{}
)

// BenchmarkPair400Round9 pairs round 9 of a 400-player, 11-round Swiss: the yardstick
// (bbpPairings takes about 1.7 s on the project's 2-core machine).
func BenchmarkPair400Round9(b *testing.B) {
	benchPair(b, benchTournament(b, 400, 11, 9))
}

// BenchmarkPair1000Round11 pairs the last round of a 1 000-player, 11-round Swiss.
func BenchmarkPair1000Round11(b *testing.B) {
	benchPair(b, benchTournament(b, 1000, 11, 11))
}

// BenchmarkPairGrowth pairs rounds 3, 6 and 9 of 11-round Swisses of 100 to 800 players, to
// show how the time grows with players and rounds.
func BenchmarkPairGrowth(b *testing.B) {
	for _, n := range []int{100, 200, 400, 800} {
		for _, round := range []int{3, 6, 9} {
			b.Run(fmt.Sprintf("players=%d/round=%d", n, round), func(b *testing.B) {
				benchPair(b, benchTournament(b, n, 11, round))
			})
		}
	}
}

func benchPair(b *testing.B, req Request) {
	if *benchTRF != "" {
		writeBenchTRF(b, req)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start, ok := cpuTime()
	for b.Loop() {
		if _, err := Pair(req); err != nil {
			b.Fatal(err)
		}
	}
	// The CPU time per pairing (garbage collection included): on a loaded machine the wall
	// clock (ns/op) also counts the time other processes held the cores.
	if end, ok2 := cpuTime(); ok && ok2 && b.N > 0 {
		b.ReportMetric(float64((end-start).Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

// writeBenchTRF writes req as a TRF file named after the benchmark: rounds 1..k, XXR, XXC, and a
// zero-point bye in round k+1 for the players who sit it out.
func writeBenchTRF(b *testing.B, req Request) {
	s := &simulation{req: req}
	for range req.Players {
		s.ratings = append(s.ratings, 0)
	}
	t := simulationTRF(s)
	for _, id := range req.Absent {
		p := &t.Players[id-1]
		p.Rounds = append(p.Rounds, chess.Round{Result: chess.ZeroBye})
	}
	if err := SetAccelerations(t, req.Accelerations); err != nil {
		b.Fatal(err)
	}
	name := strings.NewReplacer("/", "-", "=", "").Replace(b.Name()) + ".trf"
	f, err := os.Create(filepath.Join(*benchTRF, name))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := t.Write(f); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPairLarge pairs early and late rounds of large 11-round Swisses: early rounds have
// few scoregroups of hundreds of players each, the hardest case.
func BenchmarkPairLarge(b *testing.B) {
	for _, c := range []struct{ n, round int }{{1000, 2}, {1000, 5}, {2000, 2}} {
		b.Run(fmt.Sprintf("players=%d/round=%d", c.n, c.round), func(b *testing.B) {
			benchPair(b, benchTournament(b, c.n, 11, c.round))
		})
	}
}

// BenchmarkPairHuge pairs rounds of Swisses of 4 000 and 9 999 players (11 rounds, simulated
// as above; the TRF limit of start ranks is 9 999): round 2 has two scoregroups of about a
// third of the field each. Simulating the rounds before the one paired takes as long as
// pairing them, so each size is best run alone: -bench 'PairHuge/players=4000'.
func BenchmarkPairHuge(b *testing.B) {
	for _, c := range []struct{ n, round int }{{4000, 1}, {4000, 2}, {4000, 5}, {9999, 1}, {9999, 2}, {9999, 9}} {
		b.Run(fmt.Sprintf("players=%d/round=%d", c.n, c.round), func(b *testing.B) {
			benchPair(b, benchTournament(b, c.n, 11, c.round))
		})
	}
}

// BenchmarkPairEveryRound pairs each round of an 11-round Swiss of 1 000 and of 4 000 players
// (simulated as above), to show the slowest round of a whole event, not only the early ones.
func BenchmarkPairEveryRound(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		for round := 1; round <= 11; round++ {
			b.Run(fmt.Sprintf("players=%d/round=%d", n, round), func(b *testing.B) {
				benchPair(b, benchTournament(b, n, 11, round))
			})
		}
	}
}

// Flags of BenchmarkPairRealistic: which seeds it plays and how many rounds.
var (
	benchSeeds  = flag.Int("swiss.seeds", 1, "number of seeds (1, 2, …) BenchmarkPairRealistic plays of each field")
	benchRounds = flag.Int("swiss.rounds", 11, "rounds of the tournaments BenchmarkPairRealistic plays")
	benchUpTo   = flag.Int("swiss.upto", 0, "the last round BenchmarkPairRealistic pairs (0: every round)")
)

// BenchmarkPairRealistic plays whole tournaments of every shape newField makes (realistic,
// one scoregroup, many small ones, colours locked) at 1 000 to 9 999 players, pairing every
// round, and reports the worst round of each: its CPU time (worst-cpu-ms), the memory it
// allocated (worst-alloc-MB), which round it was (worst-round), and the process's peak
// resident memory so far (maxrss-MB). Each field is best run alone, and once:
//
//	go test -run '^$' -bench 'PairRealistic/players=4000/shape=realistic' -benchtime 1x -args -swiss.seeds 3
//
// With -swiss.benchtrf DIR it writes each worst round as a TRF file, to pair it again with
// `chessclub pair` (whose peak memory is then the round's own) or with another engine.
func BenchmarkPairRealistic(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000, 9999} {
		for _, shape := range fieldShapes {
			for seed := 1; seed <= *benchSeeds; seed++ {
				b.Run(fmt.Sprintf("players=%d/shape=%s/seed=%d", n, shape, seed), func(b *testing.B) {
					for b.Loop() {
						benchField(b, newField(uint64(seed), n, *benchRounds, shape))
					}
				})
			}
		}
	}
}

// benchField plays the tournament to its end and reports its worst round. It logs three lines
// (benchmark logs are cut at ten): each round's CPU time, its allocation, and a digest of its
// pairing, which tells whether a change of the engine changed any pairing, since the same
// seed must give the same digests round after round.
func benchField(b *testing.B, s *simulation) {
	var worst struct {
		round int
		cpu   time.Duration
		alloc uint64
		req   Request
	}
	var cpus, allocs, digests strings.Builder
	last := s.req.TotalRounds
	if *benchUpTo > 0 {
		last = min(last, *benchUpTo)
	}
	for s.played() < last {
		req, away := s.announce()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start, _ := cpuTime()
		p, err := Pair(req)
		end, _ := cpuTime()
		runtime.ReadMemStats(&after)
		if err != nil {
			b.Fatalf("round %d: %v", s.played()+1, err)
		}
		round, cpu, alloc := s.played()+1, end-start, after.TotalAlloc-before.TotalAlloc
		fmt.Fprintf(&cpus, " %.3f", cpu.Seconds())
		fmt.Fprintf(&allocs, " %d", alloc>>20)
		fmt.Fprintf(&digests, " %08x", crc32.ChecksumIEEE([]byte(printPairing(p))))
		if cpu > worst.cpu {
			// The players' rounds grow as the tournament goes on: keep the round's own.
			req.Players = slices.Clone(req.Players)
			for i := range req.Players {
				req.Players[i].Rounds = slices.Clone(req.Players[i].Rounds)
			}
			worst.round, worst.cpu, worst.alloc, worst.req = round, cpu, alloc, req
		}
		s.play(p, away)
	}
	b.Logf("CPU s by round:%s", cpus.String())
	b.Logf("MB allocated by round:%s", allocs.String())
	b.Logf("pairings by round:%s", digests.String())
	b.ReportMetric(float64(worst.cpu.Milliseconds()), "worst-cpu-ms")
	b.ReportMetric(float64(worst.alloc>>20), "worst-alloc-MB")
	b.ReportMetric(float64(worst.round), "worst-round")
	if rss, ok := maxRSS(); ok {
		b.ReportMetric(float64(rss>>20), "maxrss-MB")
	}
	if *benchTRF != "" {
		writeBenchTRF(b, worst.req)
	}
}
