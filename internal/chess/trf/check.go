package trf

import (
	"strings"

	"campus.example/apps/internal/chess"
)

// check verifies that the players' rounds agree with each other (C.04 Annex 2, player
// section); lineOf[i] is the line of Players[i].
func check(t *Tournament, lineOf []int) error {
	index := make(map[int]int, len(t.Players)) // start rank → index in Players
	for i, p := range t.Players {
		if j, dup := index[p.StartRank]; dup {
			return errorf(lineOf[i], colStartRank, "start rank %d is already used on line %d", p.StartRank, lineOf[j])
		}
		index[p.StartRank] = i
	}
	if err := checkTwoForms(t); err != nil {
		return err
	}
	pab := map[int]int{} // round → line of its pairing-allocated bye
	if t.IsTeam() {
		pab = nil // a team's bye gives each of its players one
	}
	for i, p := range t.Players {
		n := lineOf[i]
		if total := t.Rounds(); total > 0 && (t.TotalRounds > 0 || t.NumRounds > 0) && len(p.Rounds) > total {
			return errorf(n, roundStart+roundWidth*total, "round %d recorded, but XXR or 142 says the tournament has %d", len(p.Rounds), total)
		}
		for r, rd := range p.Rounds {
			col := roundStart + roundWidth*r
			if rd.Opponent == 0 {
				if err := checkBye(rd, col, n, r, pab); err != nil {
					return err
				}
				continue
			}
			j, ok := index[rd.Opponent]
			if !ok {
				return errorf(n, col, "opponent %d is not a player of the file", rd.Opponent)
			}
			if rd.Opponent == p.StartRank {
				return errorf(n, col, "player %d is paired with themself", p.StartRank)
			}
			if err := checkGame(rd, t.Players[j], p.StartRank, col, n, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkBye checks round r (from 0) of a player without an opponent: a bye has no colour, and a
// round of an individual tournament has at most one pairing-allocated bye (C.04 Annex 2: U,
// "at most once per round"); pab is nil for a team tournament.
func checkBye(rd chess.Round, col, n, r int, pab map[int]int) error {
	if !rd.Result.Bye() {
		return errorf(n, col+7, "result %c needs an opponent; a round without one is U, H, F or Z", rd.Result)
	}
	if rd.Colour != chess.NoColour {
		return errorf(n, col+5, "a bye (%c) has no colour; write -", rd.Result)
	}
	if rd.Result == chess.PairingBye && pab != nil {
		if first, ok := pab[r]; ok {
			return errorf(n, col+7, "a second pairing-allocated bye in round %d; the first is on line %d", r+1, first)
		}
		pab[r] = n
	}
	return nil
}

// checkGame checks round r (from 0) of player me against the opponent's record of it: the
// opponent names me back, the colours differ, and the two results belong together.
func checkGame(rd chess.Round, opp Player, me, col, n, r int) error {
	if rd.Result.Bye() {
		return errorf(n, col+7, "a bye (%c) has no opponent; write 0000", rd.Result)
	}
	if len(opp.Rounds) <= r || opp.Rounds[r].Opponent != me {
		return errorf(n, col, "opponent %d does not have player %d in round %d", rd.Opponent, me, r+1)
	}
	o := opp.Rounds[r]
	if rd.Result.Played() && rd.Colour == chess.NoColour {
		return errorf(n, col+5, "a played game needs a colour, w or b")
	}
	if rd.Colour != chess.NoColour && rd.Colour == o.Colour {
		return errorf(n, col+5, "player %d has colour %s in round %d too", rd.Opponent, rd.Colour, r+1)
	}
	if !resultsMatch(rd.Result, o.Result) {
		return errorf(n, col+7, "result %c does not go with player %d's %c in round %d", rd.Result, rd.Opponent, o.Result, r+1)
	}
	return nil
}

// resultsMatch reports whether two results can be the two sides of one pairing: both played
// and rated, both played and unrated, both forfeits or both not yet known; and together at most
// one point, so that 1-0, ½-½, +/- and -/- (a double forfeit) pass, as do the arbiter's
// 0-0 and ½-0, but not 1-1 or +/+.
func resultsMatch(a, b chess.Result) bool {
	kind := func(r chess.Result) int {
		switch {
		case r.Rated():
			return 1
		case r.Played():
			return 2
		case r.Forfeit():
			return 3
		}
		return 4 // NoResult; byes do not reach here
	}
	return kind(a) == kind(b) && a.Score()+b.Score() <= 2
}

// checkTwoForms checks that the values a file gives twice, in the pairing engines' tag and in
// TRF-2026's record, agree: the number of rounds (XXR, 142) and the initial colour (XXC, 152).
func checkTwoForms(t *Tournament) error {
	if t.TotalRounds > 0 && t.NumRounds > 0 && t.TotalRounds != t.NumRounds {
		return errorf(max(t.Line("XXR", 0), t.Line("142", 0)), 5, "XXR says %d rounds and 142 says %d", t.TotalRounds, t.NumRounds)
	}
	if t.InitialColour != chess.NoColour && t.InitialColour2026 != chess.NoColour && t.InitialColour != t.InitialColour2026 {
		return errorf(max(t.Line("XXC", 0), t.Line("152", 0)), 5, "XXC gives %s as the initial colour and 152 %s", t.InitialColour, t.InitialColour2026)
	}
	return nil
}

// IsTeam reports whether the file is a team tournament's: it has team records, 013 (TRF-16)
// or 310 (TRF-2026). Read keeps them as they are, in Other; this package reads the players'
// games of such a file like any other, but a round may then give several players the
// pairing-allocated bye, one for each player of the team that had it.
func (t *Tournament) IsTeam() bool {
	for _, l := range t.Other {
		if strings.HasPrefix(l, "013") || strings.HasPrefix(l, "310") {
			return true
		}
	}
	return false
}
