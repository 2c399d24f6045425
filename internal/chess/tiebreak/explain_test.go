package tiebreak

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
)

// TestExplainOracle explains every tie-break of every player of the oracle's tournaments, under
// each file's own list and under a list that takes in every tie-break with its modifiers, and
// checks that each breakdown gives back the value beside it (addsUp) and that Explain ranks as
// Compute does.
func TestExplainOracle(t *testing.T) {
	paths := oracletest.Files(t, "tiebreaks", ".json")
	root := filepath.Dir(filepath.Dir(paths[0]))
	lists := []string{
		"PTS,BH/C1,BH/M1,FB,SB/C1,AOB,AOB/F,KS,KS/L+1,DE,ARO/C1,PS/C1,WIN,WON,BPG,BWG,REP,NUM,VUR",
		"PTS,DE/P,ARO/U1400,TPR/U1400,PTP/U1400,APRO/U1400,APPO/U1400,RTNG/U1400,BH/P,SB/M1,FB/C2,KS/L60",
		"PTS,TPN,ARO,TPR,PTP",
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var file oracleFile
			readJSON(t, path, &file)
			ev := readEvent(t, filepath.Join(root, file.Tournament))
			for _, list := range append([]string{strings.Join(file.Tiebreaks, ",")}, lists...) {
				specs, err := ParseList(list)
				if err != nil {
					t.Fatal(err)
				}
				checkExplained(t, ev, specs)
			}
		})
	}
}

// checkExplained compares Explain with Compute and checks every breakdown.
func checkExplained(t *testing.T, ev Event, specs []Spec) {
	t.Helper()
	want, err := Compute(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Explain(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	rating := map[int]int{}
	for _, p := range ev.Players {
		rating[p.StartRank] = p.Rating
	}
	for r, row := range got.Rows {
		if w := want.Rows[r]; w.StartRank != row.StartRank || w.Place != row.Place {
			t.Fatalf("row %d: Explain has player %d place %d, Compute player %d place %d", r, row.StartRank, row.Place, w.StartRank, w.Place)
		}
		for k, s := range got.Specs {
			v, b := row.Values[k], row.Breakdowns[k]
			if v != want.Rows[r].Values[k] {
				t.Errorf("player %d %s: Explain's value %s, Compute's %s", row.StartRank, s, v, want.Rows[r].Values[k])
			}
			if err := addsUp(s, v, b, row.StartRank, rating[row.StartRank]); err != nil {
				t.Errorf("player %d %s = %s, explained %s: %v", row.StartRank, s, v, b, err)
			}
		}
	}
}

// addsUp checks that a breakdown gives back its value by its method.
func addsUp(s Spec, v Value, b Breakdown, start, rating int) error {
	var sum, n int64
	var ratings []int
	for _, t := range b.Terms {
		if t.LeftOut {
			continue
		}
		if t.Value.decimals != b.Terms[0].Value.decimals {
			return fmt.Errorf("terms with %d and %d decimals", t.Value.decimals, b.Terms[0].Value.decimals)
		}
		sum += t.Value.units
		ratings = append(ratings, int(t.Value.units))
		n++
	}
	switch b.Method {
	case "sum":
		if n > 0 && b.Terms[0].Value.decimals != v.decimals {
			return fmt.Errorf("terms with %d decimals, the value %d", b.Terms[0].Value.decimals, v.decimals)
		}
		if !v.ok || sum != v.units {
			return fmt.Errorf("the terms make %d units", sum)
		}
	case "average":
		if n == 0 {
			if v.ok {
				return fmt.Errorf("no term, yet a value")
			}
			return nil
		}
		scale := int64(1)
		for range v.decimals - b.Terms[0].Value.decimals {
			scale *= 10
		}
		if got := roundHalfAway(sum*scale, n); !v.ok || got != v.units {
			return fmt.Errorf("the average of the terms is %d units", got)
		}
	case "performance", "lowest_rating":
		if n == 0 {
			if v.ok {
				return fmt.Errorf("no term, yet a value")
			}
			return nil
		}
		got := aro(ratings) + b.Difference.units
		if b.Method == "lowest_rating" {
			got = ptp(ratings, b.Score.units/5)
		}
		if !v.ok || got != v.units {
			return fmt.Errorf("the terms make %d", got)
		}
	case "place":
		if !v.ok || v.units < 0 || (v.units > 1 && len(b.Terms) == 0 && s.Name == "DE") {
			return fmt.Errorf("a place of %s", v)
		}
	case "own":
		want := int64(start)
		if s.Name == "RTNG" {
			want = int64(rating)
			if rating == 0 {
				want = int64(s.Unrated)
			}
		}
		if v.ok && v.units != want {
			return fmt.Errorf("the value is not the player's own %d", want)
		}
	default:
		return fmt.Errorf("unknown method %q", b.Method)
	}
	return nil
}

// TestExplainUnplayed pins the breakdowns of a small Swiss event's rounds that were not played
// as C.07 16 counts them. Player 1 (3 points) won by forfeit in round 1 against player 4: a
// dummy opponent with player 4's adjusted score, 1, capped at player 1's own (16.4.1). Then
// player 1 met 2 (2½) and 3 (2) over the board and took a half-point bye in round 4: a dummy
// with player 1's own score capped at a draw × 4 rounds, 2 (16.4.2), and a voluntary unplayed
// round, which BH/C1 cuts rather than the lower forfeit (16.5.1).
func TestExplainUnplayed(t *testing.T) {
	r := func(opp int, c chess.Colour, res chess.Result) chess.Round {
		return chess.Round{Opponent: opp, Colour: c, Result: res}
	}
	ev := Event{Format: Swiss, Players: []Player{
		{StartRank: 1, Rating: 1800, Rounds: []chess.Round{r(4, chess.White, chess.ForfeitWin), r(2, chess.Black, chess.Win), r(3, chess.White, chess.Draw), r(0, 0, chess.HalfBye)}},
		{StartRank: 2, Rating: 1700, Rounds: []chess.Round{r(3, chess.White, chess.Win), r(1, chess.White, chess.Loss), r(4, chess.Black, chess.Win), r(3, chess.Black, chess.Draw)}},
		{StartRank: 3, Rating: 1600, Rounds: []chess.Round{r(2, chess.Black, chess.Loss), r(4, chess.White, chess.Win), r(1, chess.Black, chess.Draw), r(2, chess.White, chess.Draw)}},
		{StartRank: 4, Rating: 1500, Rounds: []chess.Round{r(1, chess.Black, chess.ForfeitLoss), r(3, chess.Black, chess.Loss), r(2, chess.White, chess.Loss), r(0, 0, chess.PairingBye)}},
	}}
	specs, err := ParseList("PTS,BH/C1,SB,WON,ARO,TPR")
	if err != nil {
		t.Fatal(err)
	}
	st, err := Explain(ev, specs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		spec string
		want string
	}{
		{"PTS", "sum 1.0+1.0+0.5+0.5"},
		{"BH/C1", "sum 1.0+2.5+2.0+[2.0]"},
		{"SB", "sum 1.00+2.50+1.00+1.00"},
		{"WON", "sum 1"},
		{"ARO", "average 1700+1600"},
		{"TPR", "performance 1700+1600"},
	}
	var row Row
	for _, rw := range st.Rows {
		if rw.StartRank == 1 {
			row = rw
		}
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			k := -1
			for i, s := range st.Specs {
				if s.String() == tc.spec {
					k = i
				}
			}
			if got := row.Breakdowns[k].String(); got != tc.want {
				t.Errorf("player 1 %s = %s explained %q, want %q", tc.spec, row.Values[k], got, tc.want)
			}
			if err := addsUp(st.Specs[k], row.Values[k], row.Breakdowns[k], 1, 1800); err != nil {
				t.Error(err)
			}
		})
	}
	bh := row.Breakdowns[1].Terms
	if !bh[0].Virtual || bh[0].Kind != "forfeit" || !bh[3].Virtual || bh[3].Kind != "bye" || bh[1].Virtual {
		t.Errorf("BH/C1 terms %+v: want the forfeit and the bye against dummy opponents, the games not", bh)
	}
}

// TestExplainGenerated checks every breakdown of generated tournaments, Swiss and round robin,
// heavy in forfeits, double forfeits and requested byes, where the rounds not played and their
// virtual opponents (C.07 15, 16) make most of the terms.
func TestExplainGenerated(t *testing.T) {
	lists := []string{
		"PTS,BH/C1,BH/M1,FB,SB/C1,AOB,KS,DE,ARO/C1,PS/C1,WIN,REP,VUR",
		"PTS,DE/P,TPR/U1200,PTP/U1200,APRO/U1200,APPO/U1200,RTNG/U1200,BH/P,SB/M1,FB/C2,KS/L+1",
	}
	for seed := uint64(1); seed <= 12; seed++ {
		o := genOptions{players: 9 + int(seed), rounds: 7, unrated: 5, forfeits: 120, doubles: 200, unratedGames: 50, byes: 120}
		format := Swiss
		if seed%3 == 0 {
			o.roundRobin, format = true, RoundRobin
		}
		t.Run(fmt.Sprintf("seed=%d/%s", seed, format), func(t *testing.T) {
			ev, err := FromTRF(generate(seed, o), format)
			if err != nil {
				t.Fatal(err)
			}
			for _, list := range lists {
				specs, err := ParseList(list)
				if err != nil {
					t.Fatal(err)
				}
				checkExplained(t, ev, specs)
			}
		})
	}
}
