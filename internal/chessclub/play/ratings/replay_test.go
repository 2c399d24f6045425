package ratings

import (
	"testing"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/members"
)

// games are n games of result against guests rated r.
func games(n int, result chess.Result, r int) []Game {
	out := make([]Game, n)
	for i := range out {
		out[i] = Game{GuestRating: r, Result: result}
	}
	return out
}

// TestReplayBelowTheFloor: a player declared at 1405 who loses five games to 1800s drops
// below 1400 and is unrated again (B.02 7.2.1): the line shows the change and no rating, and
// the games of the next tournaments pool towards a first rating, from nothing, as anyone's.
func TestReplayBelowTheFloor(t *testing.T) {
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	wins := games(5, chess.Win, 1600)
	day := 24 * time.Hour
	events := []Event{
		{Tournament: 1, Name: "Spring", Year: 2026, FinishedAt: at, Players: []Participant{{Member: 7, FixedAt: at.Add(-time.Hour), Games: games(5, chess.Loss, 1800)}}},
		{Tournament: 2, Name: "Summer", Year: 2026, FinishedAt: at.Add(day), Players: []Participant{{Member: 7, FixedAt: at.Add(day - time.Hour), Games: wins[:3]}}},
		{Tournament: 3, Name: "Autumn", Year: 2026, FinishedAt: at.Add(2 * day), Players: []Participant{{Member: 7, FixedAt: at.Add(2*day - time.Hour), Games: wins[3:]}}},
	}
	states, lines, err := Replay([]Base{{Member: 7, Declared: 1405, Games: 40}}, events)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3", len(lines))
	}
	// K 20 (40 games, an adult under 2400); D = −395 → PD 0.08 a game: 20 × 5 × −0.08 = −8,
	// and 1397 is below the floor.
	if l := lines[0]; l.Before == nil || *l.Before != 1405 || l.Change == nil || *l.Change != -8 || l.After != nil {
		t.Errorf("the fall below the floor: before %v, change %v, after %v", deref(l.Before), deref(l.Change), deref(l.After))
	}
	if l := lines[1]; l.Before != nil || l.After != nil {
		t.Errorf("three games after the fall give no rating yet: %+v", l)
	}
	// Five wins against 1600, pooled: with the two draws against 1800, Ra = 1657.14, p = 6/7
	// = 0.86 → dp 309: 1966.14 → 1966.
	if l := lines[2]; l.After == nil || *l.After != 1966 {
		t.Errorf("the first rating again: %v", deref(l.After))
	}
	if st := states[7]; st.Status != members.RatingRated || st.Rating != 1966 || st.RatedGames != 5 {
		t.Errorf("state: %+v", st)
	}

	// Stopped after the fall, the player is unrated, with the placeholder rating.
	states, _, err = Replay([]Base{{Member: 7, Declared: 1405, Games: 40}}, events[:1])
	if err != nil {
		t.Fatal(err)
	}
	if st := states[7]; st.Status != members.RatingUnrated || st.Rating != members.UnratedRating || st.RatedGames != 0 {
		t.Errorf("after the fall: %+v", st)
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
