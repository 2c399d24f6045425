package web

import "campus.example/apps/internal/chessclub/play/tournament"

// Schedule is a round robin's every round, paired or not: the Berger tables of FIDE's
// Handbook (C.05 Annex 1) by pairing number, which fix the whole event at the start, so that
// players and spectators can see who meets whom, with which colour, in every round ahead.
type Schedule struct {
	Rounds []ScheduledRound `json:"rounds"`
}

// ScheduledRound is one round of a Schedule.
type ScheduledRound struct {
	Number int `json:"number"`
	// Paired is true once the round is paired; its boards then carry the results.
	Paired bool            `json:"paired"`
	Games  []ScheduledGame `json:"games"`
	// Free is the player who has the free round of an odd field (C.05 Annex 1: whoever meets
	// the missing last number), nil in an even one.
	Free *tournament.PlayerRef `json:"free"`
}

// ScheduledGame is one game of a ScheduledRound, in board order.
type ScheduledGame struct {
	Board int                  `json:"board"`
	White tournament.PlayerRef `json:"white"`
	Black tournament.PlayerRef `json:"black"`
}

// Schedule builds the Schedule of a round robin that has started. It returns a Conflict for
// another format (a Swiss and a knockout pair each round from the results before it) and
// before the start, when the pairing numbers the tables use are not fixed yet.
func schedule(f *tournament.Field) (Schedule, error) {
	t := f.Tournament
	if t.Format != tournament.FormatRoundRobin {
		return Schedule{}, t.Conflict("Only a round robin is scheduled in advance; this tournament is a %s.", t.Format)
	}
	if t.State == tournament.StateOpen {
		return Schedule{}, t.Conflict("The schedule is fixed at the start, when the players get their pairing numbers.")
	}
	byRank := f.ByStartRank()
	rounds, err := tournament.RoundRobinSchedule(len(byRank), t.DoubleRoundRobin)
	if err != nil {
		return Schedule{}, err
	}
	out := Schedule{Rounds: make([]ScheduledRound, 0, len(rounds))}
	for i, pairs := range rounds {
		sr := ScheduledRound{Number: i + 1, Paired: i < len(f.Rounds), Games: []ScheduledGame{}}
		for _, p := range pairs {
			white := f.Ref(byRank[p.White].MemberID)
			if p.Black == 0 {
				sr.Free = &white
				continue
			}
			sr.Games = append(sr.Games, ScheduledGame{Board: len(sr.Games) + 1, White: white, Black: f.Ref(byRank[p.Black].MemberID)})
		}
		out.Rounds = append(out.Rounds, sr)
	}
	return out, nil
}
