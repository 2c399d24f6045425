package web

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// Bracket is a knockout's bracket as GET /api/tournaments/{id}/bracket shows it: the rounds
// paired so far, each match in the bracket's order with its score and winner.
type Bracket struct {
	// GamesPerMatch and TieBreaks are the tournament's match format.
	GamesPerMatch int                  `json:"games_per_match"`
	TieBreaks     tournament.TieBreaks `json:"tiebreak_stages"`
	Rounds        []BracketRound       `json:"rounds"`
}

// BracketRound is one round of the bracket.
type BracketRound struct {
	Number  int            `json:"number"`
	Matches []BracketMatch `json:"matches"`
}

// BracketMatch is one match: A had White in its first game. B is nil for a bye, which A
// wins without playing.
type BracketMatch struct {
	A tournament.PlayerRef  `json:"a"`
	B *tournament.PlayerRef `json:"b,omitempty"`
	// Score is the match's score as an arbiter writes it, A's first: the games at the
	// tournament's time control, then each tie-break stage played, "1–1, rapid 1½–½". A
	// knockout of single games scores a game settled by a decider 1–0 for who went through.
	Score  string         `json:"score"`
	Stages []BracketStage `json:"stages"`
	// Boards are the round's board numbers of the match's games, game 1 first.
	Boards []int `json:"boards"`
	// Winner is nil while the match is undecided.
	Winner *tournament.PlayerRef `json:"winner,omitempty"`
}

// BracketStage is the score of one stage of a match, in points. A drawn Armageddon game
// counts as a win for Black: the stage's score is 1–0 for Black.
type BracketStage struct {
	Stage  string  `json:"stage"`
	Games  int     `json:"games"`
	Played int     `json:"played"`
	A      float64 `json:"a"`
	B      float64 `json:"b"`
}

// bracket returns the bracket of a knockout, round by round in the order knockout.Pair
// makes the matches. It returns a Conflict refusal for another format, which has none.
func bracket(f *tournament.Field) (Bracket, error) {
	t := f.Tournament
	if t.Format != tournament.FormatKnockout {
		return Bracket{}, t.Conflict("Only a knockout has a bracket; this tournament is a %s.", t.Format)
	}
	out := Bracket{GamesPerMatch: t.GamesPerMatch, TieBreaks: t.TieBreaks, Rounds: []BracketRound{}}
	byRank := f.ByStartRank()
	var winners [][]int
	for _, r := range f.Rounds {
		pairs, err := knockout.Pair(len(f.Players), winners)
		if err != nil {
			return Bracket{}, fmt.Errorf("bracket, round %d: %w", r.Number, err)
		}
		played := f.RoundMatches(r)
		br := BracketRound{Number: r.Number, Matches: make([]BracketMatch, 0, len(pairs))}
		won := make([]int, len(pairs))
		for i, p := range pairs {
			m, w, err := bracketMatch(f, played, byRank, p)
			if err != nil {
				return Bracket{}, fmt.Errorf("bracket, round %d: %w", r.Number, err)
			}
			br.Matches = append(br.Matches, m)
			won[i] = w
		}
		out.Rounds = append(out.Rounds, br)
		winners = append(winners, won)
	}
	return out, nil
}

// bracketMatch shows match p, and returns its winner's seed (0 while undecided).
func bracketMatch(f *tournament.Field, played []*tournament.MatchRecord, byRank map[int]*tournament.Entrant, p knockout.Match) (BracketMatch, int, error) {
	if p.B == 0 {
		a := f.Ref(byRank[p.A].MemberID)
		return BracketMatch{A: a, Score: "bye", Stages: []BracketStage{}, Boards: []int{}, Winner: &a}, p.A, nil
	}
	for _, m := range played {
		a, b := f.ByID[m.A].StartRank, f.ByID[m.B].StartRank
		if (a != p.A || b != p.B) && (a != p.B || b != p.A) {
			continue
		}
		st, err := f.Score(m)
		if err != nil {
			return BracketMatch{}, 0, err
		}
		ra, rb := f.Ref(m.A), f.Ref(m.B)
		out := BracketMatch{A: ra, B: &rb, Stages: []BracketStage{}, Boards: []int{}}
		var parts []string
		for i, s := range st.Stages {
			out.Stages = append(out.Stages, BracketStage{Stage: string(s.Stage), Games: s.Games, Played: s.Played,
				A: float64(s.AHalves) / 2, B: float64(s.BHalves) / 2})
			score := halves(s.AHalves) + "–" + halves(s.BHalves)
			if i > 0 {
				score = string(s.Stage) + " " + score
			}
			parts = append(parts, score)
		}
		out.Score = strings.Join(parts, ", ")
		for _, bd := range m.Boards {
			out.Boards = append(out.Boards, bd.Number)
		}
		if !st.Decided {
			return out, 0, nil
		}
		w := &ra
		if st.Winner == 'B' {
			w = &rb
		}
		out.Winner = w
		return out, w.StartRank, nil
	}
	return BracketMatch{}, 0, fmt.Errorf("no board for %d v %d", p.A, p.B)
}

// halves writes a score of n half points as an arbiter does: 1½, ½, 2.
func halves(n int) string {
	switch {
	case n == 1:
		return "½"
	case n%2 == 1:
		return fmt.Sprintf("%d½", n/2)
	}
	return fmt.Sprint(n / 2)
}
