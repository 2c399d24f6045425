package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chess"
)

// corpusFiles returns the files of testdata/corpus: tournaments written by the programs
// arbiters use, taken from public repositories (testdata/corpus/SOURCES.md says which).
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.trf"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no corpus files: %v", err)
	}
	return paths
}

// TestCorpusReadAsWritten reads every file of the corpus as it is and writes it back byte
// for byte; built in code from the values read, each writes a canonical file that reads back
// to the same values.
func TestCorpusReadAsWritten(t *testing.T) {
	for _, path := range corpusFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tour, err := Read(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := tour.Write(&got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("written back differs:\n%s", firstDifference(got.Bytes(), want))
			}
			again, err := Read(bytes.NewReader([]byte(built(t, tour))))
			if err != nil {
				t.Fatalf("the canonical form does not read: %v", err)
			}
			if diff := cmp.Diff(tour, again, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("canonical form read back (-read +canonical):\n%s", diff)
			}
		})
	}
}

// TestCorpusValues pins values of the corpus that the spellings of their programs carry, as
// docs/ARBITERS.md reads them.
func TestCorpusValues(t *testing.T) {
	read := func(name string) *Tournament {
		t.Helper()
		return readFile(t, filepath.Join("testdata", "corpus", name))
	}
	rd := func(tour *Tournament, startRank, r int) chess.Round {
		t.Helper()
		p := tour.ByStartRank()[startRank]
		if p == nil || len(p.Rounds) < r {
			t.Fatalf("%s: player %d has no round %d", tour.Name, startRank, r)
		}
		return p.Rounds[r-1]
	}
	fide := read("fide-example1-karl-mala-2005.trf")
	for _, tt := range []struct {
		player, round int
		want          chess.Round
	}{
		{13, 1, round(153, chess.NoColour, chess.ForfeitLoss)},
		{153, 1, round(13, chess.NoColour, chess.ForfeitWin)},
		{63, 1, round(204, chess.NoColour, chess.ForfeitWin)},
		{282, 5, round(0, chess.NoColour, chess.PairingBye)},
	} {
		if got := rd(fide, tt.player, tt.round); got != tt.want {
			t.Errorf("example1: player %d round %d = %+v, want %+v", tt.player, tt.round, got, tt.want)
		}
	}
	if p := fide.ByStartRank()[1]; p.Title != "g" || p.BirthDate != "1969.12.06" || p.Points != 12 {
		t.Errorf("example1: player 1 %+v", p)
	}
	if d, err := ParseDate(fide.StartDate); err != nil || d.ISO() != "2005-07-28" || d.String() != "28. 07. 2005" {
		t.Errorf("example1: start date %q reads as %v, %v", fide.StartDate, d, err)
	}
	lichess := read("lichess-2020-05-mai-blitz.trf")
	if got := rd(lichess, 5, 1); got != round(0, chess.NoColour, chess.HalfBye) {
		t.Errorf("lichess: player 5 round 1 = %+v, want a half-point bye", got)
	}
	if got := rd(lichess, 5, 2); got != round(0, chess.NoColour, chess.ZeroBye) {
		t.Errorf("lichess: player 5 round 2 = %+v, want a zero-point bye", got)
	}
	if d, err := ParseDate(lichess.StartDate); err != nil || d.ISO() != "2020-05-29" {
		t.Errorf("lichess: start date %q reads as %v, %v", lichess.StartDate, d, err)
	}
	javafo := read("javafo-gros-2010-round5.trf")
	if javafo.RoundsPlayed() != 4 || javafo.RoundsRecorded() != 5 {
		t.Errorf("JaVaFo's sample: %d rounds played, %d recorded; want 4 and 5", javafo.RoundsPlayed(), javafo.RoundsRecorded())
	}
	if d, err := ParseDate(javafo.StartDate); err != nil || d.ISO() != "2010-09-24" {
		t.Errorf("JaVaFo's sample: start date %q reads as %v, %v", javafo.StartDate, d, err)
	}
	team := read("swissmanager-friendship-cup-2024-team.trf")
	if team.NumPlayers != 129 || team.PlayersWhoPlayed != 88 || !team.IsTeam() {
		t.Errorf("Friendship Cup: 062 reads as %d (%d), team %v", team.NumPlayers, team.PlayersWhoPlayed, team.IsTeam())
	}
	// Sharly Chess writes the rest of a round-robin round as 0000 with a blank result: no
	// game and no points, as Z (TRF-2026: a blank result is Z).
	rr := read("bretagne-jeunes-2026-open-b.trf")
	if got := rd(rr, 1, 2); got != round(0, chess.NoColour, chess.ZeroBye) {
		t.Errorf("round robin: player 1 round 2 = %+v, want the rest (Z)", got)
	}
	bullet := read("lichess-2020-05-bullet.trf")
	// lichess lists the players by rating and asks to pair them in that order.
	if !bullet.UseRank || bullet.InitialColour != chess.White || !bullet.RankOrderDiffers() {
		t.Errorf("lichess bullet: XXC reads as rank %v, %v; order differs %v", bullet.UseRank, bullet.InitialColour, bullet.RankOrderDiffers())
	}
}
