package tournament

import (
	"slices"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// Announced is a bye announced for a round not yet paired: the round, the player's pairing
// number and the kind (H, F or Z).
type Announced struct {
	Round, StartRank int
	Kind             chess.Result
}

// AnnouncedByes reads the byes a file announces for the rounds after paired, sorted by round
// and pairing number: a player's column after the last round paired holding a bye (H, F, Z,
// or Swiss-Manager's unpaired "0000 - -"), TRF-2026's 240 records (the kind in column 5, the
// round in 7-9, pairing numbers from column 11), and JaVaFo's XXZ records (the players absent
// from the next round, as zero-point byes: JaVaFo's Advanced User Manual; TieBreakServer
// reads them so). A bye given twice is one. A record that does not read, or names no player
// of the file, is a refusal naming it.
func AnnouncedByes(t *trf.Tournament, paired int) ([]Announced, error) {
	ranks := make(map[int]bool, len(t.Players))
	seen := map[[2]int]bool{}
	var out []Announced
	add := func(a Announced) {
		if a.Round > paired && !seen[[2]int{a.Round, a.StartRank}] {
			seen[[2]int{a.Round, a.StartRank}] = true
			out = append(out, a)
		}
	}
	for _, p := range t.Players {
		ranks[p.StartRank] = true
		if len(p.Rounds) == paired+1 {
			if x := p.Rounds[paired]; x.Opponent == 0 && (x.Result == chess.HalfBye || x.Result == chess.FullBye || x.Result == chess.ZeroBye) {
				add(Announced{paired + 1, p.StartRank, x.Result})
			}
		}
	}
	player := func(line, f string) (int, error) {
		n, err := strconv.Atoi(f)
		if err != nil || !ranks[n] {
			return 0, ImportInvalid("record %q: %q is not a player's pairing number", line, f)
		}
		return n, nil
	}
	for _, line := range t.Other {
		switch line[:min(3, len(line))] {
		case "240":
			if len(line) < 9 || line[3] != ' ' || !strings.ContainsRune("HFZ", rune(line[4])) {
				return nil, ImportInvalid("record %q: want 240 H|F|Z ROUND PLAYER…", line)
			}
			r, err := strconv.Atoi(strings.TrimSpace(line[6:9]))
			if err != nil || r < 1 {
				return nil, ImportInvalid("record %q: columns 7-9 must be a round", line)
			}
			for _, f := range strings.Fields(line[9:]) {
				n, err := player(line, f)
				if err != nil {
					return nil, err
				}
				add(Announced{r, n, chess.Result(line[4])})
			}
		case "XXZ":
			for _, f := range strings.Fields(line[3:]) {
				n, err := player(line, f)
				if err != nil {
					return nil, err
				}
				add(Announced{paired + 1, n, chess.ZeroBye})
			}
		}
	}
	slices.SortFunc(out, func(a, b Announced) int {
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return a.StartRank - b.StartRank
	})
	return out, nil
}
