package tournament

import (
	"errors"
	"fmt"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/problem"
)

// FuzzParseTiebreaks feeds arbitrary values of the standings' tiebreaks parameter to
// ParseTiebreaks: it must not panic, and it must either refuse the value with a Malformed
// problem (a 400) that says what is wrong with tiebreaks, or return a list that the
// standings of a Swiss and of a round robin rank by without an error (which would be a 500),
// with PTS first and each column once. The seeds in testdata/fuzz/FuzzParseTiebreaks run
// with every `go test`; explore with
//
//	go test ./internal/chessclub/play/tournament -run '^$' -fuzz FuzzParseTiebreaks -fuzztime 60s
func FuzzParseTiebreaks(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		specs, err := ParseTiebreaks(raw)
		if err != nil {
			var pe *problem.Error
			if !errors.As(err, &pe) || pe.Kind != problem.Malformed || len(pe.Fields) != 1 || pe.Fields["tiebreaks"] == "" {
				t.Fatalf("ParseTiebreaks(%q) = %v: want a Malformed problem that says what is wrong with tiebreaks", raw, err)
			}
			return
		}
		if len(specs) == 0 || len(specs) > tiebreak.MaxList {
			t.Fatalf("ParseTiebreaks(%q) returned %d tie-breaks", raw, len(specs))
		}
		for _, format := range []string{FormatSwiss, FormatRoundRobin} {
			st, err := standingsField(format).Standings(specs)
			if err != nil {
				t.Fatalf("ParseTiebreaks(%q) took a list the %s standings refuse: %v", raw, format, err)
			}
			if st.Tiebreaks[0] != "PTS" {
				t.Fatalf("ParseTiebreaks(%q): columns %q do not start with PTS", raw, st.Tiebreaks)
			}
			for _, row := range st.Rows {
				if len(row.Values) != len(st.Tiebreaks) { // a column twice shares one value
					t.Fatalf("ParseTiebreaks(%q): %d values for the columns %q", raw, len(row.Values), st.Tiebreaks)
				}
			}
		}
	})
}

// standingsField is a tournament of five players with two rounds played: wins, a draw, a
// forfeit, a pairing-allocated bye and a half-point bye, one player unrated.
func standingsField(format string) *Field {
	rounds := 5
	f := &Field{Tournament: Tournament{ID: 1, Format: format, Rounds: &rounds}, ByID: map[int64]*Entrant{}}
	for i := 1; i <= 5; i++ {
		e := &Entrant{MemberID: int64(10 + i), FullName: fmt.Sprintf("Player %d", i), StartRank: i, Rating: 2100 - 100*i, FirstRound: 1}
		if i == 5 {
			e.Rating = 0
		}
		f.Players = append(f.Players, e)
		f.ByID[e.MemberID] = e
	}
	result := func(r string) *string { return &r }
	f.Rounds = []*RoundRecord{
		{Number: 1, Boards: []*BoardRecord{
			{Round: 1, Number: 1, White: 11, Black: 12, Result: result(ResultWhiteWins)},
			{Round: 1, Number: 2, White: 13, Black: 14, Result: result(ResultDraw)},
		}, Byes: []*ByeRecord{{Round: 1, Member: 15, Kind: chess.PairingBye}}},
		{Number: 2, Boards: []*BoardRecord{
			{Round: 2, Number: 1, White: 15, Black: 11, Result: result(ResultBlackWins)},
			{Round: 2, Number: 2, White: 12, Black: 13, Result: result(ResultWhiteForfeit)},
		}, Byes: []*ByeRecord{{Round: 2, Member: 14, Kind: chess.HalfBye, Requested: true}}},
	}
	return f
}
