package input

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/chessclub/play/tournament"
)

// FuzzReadImport feeds arbitrary files to the TRF import's reader: it must never panic,
// whatever it accepts must be within the limits a tournament has, and whatever it refuses it
// refuses with one short fault.
func FuzzReadImport(f *testing.F) {
	for _, seed := range []string{
		"",
		"012 Club\nXXR 3\n001    1      A                                 1500\n001    2      B                                 1400\n",
		"012 Club\n092 Individual: Swiss-System\nXXR 2\nXXC black1\n" +
			"001    1      A                                 1500                             1.0          2 w 1\n" +
			"001    2      B                                 1400                             0.0          1 b 0  0000 - H\n" +
			"240 H 002    1\n",
		"012 R\n092 Individual: Round-Robin\n001    1      A                                                                  0.0       0000 - Z\n001    2      B\n",
		"012 K\n092 Individual: Knockout\nXXR 1\n001    1      A\n001    2      B\n",
		"012 X\nXXR 1\n001    1      A                                 1500              1.0          2 w W\n001    2      B                                 1400              0.0          1 b L\n",
		"042 2026/13/45\n052 x\n122 " + strings.Repeat("9", 80) + "\nXXR 60\n001    1      A\n001    2      B\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := TRF(bytes.NewReader(data), "2026-03-01")
		if err != nil {
			var pe *tournament.Error
			if !errors.As(err, &pe) || len(pe.Fields) != 1 || utf8.RuneCountInString(pe.Fields["file"]) > tournament.MaxImportMessage {
				t.Fatalf("refusal %#v: want one fault of at most %d characters", err, tournament.MaxImportMessage)
			}
			return
		}
		switch {
		case len(im.Players) < 2 || len(im.Players) > tournament.MaxPlayers:
			t.Fatalf("%d players accepted", len(im.Players))
		case im.Total < 1 || im.Total > tournament.MaxRounds || im.Paired > im.Total:
			t.Fatalf("rounds: %d paired of %d", im.Paired, im.Total)
		case im.Input.Name == "" || utf8.RuneCountInString(im.Input.Name) > tournament.MaxTournamentName:
			t.Fatalf("name %q", im.Input.Name)
		case im.Input.EndDate < im.Input.StartDate:
			t.Fatalf("dates %s..%s", im.Input.StartDate, im.Input.EndDate)
		}
		for _, p := range im.Players {
			if p.Name == "" || !utf8.ValidString(p.Name) {
				t.Fatalf("player %d named %q", p.Player.StartRank, p.Name)
			}
		}
	})
}
