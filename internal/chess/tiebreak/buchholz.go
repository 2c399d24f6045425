package tiebreak

// contribution is one round's part in a Buchholz or Sonneborn-Berger sum, as the cut modifiers
// need it (C.07 14, 16.5).
type contribution struct {
	score int64 // the opponent's adjusted score, or the dummy opponent's, in half points
	value int64 // what the round adds: score (Buchholz, half points) or score × points (SB, quarters)
	round int32 // the round, from 0 (int32 keeps the struct at 24 bytes)
	vur   bool  // the round is one of the player's voluntary unplayed rounds (16.1.2)
	game  bool  // the round counts as a game against its real opponent, not a dummy (16.4)
}

// contributions lists a player's rounds for Buchholz (C.07 8.1), Fore Buchholz (8.3) or
// Sonneborn-Berger (9.1, sb true), given every player's adjusted score adj (16.3):
//
//   - a game played over the board counts the opponent's adjusted score (times the points
//     scored against them for SB);
//   - a forfeit counts as such a game in a round robin (15.2) or with /P, and in the last round
//     for Fore Buchholz (8.3: every game paired for the last round is taken as played);
//   - any other round of a Swiss event is a game against a dummy opponent whose score is the
//     player's own (16.4), capped by the 2026 rules at the forfeit opponent's adjusted score
//     for a forfeit (16.4.1) and at a draw's points times the number of rounds for a bye
//     (16.4.2); the 2024 rules have no caps;
//   - in a round robin a round without an opponent (the free round of an odd field) is left
//     out, and any other unplayed round counts 0.
func (c *calc) contributions(e *entrant, adj []int64, played, fore, sb bool) []contribution {
	n := len(e.rounds)
	own := int64(e.points)
	if fore {
		own = c.ownFore(e)
	}
	out := make([]contribution, 0, n)
	for i, r := range e.rounds {
		asGame := r.opp >= 0 && (r.otb() || played || c.format == RoundRobin || (fore && i == n-1))
		ct := contribution{vur: r.vur(), round: int32(i)}
		switch {
		case asGame:
			ct.score, ct.vur, ct.game = adj[r.opp], false, true
		case c.format == RoundRobin:
			if r.opp < 0 {
				continue
			}
		case c.rules == Rules2024:
			ct.score = own // 16.4 (2024): the player's own score
		case r.opp >= 0:
			ct.score = min(own, adj[r.opp]) // 16.4, capped by 16.4.1 (2026)
		default:
			ct.score = min(own, int64(c.pts.Draw)*int64(c.rounds)) // 16.4, capped by 16.4.2 (2026): a draw × rounds
		}
		ct.value = ct.score
		if sb {
			ct.value *= int64(r.points)
		}
		out = append(out, ct)
	}
	return out
}

// buchholz computes BH (C.07 8.1), FB (8.3) or SB (9.1) for every player, with the spec's cut
// modifiers (14, 16.5).
//
// TieBreakServer 1.9.57 keeps, after a Fore Buchholz, the Fore view of each player's last round
// for the tie-breaks computed after it in the same list, so that a Buchholz or SB listed after
// FB can differ from the same one listed alone. A tie-break's value cannot depend on the list
// it is in; here each is computed on its own.
func (c *calc) buchholz(s Spec) []Value {
	fore := s.Name == "FB"
	sb := s.Name == "SB"
	adj := make([]int64, len(c.es))
	for i := range c.es {
		adj[i] = c.adjusted(&c.es[i], fore)
	}
	out := make([]Value, len(c.es))
	for i := range c.es {
		cs := c.contributions(&c.es[i], adj, s.Played, fore, sb)
		sum := cut(cs, s.Low, s.High, c.rounds, sb)
		if sb {
			out[i] = quarters(sum)
		} else {
			out[i] = halves(sum)
		}
	}
	return out
}

// averageOfBuchholz computes AOB (C.07 8.2): the average of the Buchholz (with /F, the Fore
// Buchholz) of the opponents met over the board, each meeting counted (4.4), to two decimals,
// halves rounded up; no value without such a game.
func (c *calc) averageOfBuchholz(s Spec) []Value {
	base := Spec{Name: "BH", KoyaPercent: 50}
	if s.Fore {
		base.Name = "FB"
	}
	bh := c.buchholz(base)
	out := make([]Value, len(c.es))
	for i := range c.es {
		var sum, n int64
		for _, r := range c.es[i].rounds {
			if r.otb() {
				sum += bh[r.opp].units // tenths of a point
				n++
			}
		}
		if n == 0 {
			out[i] = none(2)
			continue
		}
		out[i] = value(roundHalfUp(sum*10, n), 2)
	}
	return out
}

// roundHalfUp returns n/d rounded to the nearest whole number, halves up; d > 0, n ≥ 0.
func roundHalfUp(n, d int64) int64 { return (2*n + d) / (2 * d) }
