package swiss

import (
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
)

// colours builds the played games of a history written as "wbw": w White, b Black, - a round
// without a game (a bye), which C.04.2 leaves out of the colour history.
func colours(h string) []chess.Round {
	var out []chess.Round
	for _, c := range h {
		switch c {
		case 'w':
			out = append(out, chess.Round{Opponent: 99, Colour: chess.White, Result: chess.Draw})
		case 'b':
			out = append(out, chess.Round{Opponent: 99, Colour: chess.Black, Result: chess.Draw})
		default:
			out = append(out, chess.Round{Result: chess.PairingBye})
		}
	}
	return out
}

func TestColourPreference(t *testing.T) {
	tests := []struct {
		history  string
		pref     chess.Colour
		absolute bool
		strong   bool
	}{
		{"", chess.NoColour, false, false},  // 1.7.4: no game yet
		{"w", chess.Black, false, true},     // 1.7.2: difference +1
		{"wb", chess.White, false, false},   // 1.7.3: mild, alternate
		{"bw", chess.Black, false, false},   // 1.7.3
		{"ww", chess.Black, true, false},    // 1.7.1: difference +2
		{"bwb", chess.White, false, true},   // 1.7.2: difference -1
		{"wbb", chess.White, true, false},   // 1.7.1: the same colour twice running
		{"wb-b", chess.White, true, false},  // a bye does not break the run
		{"wbwbw", chess.Black, false, true}, // difference +1
		{"bbww", chess.Black, true, false},  // twice running, difference 0
		{"-" + strings.Repeat("wb", 3), chess.White, false, false},
	}
	for _, tt := range tests {
		var p entrant
		p.colourHistory(colours(tt.history))
		if p.pref != tt.pref || p.absolute() != tt.absolute || p.strong != tt.strong {
			t.Errorf("%q: preference %v absolute %v strong %v, want %v %v %v",
				tt.history, p.pref, p.absolute(), p.strong, tt.pref, tt.absolute, tt.strong)
		}
	}
}

func TestColourAllocation(t *testing.T) {
	// a is the higher-ranked player (same score, lower rank) unless a score says otherwise.
	tests := []struct {
		name     string
		a, b     string
		aRank    int
		aScore   chess.Score
		initial  chess.Colour
		aGetsCol chess.Colour
	}{
		{"5.2.5 odd number takes the initial colour", "", "", 0, 0, chess.White, chess.White},
		{"5.2.5 even number takes the other", "", "", 1, 0, chess.White, chess.Black},
		{"5.2.5 with black1", "", "", 0, 0, chess.Black, chess.Black},
		{"5.2.1 both preferences granted", "w", "b", 0, 0, chess.White, chess.Black},
		{"5.2.1 the only preference", "", "b", 0, 0, chess.White, chess.Black},
		{"5.2.2 absolute beats strong", "bwb", "bb", 0, 0, chess.White, chess.Black},
		{"5.2.2 strong beats mild", "bw", "bwb", 0, 0, chess.White, chess.Black},
		{"5.2.2 wider difference between absolutes", "bbwbb", "bb", 0, 0, chess.White, chess.White},
		{"5.2.3 alternate from the last difference", "bwwb", "wbwb", 0, 0, chess.White, chess.Black}, // two games back a had White, b Black; 5.2.4 would give a White
		{"5.2.4 higher-ranked gets its preference", "wb", "wb", 0, 0, chess.Black, chess.White},
		{"5.2.4 higher by score", "wb", "wb", 5, 2, chess.Black, chess.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &entrant{id: 1, rank: tt.aRank, score: tt.aScore}
			b := &entrant{id: 2, rank: 3}
			a.colourHistory(colours(tt.a))
			b.colourHistory(colours(tt.b))
			e := &engine{req: &Request{InitialColour: tt.initial}}
			if got := e.colourOf(a, b); got != tt.aGetsCol {
				t.Errorf("a gets %v, want %v", got, tt.aGetsCol)
			}
			if got := e.colourOf(b, a); got != tt.aGetsCol.Opposite() {
				t.Errorf("seen from b, b gets %v, want %v", got, tt.aGetsCol.Opposite())
			}
		})
	}
}

func TestFloats(t *testing.T) {
	// Round 1: 1 draws 2; 4 wins against 3 by forfeit. Round 2: 1 (½) beats 3 (0); 2 (½)
	// beats 4 (1). Round 3: 1 wins against 2 by forfeit; 3 gets the pairing-allocated bye; 4
	// is absent (zero-point bye).
	g := func(opp int, c chess.Colour, r chess.Result) chess.Round {
		return chess.Round{Opponent: opp, Colour: c, Result: r}
	}
	req := Request{
		Players: []Player{
			{ID: 1, Rounds: []chess.Round{g(2, chess.White, chess.Draw), g(3, chess.Black, chess.Win), g(2, chess.White, chess.ForfeitWin)}},
			{ID: 2, Rounds: []chess.Round{g(1, chess.Black, chess.Draw), g(4, chess.White, chess.Win), g(1, chess.Black, chess.ForfeitLoss)}},
			{ID: 3, Rounds: []chess.Round{g(4, chess.Black, chess.ForfeitLoss), g(1, chess.White, chess.Loss), {Result: chess.PairingBye}}},
			{ID: 4, Rounds: []chess.Round{g(3, chess.White, chess.ForfeitWin), g(2, chess.Black, chess.Loss), {Result: chess.ZeroBye}}},
		},
		TotalRounds:   5,
		InitialColour: chess.White,
	}
	k, index, err := req.validate()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int]*entrant{}
	for _, p := range newEntrants(&req, k, index) {
		byID[p.id] = p
	}
	tests := []struct {
		id                   int
		round3, round2       float
		byeEligible, because string
	}{
		// 1.4.3: a point without a game is a downfloat; 1.4.2: the higher score floats down.
		{1, downFloat, downFloat, "no", "a forfeit win bars the bye"},
		{2, noFloat, upFloat, "yes", "a forfeit loss is no float"},
		{3, downFloat, upFloat, "no", "the bye is a downfloat and bars another"},
		{4, noFloat, downFloat, "no", "an absence is no float; the forfeit win of round 1 bars the bye"},
	}
	for _, tt := range tests {
		p := byID[tt.id]
		eligible := map[bool]string{true: "yes", false: "no"}[p.byeEligible]
		if p.floats[1] != tt.round3 || p.floats[2] != tt.round2 || eligible != tt.byeEligible {
			t.Errorf("player %d (%s): floats %v %v, bye eligible %s; want %v %v %s",
				tt.id, tt.because, p.floats[1], p.floats[2], eligible, tt.round3, tt.round2, tt.byeEligible)
		}
	}
}
