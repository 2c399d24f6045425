package swiss

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"campus.example/apps/internal/chess"
)

// TestRandomTournamentsKeepTheAbsoluteCriteria plays whole tournaments round by round, with
// random results, forfeits, byes, absences, forbidden pairs and (one in three) the Baku
// acceleration, and checks every round against the absolute criteria and the colour rules
// they imply. When Pair finds no pairing in a small tournament, a search through all pairings
// must agree.
func TestRandomTournamentsKeepTheAbsoluteCriteria(t *testing.T) {
	seeds := 150
	if testing.Short() {
		seeds = 30
	}
	for seed := range uint64(seeds) {
		n := 4 + int(seed%37)
		if seed%10 == 9 {
			n = 60 + int(seed%41)
		}
		rounds := min(3+int(seed%9), n-1)
		t.Run(fmt.Sprintf("seed%d-p%d-r%d", seed, n, rounds), func(t *testing.T) {
			t.Parallel()
			s := newSimulation(seed, n, rounds)
			s.forfeitRate = 0.08
			for range int(seed % 4) {
				a, b := 1+s.rng.IntN(n), 1+s.rng.IntN(n)
				s.req.Forbidden = append(s.req.Forbidden, [2]int{a, b})
			}
			if seed%3 == 0 {
				s.req.Accelerations, _ = Baku(ids(n), rounds)
			}
			for s.played() < rounds {
				req, away := s.announce()
				p, err := Pair(req)
				if errors.Is(err, ErrNoPairing) {
					if n-len(req.Absent) <= 12 && anyValidPairing(req) {
						t.Fatalf("round %d: Pair found no pairing, but one exists", s.played()+1)
					}
					if n-len(req.Absent) > 12 {
						t.Fatalf("round %d: %v", s.played()+1, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("round %d: %v", s.played()+1, err)
				}
				if err := checkAbsolute(req, p); err != nil {
					t.Fatalf("round %d: %v\npairing %+v", s.played()+1, err, p)
				}
				s.play(p, away)
			}
		})
	}
}

// history is what the absolute criteria need to know about one player.
type history struct {
	met        map[int]bool
	byeBarred  bool
	pref       chess.Colour
	absolute   bool
	topscorer  bool
	whites     int
	blacks     int
	lastColour []chess.Colour
}

// histories derives each player's history from the request, independently of the engine.
func histories(req Request) map[int]*history {
	k := 0
	if len(req.Players) > 0 {
		k = len(req.Players[0].Rounds)
	}
	hs := map[int]*history{}
	for _, p := range req.Players {
		h := &history{met: map[int]bool{}}
		var score chess.Score
		for _, x := range p.Rounds {
			score += x.Result.Score()
			if x.Played() {
				h.met[x.Opponent] = true
				if x.Colour == chess.White {
					h.whites++
				} else {
					h.blacks++
				}
				h.lastColour = append(h.lastColour, x.Colour)
			} else if x.Result == chess.PairingBye || x.Result.Score() == 2 {
				h.byeBarred = true
			}
		}
		cd := h.whites - h.blacks
		l := len(h.lastColour)
		switch {
		case cd > 1:
			h.pref, h.absolute = chess.Black, true
		case cd < -1:
			h.pref, h.absolute = chess.White, true
		case l >= 2 && h.lastColour[l-1] == h.lastColour[l-2]:
			h.pref, h.absolute = h.lastColour[l-1].Opposite(), true
		}
		h.topscorer = k == req.TotalRounds-1 && int(score) > k
		hs[p.ID] = h
	}
	for _, f := range req.Forbidden {
		hs[f[0]].met[f[1]] = true
		hs[f[1]].met[f[0]] = true
	}
	return hs
}

// checkAbsolute checks one round's pairing: everyone present is paired once or has the bye;
// no rematch or forbidden pair (C1); a bye only for an odd number, to an eligible player (C2);
// no two non-topscorers with the same absolute colour preference (C3); and every absolute
// preference granted except between topscorers' pairs where C3 allowed it (Article 5).
func checkAbsolute(req Request, p Pairing) error {
	hs := histories(req)
	absent := map[int]bool{}
	for _, id := range req.Absent {
		absent[id] = true
	}
	seen := map[int]bool{}
	use := func(id int) error {
		if absent[id] {
			return fmt.Errorf("absent player %d is paired", id)
		}
		if hs[id] == nil {
			return fmt.Errorf("unknown player %d", id)
		}
		if seen[id] {
			return fmt.Errorf("player %d is paired twice", id)
		}
		seen[id] = true
		return nil
	}
	for _, b := range p.Boards {
		if err := use(b.White); err != nil {
			return err
		}
		if err := use(b.Black); err != nil {
			return err
		}
		w, bl := hs[b.White], hs[b.Black]
		if w.met[b.Black] {
			return fmt.Errorf("C1: %d and %d have met or may not meet", b.White, b.Black)
		}
		bothAbs := w.absolute && bl.absolute && w.pref == bl.pref
		if bothAbs && !w.topscorer && !bl.topscorer {
			return fmt.Errorf("C3: %d and %d both need %v", b.White, b.Black, w.pref)
		}
		if !bothAbs {
			if w.absolute && w.pref != chess.White || bl.absolute && bl.pref != chess.Black {
				return fmt.Errorf("colours: %d-%d denies an absolute preference", b.White, b.Black)
			}
		}
	}
	present := len(req.Players) - len(req.Absent)
	if p.Bye != 0 {
		if err := use(p.Bye); err != nil {
			return err
		}
		if present%2 == 0 {
			return fmt.Errorf("a bye with an even number of players")
		}
		if hs[p.Bye].byeBarred {
			return fmt.Errorf("C2: player %d may not get the bye again", p.Bye)
		}
	}
	if len(seen) != present {
		return fmt.Errorf("%d players paired of %d present", len(seen), present)
	}
	return nil
}

// anyValidPairing searches all pairings of a small round for one that keeps C1–C3.
func anyValidPairing(req Request) bool {
	hs := histories(req)
	absent := map[int]bool{}
	for _, id := range req.Absent {
		absent[id] = true
	}
	var ids []int
	for _, p := range req.Players {
		if !absent[p.ID] {
			ids = append(ids, p.ID)
		}
	}
	ok := func(a, b int) bool {
		x, y := hs[a], hs[b]
		return !x.met[b] && !(x.absolute && y.absolute && x.pref == y.pref && !x.topscorer && !y.topscorer)
	}
	used := make([]bool, len(ids))
	var search func(i int, byeLeft bool) bool
	search = func(i int, byeLeft bool) bool {
		for i < len(ids) && used[i] {
			i++
		}
		if i == len(ids) {
			return true
		}
		used[i] = true
		defer func() { used[i] = false }()
		if byeLeft && !hs[ids[i]].byeBarred && search(i+1, false) {
			return true
		}
		for j := i + 1; j < len(ids); j++ {
			if used[j] || !ok(ids[i], ids[j]) {
				continue
			}
			used[j] = true
			found := search(i+1, byeLeft)
			used[j] = false
			if found {
				return true
			}
		}
		return false
	}
	return search(0, len(ids)%2 == 1)
}

// TestNarrowLayoutsStartAgain pairs random tournaments with room for one score per bracket, so
// that nearly every bracket starts the round again with a wider layout: the pairings must be
// the same as Pair's.
func TestNarrowLayoutsStartAgain(t *testing.T) {
	for seed := range uint64(12) {
		s := newSimulation(100+seed, 9+int(seed)*5, 7)
		for s.played() < 7 {
			req, away := s.announce()
			want, err := Pair(req)
			if err != nil {
				t.Fatalf("seed %d round %d: %v", seed, s.played()+1, err)
			}
			got, err := pair(req, 1)
			if err != nil {
				t.Fatalf("seed %d round %d, narrow: %v", seed, s.played()+1, err)
			}
			if diff := comparePairing(got, want); diff != "" || got.Bye != want.Bye {
				t.Fatalf("seed %d round %d: narrow layout differs:\n%s", seed, s.played()+1, diff)
			}
			s.play(want, away)
		}
	}
}

func TestInvalidRequests(t *testing.T) {
	game := func(opp int, c chess.Colour, r chess.Result) chess.Round {
		return chess.Round{Opponent: opp, Colour: c, Result: r}
	}
	two := func(a, b chess.Round) []Player {
		return []Player{{ID: 1, Rounds: []chess.Round{a}}, {ID: 2, Rounds: []chess.Round{b}}}
	}
	ok := two(game(2, chess.White, chess.Win), game(1, chess.Black, chess.Loss))
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"ID 0", Request{Players: []Player{{ID: 0}}, TotalRounds: 1, InitialColour: chess.White}, "out of 1..9999"},
		{"ID twice", Request{Players: []Player{{ID: 1}, {ID: 1}}, TotalRounds: 1, InitialColour: chess.White}, "used twice"},
		{"too many players", Request{Players: make([]Player, MaxPlayers+1), TotalRounds: 1, InitialColour: chess.White}, "more than 9999"},
		{"uneven rounds", Request{Players: []Player{{ID: 1}, {ID: 2, Rounds: []chess.Round{{Result: chess.ZeroBye}}}}, TotalRounds: 3, InitialColour: chess.White}, "has 1 rounds"},
		{"no round left", Request{Players: ok, TotalRounds: 1, InitialColour: chess.White}, "no round to pair"},
		{"no initial colour", Request{Players: ok, TotalRounds: 2}, "initial colour"},
		{"game without colour", Request{Players: two(game(2, chess.NoColour, chess.Win), game(1, chess.Black, chess.Loss)), TotalRounds: 2, InitialColour: chess.White}, "needs a colour"},
		{"opponent disagrees", Request{Players: two(game(2, chess.White, chess.Win), game(1, chess.White, chess.Loss)), TotalRounds: 2, InitialColour: chess.White}, "differently"},
		{"played against forfeit", Request{Players: two(game(2, chess.White, chess.Win), game(1, chess.Black, chess.ForfeitLoss)), TotalRounds: 2, InitialColour: chess.White}, "differently"},
		{"unknown opponent", Request{Players: two(game(3, chess.White, chess.Win), game(1, chess.Black, chess.Loss)), TotalRounds: 2, InitialColour: chess.White}, "not another player"},
		{"bye with colour", Request{Players: two(chess.Round{Colour: chess.White, Result: chess.PairingBye}, chess.Round{Result: chess.ZeroBye}), TotalRounds: 2, InitialColour: chess.White}, "bye without colour"},
		{"unfinished round", Request{Players: two(game(2, chess.White, chess.NoResult), game(1, chess.Black, chess.NoResult)), TotalRounds: 2, InitialColour: chess.White}, "not a result"},
		{"unknown absent", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Absent: []int{7}}, "absent player 7"},
		{"unknown forbidden", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Forbidden: [][2]int{{1, 9}}}, "forbidden pair"},
		{"no virtual points", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: []Acceleration{{0, 1, 1, 1, 2}}}, "more than 0"},
		{"acceleration rounds reversed", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: []Acceleration{{2, 2, 1, 1, 2}}}, "not a range of rounds"},
		{"acceleration after the last round", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: []Acceleration{{2, 1, 3, 1, 2}}}, "after the last round"},
		{"acceleration IDs reversed", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: []Acceleration{{2, 1, 1, 2, 1}}}, "not a range of IDs"},
		{"acceleration beyond the players", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: []Acceleration{{2, 1, 1, 1, 3}}}, "beyond the last player"},
		{"too many accelerations", Request{Players: ok, TotalRounds: 2, InitialColour: chess.White, Accelerations: make([]Acceleration, MaxAccelerations+1)}, "accelerations, more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Pair(tt.req)
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Pair: %v, want ErrInvalid mentioning %q", err, tt.want)
			}
		})
	}
}
