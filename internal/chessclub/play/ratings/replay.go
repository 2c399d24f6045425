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
	// Players are the members who played in it (the guests of imported tournaments, who are
	// not members, are left out: they are only opponents), with their games.
	Players []Participant
}

// Participant is one member playing in an Event.
type Participant struct {
	Member int64
	// FixedAt is when the tournament fixed the rating the member plays with: its start, or
	// their late entry. The replay counts with the rating the member has then, after every
	// tournament that finished by that time, as the club's events now stand: not the rating
	// stored when the tournament started, which a tournament deleted or corrected since may
	// have made.
	FixedAt time.Time
	// Games are the member's games played over the board (no forfeits, no byes) and rated:
	// those that count when the opponent is rated too.
	Games []Game
}

// Game is one game of a Participant's.
type Game struct {
	// Opponent is the opponent when they are a member playing in the same event, whose
	// rating at their FixedAt the game counts with; 0 for a guest.
	Opponent int64
	// GuestRating is a guest opponent's rating, as the tournament fixed it (the replay does
	// not rate guests); 0 for an unrated guest.
	GuestRating int
	Result      chess.Result
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
//   - Each member plays a tournament with the rating they have when it fixes it (at its
//     start, or their late entry: Participant.FixedAt), as the replay has it after the
//     tournaments that finished by then; so does each member opponent. A game counts when
//     both players are rated then (rated or declared).
//   - A player rated at the start changes by K × Σ(score − expected) (rating.Change), with K
//     from their rated games so far, birth year and best rating (rating.K), limited for a
//     busy tournament (rating.LimitK), from that rating; the change is added to their rating
//     as it is after the tournaments that finished before.
//   - A rated player whose rating drops below the floor is unrated again (rating.Delisted,
//     B.02 7.2.1): the history line shows the change and no rating after it.
//   - A player unrated at the start keeps their games; once their games from every rated
//     tournament together give a first rating (rating.Initial: at least five), they get it.
//     A member who has declared a rating since keeps it; the games are recorded all the same.
//
// It is a pure function of the bases and the events: the same bases and events always give
// the same states and lines, and a club that deletes a tournament gets the ratings of a club
// that never had it. Every base gets a state; lines come in the events' order, by member
// within a tournament.
func Replay(bases []Base, events []Event) (map[int64]State, []Line, error) {
	byMember := make(map[int64]Base, len(bases))
	states := make(map[int64]State, len(bases))
	for _, b := range bases {
		byMember[b.Member] = b
		states[b.Member] = b.start()
	}
	past := timelines{}
	var lines []Line
	for _, ev := range events {
		players := append([]Participant(nil), ev.Players...)
		sort.Slice(players, func(i, j int) bool { return players[i].Member < players[j].Member })
		// The ratings the event counts with, every player's at the time it fixed it.
		fixed := make(map[int64]State, len(players))
		for _, p := range players {
			if base, ok := byMember[p.Member]; ok {
				fixed[p.Member] = past.at(p.Member, p.FixedAt, base.start())
			}
		}
		for _, p := range players {
			base, ok := byMember[p.Member]
			if !ok {
				continue
			}
			games := countedGames(p, fixed)
			if len(games) == 0 {
				continue
			}
			st := states[p.Member]
			line := Line{Member: p.Member, Tournament: ev.Tournament, Name: ev.Name, Games: len(games), AppliedAt: ev.FinishedAt}
			for _, g := range games {
				line.Score += g.Result.Score()
			}
			if start := fixed[p.Member]; start.Status != members.RatingUnrated {
				k := rating.K(rating.Player{Rating: start.Rating, RatedGames: st.RatedGames, Junior: junior(base.BirthYear, ev.Year), Reached2400: st.Reached2400})
				k = rating.LimitK(k, len(games))
				change, err := rating.Change(start.Rating, k, games)
				if err != nil {
					return nil, nil, fmt.Errorf("rating change of member %d in tournament %d: %w", p.Member, ev.Tournament, err)
				}
				before, after := st.Rating, st.Rating+change
				line.Before, line.Change, line.After = &before, &change, &after
				st.Rating, st.Status = after, members.RatingRated
				st.RatedGames += len(games)
				st.Reached2400 = st.Reached2400 || after >= 2400
				if rating.Delisted(after) {
					// Below the floor the player is unrated again, and their next games pool
					// towards a first rating like anyone's (B.02 7.2.1); having reached 2400
					// stays true of them.
					line.After = nil
					st.Rating, st.Status, st.RatedGames, st.pool = members.UnratedRating, members.RatingUnrated, 0, nil
				}
			} else {
				st.pool = append(st.pool, games...)
				if st.Status == members.RatingUnrated {
					if first, ok := rating.Initial(st.pool); ok {
						line.After = &first
						st.Rating, st.Status, st.RatedGames, st.Reached2400 = first, members.RatingRated, len(st.pool), first >= 2400
					}
				}
			}
			states[p.Member] = st
			past.add(p.Member, ev.FinishedAt, st)
			lines = append(lines, line)
		}
	}
	return states, lines, nil
}

// start is the state a member's ratings start from: declared at the declared rating, resting
// on its games, or unrated.
func (b Base) start() State {
	if b.Declared > 0 {
		return State{Rating: b.Declared, Status: members.RatingDeclared, RatedGames: b.Games}
	}
	return State{Rating: members.UnratedRating, Status: members.RatingUnrated}
}

// countedGames returns p's games that count, each against the opponent's rating as fixed:
// a member opponent's rating at their FixedAt (none while unrated), a guest's as the
// tournament fixed it.
func countedGames(p Participant, fixed map[int64]State) []rating.Game {
	var out []rating.Game
	for _, g := range p.Games {
		opp := g.GuestRating
		if g.Opponent != 0 {
			opp = 0
			if st, ok := fixed[g.Opponent]; ok && st.Status != members.RatingUnrated {
				opp = st.Rating
			}
		}
		if g.Result.Rated() && opp > 0 {
			out = append(out, rating.Game{OpponentRating: opp, Result: g.Result})
		}
	}
	return out
}

// timelines holds, for each member, their state after each tournament that changed it, in
// the order the tournaments finished: what their rating was at any time.
type timelines map[int64][]timedState

type timedState struct {
	at time.Time
	st State
}

// add records st as member's state from at on.
func (t timelines) add(member int64, at time.Time, st State) {
	st.pool = nil // the pool is not needed of a past state, and its array is shared
	t[member] = append(t[member], timedState{at, st})
}

// at returns member's state at time at: the last recorded at or before it, else base.
func (t timelines) at(member int64, at time.Time, base State) State {
	line := t[member]
	i := sort.Search(len(line), func(i int) bool { return line[i].at.After(at) })
	if i == 0 {
		return base
	}
	return line[i-1].st
}

// junior reports whether a member born in birthYear is a junior in year: until the end of
// the year of their 18th birthday (B.02 8.3.3). Without a birth year the club cannot tell,
// and counts no one as a junior.
func junior(birthYear, year int) bool {
	return birthYear != 0 && year-birthYear <= 18
}
