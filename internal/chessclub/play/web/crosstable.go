package web

import (
	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// Crosstable is every player's record, round by round, by pairing number: who they met,
// with which colour, and what it gave them.
type Crosstable struct {
	// Rounds is the number of rounds paired.
	Rounds  int             `json:"rounds"`
	Players []CrosstableRow `json:"players"`
}

// CrosstableRow is one player's line.
type CrosstableRow struct {
	Player tournament.PlayerRef `json:"player"`
	// Points counts every round paired, a game still being played as nothing yet.
	Points float64 `json:"points"`
	// Rounds holds round 1 first; a round the player had no part in (a knockout after they
	// were knocked out) is a zero-point bye, as TRF counts it.
	Rounds    []CrosstableCell `json:"rounds"`
	Withdrawn bool             `json:"withdrawn"`
}

// CrosstableCell is one round of a player.
type CrosstableCell struct {
	Round int `json:"round"`
	// Opponent is the opponent's pairing number, null for a bye.
	Opponent *int `json:"opponent"`
	// Colour is "white" or "black", null for a bye.
	Colour *string `json:"colour"`
	// Result is the TRF-2026 code of what the round gave the player: 1, =, 0 (a game), +, -
	// (a forfeit), U, H, F, Z (byes); null while the game has no result.
	Result *string `json:"result"`
	// Points is what the round gave, null while the game has no result.
	Points *float64 `json:"points"`
}

// crosstable builds the Crosstable of every round paired.
func crosstable(f *tournament.Field) Crosstable {
	k := len(f.Rounds)
	records := f.Records(k)
	out := Crosstable{Rounds: k, Players: []CrosstableRow{}}
	for _, e := range f.Players {
		if e.StartRank == 0 {
			continue
		}
		row := CrosstableRow{Player: f.Ref(e.MemberID), Rounds: make([]CrosstableCell, 0, k), Withdrawn: e.WithdrawnAfter != nil}
		rounds := records[e.MemberID]
		for r := 1; r <= k; r++ {
			rd := chess.Round{Result: chess.ZeroBye}
			if r <= len(rounds) {
				rd = rounds[r-1]
			}
			cell := CrosstableCell{Round: r}
			if rd.Opponent != 0 {
				opp, colour := rd.Opponent, "white"
				if rd.Colour == chess.Black {
					colour = "black"
				}
				cell.Opponent, cell.Colour = &opp, &colour
			}
			if rd.Result != chess.NoResult {
				code, pts := string(rd.Result), f.Tournament.PointSystem().Points(rd.Result).Float()
				cell.Result, cell.Points = &code, &pts
				row.Points += pts
			}
			row.Rounds = append(row.Rounds, cell)
		}
		out.Players = append(out.Players, row)
	}
	return out
}
