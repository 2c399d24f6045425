package swiss

import (
	"errors"
	"fmt"
	"testing"

	"campus.example/apps/internal/chess"
)

// fiveAfterOne is a tournament of five players after round 1: 1-3 (1-0), 2-4 (½-½), and the
// pairing-allocated bye to 5.
func fiveAfterOne() Request {
	g := func(opp int, c chess.Colour, r chess.Result) []chess.Round {
		return []chess.Round{{Opponent: opp, Colour: c, Result: r}}
	}
	return Request{TotalRounds: 3, InitialColour: chess.White, Players: []Player{
		{ID: 1, Rounds: g(3, chess.White, chess.Win)},
		{ID: 2, Rounds: g(4, chess.White, chess.Draw)},
		{ID: 3, Rounds: g(1, chess.Black, chess.Loss)},
		{ID: 4, Rounds: g(2, chess.Black, chess.Draw)},
		{ID: 5, Rounds: []chess.Round{{Result: chess.PairingBye}}},
	}}
}

// TestCheck sets proposals for round 2 beside the engine's pairing of it.
func TestCheck(t *testing.T) {
	req := fiveAfterOne()
	engine, err := Pair(req)
	if err != nil {
		t.Fatal(err)
	}
	// The engine: the bye to 3, the lowest score; 1 and 5 (1 point) each meet a player on ½.
	// After one game every player who played has a strong colour preference (C.04.3 1.7.2),
	// so a colour refused counts in C12 and C13; 5, who had the bye, has played no game (C9).
	if got := fmt.Sprint(engine); got != "{[{4 1} {5 2}] 3}" {
		t.Fatalf("engine pairs %s; the cases below are written for {[{4 1} {5 2}] 3}", got)
	}
	for _, tc := range []struct {
		name     string
		proposed Pairing
		want     string // the verdict, printed
	}{
		{"the engine's, boards in another order", Pairing{Boards: []Board{{5, 2}, {4, 1}}, Bye: 3},
			"{Differs:false NoPairing:false Engine:{Boards:[] Bye:0} Proposed:{Boards:[] Bye:0} Breaks:[] Worse:[]}"},
		{"colours swapped", Pairing{Boards: []Board{{1, 4}, {5, 2}}, Bye: 3},
			"{Differs:true NoPairing:false Engine:{Boards:[{White:4 Black:1}] Bye:0} Proposed:{Boards:[{White:1 Black:4}] Bye:0} Breaks:[] Worse:[C12 C13]}"},
		{"a rematch", Pairing{Boards: []Board{{1, 3}, {5, 2}}, Bye: 4},
			"{Differs:true NoPairing:false Engine:{Boards:[{White:4 Black:1}] Bye:3} Proposed:{Boards:[{White:1 Black:3}] Bye:4} Breaks:[C1] Worse:[C5 C12 C13]}"},
		{"a second bye", Pairing{Boards: []Board{{4, 1}, {2, 3}}, Bye: 5},
			"{Differs:true NoPairing:false Engine:{Boards:[{White:5 Black:2}] Bye:3} Proposed:{Boards:[{White:2 Black:3}] Bye:5} Breaks:[C2] Worse:[C5 C9 C12 C13]}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Check(req, tc.proposed)
			if err != nil {
				t.Fatal(err)
			}
			if got := verdictString(v); got != tc.want {
				t.Errorf("verdict\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// verdictString prints a verdict with empty lists as [], nil or not.
func verdictString(v Verdict) string {
	if v.Engine.Boards == nil {
		v.Engine.Boards = []Board{}
	}
	if v.Proposed.Boards == nil {
		v.Proposed.Boards = []Board{}
	}
	return fmt.Sprintf("{Differs:%v NoPairing:%v Engine:%+v Proposed:%+v Breaks:%v Worse:%v}",
		v.Differs, v.NoPairing, v.Engine, v.Proposed, v.Breaks, v.Worse)
}

// TestCheckInvalid gives proposals that do not pair the round's players once each.
func TestCheckInvalid(t *testing.T) {
	req := fiveAfterOne()
	absent := fiveAfterOne()
	absent.Absent = []int{5}
	for _, tc := range []struct {
		name     string
		req      Request
		proposed Pairing
	}{
		{"a player twice", req, Pairing{Boards: []Board{{1, 2}, {2, 3}}, Bye: 4}},
		{"a player left out", req, Pairing{Boards: []Board{{1, 2}, {3, 4}}}},
		{"an unknown player", req, Pairing{Boards: []Board{{1, 2}, {3, 4}}, Bye: 9}},
		{"with themself", req, Pairing{Boards: []Board{{1, 1}, {3, 4}}, Bye: 2}},
		{"an absent player", absent, Pairing{Boards: []Board{{1, 2}, {3, 5}}, Bye: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Check(tc.req, tc.proposed); !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v, want ErrInvalid", err)
			}
		})
	}
}
