package web

import (
	"bytes"
	"encoding/json"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// TestEncodeStandings checks that encodeStandings writes what encoding/json writes by
// reflection, byte for byte: names that need escaping, an unrated player, values that are
// null, a withdrawn player, no rows, and explained standings.
func TestEncodeStandings(t *testing.T) {
	specs, err := tiebreak.ParseList("PTS,BH/C1,BH,ARO,DE")
	if err != nil {
		t.Fatal(err)
	}
	r := func(opp int, c chess.Colour, res chess.Result) chess.Round {
		return chess.Round{Opponent: opp, Colour: c, Result: res}
	}
	ev := tiebreak.Event{Format: tiebreak.Swiss, Players: []tiebreak.Player{
		{StartRank: 1, Rating: 2100, Rounds: []chess.Round{r(3, chess.White, chess.Win), r(2, chess.Black, chess.Draw)}},
		{StartRank: 2, Rating: 0, Rounds: []chess.Round{r(4, chess.Black, chess.Win), r(1, chess.White, chess.Draw)}},
		{StartRank: 3, Rating: 1900, Rounds: []chess.Round{r(1, chess.Black, chess.Loss), r(4, chess.White, chess.Win)}},
		{StartRank: 4, Rating: 0, Rounds: []chess.Round{r(2, chess.White, chess.Loss), r(3, chess.Black, chess.Loss)}},
	}}
	ts, err := tiebreak.Compute(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	rating := 2100
	names := []string{"Anna Alpha", `Bo "the <Bishop>" & Co`, "Åsa Öberg\u2028", "Dee\\Dee\x01\xff"}
	full := tournament.Standings{Round: 2}
	for _, sp := range specs {
		full.Tiebreaks = append(full.Tiebreaks, sp.String())
	}
	for i, row := range ts.Rows {
		sr := tournament.StandingsRow{Place: row.Place, Player: tournament.PlayerRef{MemberID: int64(10 + i), StartRank: row.StartRank, FullName: names[i]},
			Values: map[string]tiebreak.Value{}, Withdrawn: i == 3}
		if i == 0 {
			sr.Player.Rating = &rating
		}
		for k, sp := range specs {
			sr.Values[sp.String()] = row.Values[k]
		}
		full.Rows = append(full.Rows, sr)
	}
	explained := full
	explained.Rows = append([]tournament.StandingsRow(nil), full.Rows...)
	explained.Rows[0].Explain = map[string]tiebreak.Breakdown{}
	noValues := tournament.Standings{Round: 0, Tiebreaks: []string{}, Rows: []tournament.StandingsRow{{Place: 1, Player: tournament.PlayerRef{MemberID: 1, StartRank: 1, FullName: "A"}}}}

	tests := []struct {
		name string
		s    tournament.Standings
	}{
		{"a field", full},
		{"explained", explained},
		{"rows without values", noValues},
		{"nothing", tournament.Standings{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := encodeStandings(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("encodeStandings:\n got %s\nwant %s", got, want)
			}
		})
	}
}
