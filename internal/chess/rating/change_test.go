package rating

import (
	"testing"

	"campus.example/apps/internal/chess"
)

// games builds games against opponents of the given ratings with the given results.
func games(pairs ...any) []Game {
	var out []Game
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, Game{OpponentRating: pairs[i].(int), Result: pairs[i+1].(chess.Result)})
	}
	return out
}

// TestChange works examples from the text of B.02 8.3 with the table of 8.1.2; each case says
// which rows and rules it uses.
func TestChange(t *testing.T) {
	tests := []struct {
		name      string
		rating, k int
		games     []Game
		want      int
	}{
		// D = −200 is in 198-206: PD 0.24; ΔR = 1 − 0.24 = 0.76; 20 × 0.76 = 15.2 → 15.
		{"win against 200 more", 2000, 20, games(2200, chess.Win), 15},
		// D = 0: PD 0.50; a draw gives ΔR 0.
		{"draw between equals", 2000, 20, games(2000, chess.Draw), 0},
		// 8.3.1: D = 600 counts as 400, in 392-411: PD 0.92; ΔR 0.08; 10 × 0.08 = 0.8 → 1.
		// (Without the rule PD would be 0.98 and the change 0.)
		{"400-point rule, higher rated wins", 2500, 10, games(1900, chess.Win), 1},
		// D = −600 counts as −400: PD 0.08; ΔR −0.08; 20 × −0.08 = −1.6 → −2.
		{"400-point rule, lower rated loses", 1900, 20, games(2500, chess.Loss), -2},
		// 8.3.1 as amended from 1 October 2025: from 2650 the real difference counts. D = 900,
		// beyond the table's 735: PD 1.00; a win gives ΔR 0 (under the old rule +0.8 → +1).
		{"2650 and above: a win far below gains nothing", 2700, 10, games(1800, chess.Win), 0},
		// A loss costs the whole expectation: ΔR −1.00; 10 × −1 = −10 (the old rule: −9.2 → −9).
		{"2650 and above: a loss far below costs all", 2700, 10, games(1800, chess.Loss), -10},
		// D = 2650 − 2100 = 550: 2650 is uncapped, PD 0.97 (518-559 in 8.1.2); the draw gives
		// ΔR −0.47, 10 × −0.47 = −4.7 → −5. Just below, 2649 against 2099 is capped at 400:
		// PD 0.92, ΔR −0.42, −4.2 → −4.
		{"exactly 2650 is uncapped", 2650, 10, games(2100, chess.Draw), -5},
		{"2649 is capped", 2649, 10, games(2099, chess.Draw), -4},
		// The opponent of a 2650+ player, rated below 2650, still counts D as −400.
		{"the lower rated side keeps the cap", 1800, 20, games(2700, chess.Win), 18},
		// D = −35 is in 33-39: PD 0.45; a draw gives ΔR 0.05; 10 × 0.05 = 0.5, a half,
		// rounded up → 1.
		{"half rounded up", 2000, 10, games(2035, chess.Draw), 1},
		// D = 35: PD 0.55; a draw gives ΔR −0.05; 10 × −0.05 = −0.5, rounded up → 0.
		{"negative half rounded up", 2035, 10, games(2000, chess.Draw), 0},
		// The change is K × ΣΔR over the tournament, rounded once: a win against 2200
		// (D = −200: +0.76), a draw against 1800 (D = 200, PD 0.76: −0.26) and a loss against
		// 2000 (−0.50) sum to 0.00 → 0.
		{"summed before rounding", 2000, 40, games(2200, chess.Win, 1800, chess.Draw, 2000, chess.Loss), 0},
		// 40 × (0.76 − 0.26) = 20.
		{"two games", 2000, 40, games(2200, chess.Win, 1800, chess.Draw), 20},
		// Forfeits, byes, unrated games and unrated opponents are not rated (B.02).
		{"nothing rated", 2000, 40, []Game{
			{2200, chess.ForfeitWin}, {0, chess.PairingBye}, {2200, chess.UnratedWin}, {0, chess.Win},
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Change(tt.rating, tt.k, tt.games)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Change = %d, want %d", got, tt.want)
			}
		})
	}
	if _, err := Change(2000, 0, nil); err == nil {
		t.Error("Change with K = 0 succeeded")
	}
}

// TestK applies B.02 8.3.3 case by case.
func TestK(t *testing.T) {
	tests := []struct {
		name string
		p    Player
		want int
	}{
		{"new to the list: fewer than 30 games", Player{Rating: 2450, RatedGames: 29}, 40},
		{"30 games, under 2400", Player{Rating: 2100, RatedGames: 30}, 20},
		{"junior under 2300", Player{Rating: 2299, RatedGames: 100, Junior: true}, 40},
		{"junior at 2300", Player{Rating: 2300, RatedGames: 100, Junior: true}, 20},
		{"has reached 2400", Player{Rating: 2400, RatedGames: 100}, 10},
		{"reached 2400 once, now below", Player{Rating: 2350, RatedGames: 100, Reached2400: true}, 10},
	}
	for _, tt := range tests {
		if got := K(tt.p); got != tt.want {
			t.Errorf("%s: K = %d, want %d", tt.name, got, tt.want)
		}
	}
	// B.02 8.3.3: K × n at most 700 in a rating period.
	for _, tt := range []struct{ k, n, want int }{{40, 17, 40}, {40, 18, 38}, {20, 35, 20}, {20, 36, 19}, {40, 0, 40}} {
		if got := LimitK(tt.k, tt.n); got != tt.want {
			t.Errorf("LimitK(%d, %d) = %d, want %d", tt.k, tt.n, got, tt.want)
		}
	}
}

// TestInitial works examples of the first rating (B.02 8.2, 7.1.4) by hand.
func TestInitial(t *testing.T) {
	five := func(opp int, results ...chess.Result) []Game {
		var g []Game
		for _, r := range results {
			g = append(g, Game{opp, r})
		}
		return g
	}
	w, d, l := chess.Win, chess.Draw, chess.Loss
	tests := []struct {
		name      string
		games     []Game
		want      int
		published bool
	}{
		// 5/5 against 1800, plus two draws against 1800: p = 6/7 = 0.857 → 0.86, dp 309;
		// Ra = 1800; Ru = 2109.
		{"five wins against 1800", five(1800, w, w, w, w, w), 2109, true},
		// 2.5/5 against 1600: p = 3.5/7 = 0.50, dp 0; Ra = (5·1600 + 2·1800)/7 = 1657.14 → 1657.
		{"half the points against 1600", five(1600, w, l, d, w, l), 1657, true},
		// 1/5 against 1400: p = 2/7 = 0.286 → 0.29, dp −158; Ra = 10600/7 = 1514.29;
		// Ru = 1356.29 → 1356, below the floor of 1400: not published.
		{"below the floor", five(1400, w, l, l, l, l), 1356, false},
		// 5/5 against 2400: Ra = 15600/7 = 2228.57, dp 309: 2537.57, capped at 2200.
		{"capped at 2200", five(2400, w, w, w, w, w), 2200, true},
		// Four games against rated opponents are not enough (7.1.4); a forfeit does not count.
		{"four rated games", append(five(1800, w, w, w, w), Game{1800, chess.ForfeitWin}), 0, false},
		// A zero score is disregarded.
		{"zero score", five(1500, l, l, l, l, l), 0, false},
		// Games against unrated opponents are left out: 5 rated games remain.
		{"unrated opponent left out", append(five(1600, w, l, d, w, l), Game{0, w}), 1657, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Initial(tt.games)
			if got != tt.want || ok != tt.published {
				t.Errorf("Initial = %d, %v; want %d, %v", got, ok, tt.want, tt.published)
			}
		})
	}
}
