package web

import (
	"fmt"

	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// PlayerCard is one player's tournament as anyone may see it: the entry, each round's
// opponent, colour and result, the points and the performance rating. It is built from the
// tournament's own data alone, so it shows nothing of the member's private fields (no
// username, email or birth year); a spectator reads it without an account.
type PlayerCard struct {
	Player tournament.Player `json:"player"`
	// Points counts every round paired, a game still being played as nothing yet.
	Points float64 `json:"points"`
	// Performance is the tournament performance rating (FIDE C.07 10.2, TPR) over the rounds
	// that have all their results; nil while the player has no game against a rated opponent,
	// and while any player of the tournament is unrated (C.07 10: the rating tie-breaks count
	// only where every player has a rating).
	Performance *int        `json:"performance"`
	Rounds      []CardRound `json:"rounds"`
}

// CardRound is one round of a PlayerCard.
type CardRound struct {
	Round int `json:"round"`
	// Opponent is nil for a bye.
	Opponent *tournament.PlayerRef `json:"opponent"`
	// Colour is "white" or "black", nil for a bye.
	Colour *string `json:"colour"`
	// Result is the TRF-2026 code of what the round gave the player, as in the crosstable;
	// nil while the game has no result.
	Result *string  `json:"result"`
	Points *float64 `json:"points"`
}

// performanceList is the tie-break list whose second item computes the performance rating
// (C.07 10.2).
const performanceList = "PTS,TPR"

// playerCard builds member's card. It returns a NotFound refusal when member has not
// entered the tournament.
func playerCard(f *tournament.Field, member int64) (PlayerCard, error) {
	e, ok := f.ByID[member]
	if !ok {
		return PlayerCard{}, problem.New(problem.NotFound, "Member %d has not entered tournament %d.", member, f.Tournament.ID)
	}
	card := PlayerCard{Player: f.PlayerView(e), Rounds: []CardRound{}}
	if e.StartRank == 0 {
		return card, nil
	}
	byRank := f.ByStartRank()
	for _, row := range crosstable(f).Players {
		if row.Player.MemberID != member {
			continue
		}
		card.Points = row.Points
		for _, c := range row.Rounds {
			cr := CardRound{Round: c.Round, Colour: c.Colour, Result: c.Result, Points: c.Points}
			if c.Opponent != nil {
				ref := f.Ref(byRank[*c.Opponent].MemberID)
				cr.Opponent = &ref
			}
			card.Rounds = append(card.Rounds, cr)
		}
	}
	perf, err := performance(f, member)
	if err != nil {
		return PlayerCard{}, err
	}
	card.Performance = perf
	return card, nil
}

// performance is member's TPR over the complete rounds, computed with the standings'
// tie-break so that the card and a TPR column of the standings agree.
func performance(f *tournament.Field, member int64) (*int, error) {
	specs, err := tiebreak.ParseList(performanceList)
	if err != nil {
		return nil, fmt.Errorf("performance of member %d: %w", member, err)
	}
	st, err := f.Standings(specs)
	if err != nil {
		return nil, fmt.Errorf("performance of member %d: %w", member, err)
	}
	for _, row := range st.Rows {
		if v := row.Values["TPR"]; row.Player.MemberID == member && v.OK() {
			n := int(v.Float64())
			return &n, nil
		}
	}
	return nil, nil
}
