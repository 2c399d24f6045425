package play_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// TestImportLimitsFitTheLargestFile writes the largest file a tournament can come from:
// tournament.MaxPlayers players with names of 33 four-byte characters, who played every one of
// tournament.MaxRounds rounds, with CR LF line ends and the Baku acceleration's records. It
// must be within the body's limit and the line limit, and read for import.
func TestImportLimitsFitTheLargestFile(t *testing.T) {
	n, rounds := tournament.MaxPlayers, tournament.MaxRounds
	f := &trf.Tournament{Name: "The largest Swiss", TotalRounds: rounds, InitialColour: chess.White}
	name := strings.Repeat("𠀀", 33) // a letter of four bytes in UTF-8
	for i := 1; i <= n; i++ {
		f.Players = append(f.Players, trf.Player{StartRank: i, Name: name, Rating: 2700 - i*1500/n})
	}
	// The circle method pairs everyone in every round without a rematch: player m stays,
	// the others turn. The lower number has White and wins. With an odd number of players,
	// m is one more, and whoever meets it has the bye.
	m := n + n%2
	for r := range rounds {
		pair := func(a, b int) {
			if a > b {
				a, b = b, a
			}
			if b > n {
				f.Players[a-1].Rounds = append(f.Players[a-1].Rounds, chess.Round{Result: chess.PairingBye})
				return
			}
			f.Players[a-1].Rounds = append(f.Players[a-1].Rounds, chess.Round{Opponent: b, Colour: chess.White, Result: chess.Win})
			f.Players[b-1].Rounds = append(f.Players[b-1].Rounds, chess.Round{Opponent: a, Colour: chess.Black, Result: chess.Loss})
		}
		pair(r%(m-1)+1, m)
		for k := 1; k < m/2; k++ {
			pair((r+k)%(m-1)+1, (r-k+m-1)%(m-1)+1)
		}
	}
	for i := range f.Players {
		p := &f.Players[i]
		p.Points = p.PointsAfter(rounds)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	file := strings.ReplaceAll(buf.String(), "\n", "\r\n")
	t.Logf("the largest file: %d bytes, %d lines", len(file), strings.Count(file, "\n"))
	if len(file) > play.MaxImportBytes {
		t.Errorf("the file has %d bytes, more than MaxImportBytes (%d)", len(file), play.MaxImportBytes)
	}
	if lines := strings.Count(file, "\n"); lines > input.MaxImportLines {
		t.Errorf("the file has %d lines, more than MaxImportLines (%d)", lines, input.MaxImportLines)
	}
	im, err := input.TRF(strings.NewReader(file), tournament.Date("2026-01-01"))
	if err != nil {
		t.Fatalf("ReadTRF: %v", err)
	}
	if got := fmt.Sprint(len(im.Players), im.Paired); got != fmt.Sprint(n, rounds) {
		t.Errorf("players and rounds paired = %s, want %d %d", got, n, rounds)
	}
}
