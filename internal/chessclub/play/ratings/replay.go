package ratings

import (
	"fmt"
	"sort"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/rating"
	"campus.example/apps/internal/chessclub/members"
)

// Base is what a member's rating starts from before any rated game counts: a declared rating
// or none, and the birth year that makes a junior.
type Base struct {
	Member int64
	// Declared is the rating the member declared (a federation rating), 0 for none, and
	// Games the rated games it rests on.
	Declared, Games int
	// BirthYear is 0 when the member gave none.
	BirthYear int
}

// Event is one finished rated tournament, as the replay sees it.
type Event struct {
	Tournament int64
	Name       string
	// Year is the year the tournament ended, which decides who is a junior (B.02 8.3.3).
	Year       int
	FinishedAt time.Time
	// Players are the members who played in it (players of imported tournaments who are not
	// members are left out), with their games.
	Players []Participant
}

// Participant is one player of an Event.
type Participant struct {
	Member int64
	// StartRating is the rating the tournament counted with, fixed at its start: 0 for a
	// player who was unrated then.
	StartRating int
	// Games are the player's rated games against rated opponents, played over the board
	// (no forfeits, no byes): the games that count.
	Games []rating.Game
}

// State is a member's rating after the replay.
type State struct {
	Rating int
	// Status is members.RatingUnrated, RatingDeclared or RatingRated.
	Status      string
	RatedGames  int
	Reached2400 bool
	// pool holds the games of a member still without a first rating (B.02 7.1.4 pools
	// them across tournaments).
	pool []rating.Game
}

// Line is one line of a member's rating history: what one tournament did to their rating.
type Line struct {
	Member, Tournament int64
	Name               string
	Games              int
	Score              chess.Score
	// Before, Change and After are the rating before the tournament counted, the change, and
	// the rating after it; for a player unrated at the start the first two are nil, and After
	// is their first rating, or nil while their games do not yet give one. After is nil too
	// when the change took a rated player below the floor (rating.Delisted).
	Before, Change, After *int
	// AppliedAt is when the tournament finished.
	AppliedAt time.Time
}

// Replay computes the club ratings from the members' bases and the rated tournaments in the
// order they finished (events must be in that order), by FIDE's rules (package rating):
//
//   - A player rated at the start (rated or declared) changes by K × Σ(score − expected)
//     (rating.Change), with K from their rated games so far, birth year and best rating
//     (rating.K), limited for a busy tournament (rating.LimitK), from the rating fixed at the
//     start; the change is added to their rating as it is after the tournaments that
//     finished before.
//   - A rated player whose rating drops below the floor is unrated again (rating.Delisted,
//     B.02 7.2.1): the history line shows the change and no rating after it.
//   - A player unrated at the start keeps their games; once their games from every rated
//     tournament together give a first rating (rating.Initial: at least five), they get it.
//     A member who has declared a rating since keeps it; the games are recorded all the same.
//
// It is a pure function: the same bases and events always give the same states and lines.
// Every base gets a state; lines come in the events' order, by member within a tournament.
func Replay(bases []Base, events []Event) (map[int64]State, []Line, error) {
	byMember := make(map[int64]Base, len(bases))
	states := make(map[int64]State, len(bases))
	for _, b := range bases {
		byMember[b.Member] = b
		st := State{Rating: members.UnratedRating, Status: members.RatingUnrated}
		if b.Declared > 0 {
			st.Rating, st.Status, st.RatedGames = b.Declared, members.RatingDeclared, b.Games
		}
		states[b.Member] = st
	}
	var lines []Line
	for _, ev := range events {
		players := append([]Participant(nil), ev.Players...)
		sort.Slice(players, func(i, j int) bool { return players[i].Member < players[j].Member })
		for _, p := range players {
			base, ok := byMember[p.Member]
			if !ok || len(p.Games) == 0 {
				continue
			}
			st := states[p.Member]
			line := Line{Member: p.Member, Tournament: ev.Tournament, Name: ev.Name, Games: len(p.Games), AppliedAt: ev.FinishedAt}
			for _, g := range p.Games {
				line.Score += g.Result.Score()
			}
			if p.StartRating > 0 {
				k := rating.K(rating.Player{Rating: p.StartRating, RatedGames: st.RatedGames, Junior: junior(base.BirthYear, ev.Year), Reached2400: st.Reached2400})
				k = rating.LimitK(k, len(p.Games))
				change, err := rating.Change(p.StartRating, k, p.Games)
				if err != nil {
					return nil, nil, fmt.Errorf("rating change of member %d in tournament %d: %w", p.Member, ev.Tournament, err)
				}
				before, after := st.Rating, st.Rating+change
				line.Before, line.Change, line.After = &before, &change, &after
				st.Rating, st.Status = after, members.RatingRated
				st.RatedGames += len(p.Games)
				st.Reached2400 = st.Reached2400 || after >= 2400
				if rating.Delisted(after) {
					// Below the floor the player is unrated again, and their next games pool
					// towards a first rating like anyone's (B.02 7.2.1); having reached 2400
					// stays true of them.
					line.After = nil
					st.Rating, st.Status, st.RatedGames, st.pool = members.UnratedRating, members.RatingUnrated, 0, nil
				}
			} else {
				st.pool = append(st.pool, p.Games...)
				if st.Status == members.RatingUnrated {
					if first, ok := rating.Initial(st.pool); ok {
						line.After = &first
						st.Rating, st.Status, st.RatedGames, st.Reached2400 = first, members.RatingRated, len(st.pool), first >= 2400
					}
				}
			}
			states[p.Member] = st
			lines = append(lines, line)
		}
	}
	return states, lines, nil
}

// junior reports whether a member born in birthYear is a junior in year: until the end of
// the year of their 18th birthday (B.02 8.3.3). Without a birth year the club cannot tell,
// and counts no one as a junior.
func junior(birthYear, year int) bool {
	return birthYear != 0 && year-birthYear <= 18
}
