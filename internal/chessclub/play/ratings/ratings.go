// Package ratings keeps the club's ratings: it applies the rating changes of a finished
// rated tournament to its players by FIDE's rules (package rating, B.02), records each in
// the member's rating history, and reads that history.
//
// It must never import play, which calls it when a tournament finishes, or the club's other
// packages; it reads and writes the members' rating columns directly.
package ratings

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/rating"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// Store applies and reads ratings in the database. It is safe for concurrent use.
type Store struct{ db *sqldb.DB }

// NewStore returns a store over db, which must hold the Chess Club's migrated schema.
func NewStore(db *sqldb.DB) *Store { return &Store{db: db} }

// memberForRating is what the rating of one member needs from their row.
type memberForRating struct {
	id          int64
	rating      int
	status      string
	ratedGames  int
	birthYear   sql.NullInt64
	reached2400 bool
}

// Apply applies the rating changes of finished tournament f, in tx, once, at now, and
// returns the number of players whose games counted: every
// player's games against rated opponents (played over the board: no forfeits, no byes) count
// by FIDE's rules (package rating), from the ratings fixed at the start.
//
//   - A player rated at the start (rated or declared) changes by K × Σ(score − expected)
//     (rating.Change), with K from their rated games, birth year and best rating
//     (rating.K) and limited for a busy tournament (rating.LimitK). The change is added to
//     their rating as it is now, which another tournament may have changed since the start.
//   - A player unrated at the start keeps their games; once their games from every rated
//     tournament together give a first rating (rating.Initial: at least five), they get it.
//
// Each counted player gets a row in rating_history, whose primary key (member, tournament)
// makes applying a tournament twice impossible: a second attempt is a Conflict and changes
// nothing.
func (s *Store) Apply(ctx context.Context, tx *sql.Tx, f *tournament.Field, now time.Time) (int, error) {
	records := f.Records(len(f.Rounds))
	byRank := f.ByStartRank()
	year, _ := strconv.Atoi(string(f.Tournament.EndDate)[:4])
	ids := make([]int64, 0, len(f.Players))
	for _, e := range f.Players {
		ids = append(ids, e.MemberID)
	}
	slices.Sort(ids) // lock members in one order, so that two tournaments finishing at once cannot deadlock
	applied := 0
	for _, id := range ids {
		e := f.ByID[id]
		var games []rating.Game
		score := chess.Score(0)
		for _, rd := range records[id] {
			if rd.Opponent == 0 || !rd.Result.Rated() {
				continue
			}
			opp := byRank[rd.Opponent].Rating
			if opp == 0 {
				continue
			}
			games = append(games, rating.Game{OpponentRating: opp, Result: rd.Result})
			score += rd.Result.Score()
		}
		if len(games) == 0 {
			continue
		}
		m, err := s.lockMember(ctx, tx, id)
		if err != nil {
			return 0, err
		}
		h := history{member: id, games: len(games), score: score}
		if e.Rating > 0 {
			err = rateRated(ctx, tx, f, e, m, games, year, &h)
		} else {
			err = rateUnrated(ctx, tx, f, m, records[id], byRank, &h)
		}
		if err != nil {
			return 0, err
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO rating_history (member_id, tournament_id, tournament_name, games, score_halves, rating_before, rating_change, rating_after, applied_at) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", id, f.Tournament.ID, f.Tournament.Name, h.games, int(h.score), h.before, h.change, h.after, now)
		if sqldb.IsDuplicate(err) {
			return 0, f.Tournament.Conflict("The ratings of tournament %d were applied already.", f.Tournament.ID)
		}
		if err != nil {
			return 0, fmt.Errorf("rating history: %w", err)
		}
		applied++
	}
	return applied, nil
}

// history is one rating_history row in the making.
type history struct {
	member                int64
	games                 int
	score                 chess.Score
	before, change, after *int
}

func (s *Store) lockMember(ctx context.Context, tx *sql.Tx, id int64) (memberForRating, error) {
	m := memberForRating{id: id}
	err := tx.QueryRowContext(ctx, "SELECT rating, rating_status, rated_games, birth_year, reached_2400 FROM members WHERE id = ?"+s.db.Dialect.ForUpdate(), id).
		Scan(&m.rating, &m.status, &m.ratedGames, &m.birthYear, &m.reached2400)
	if err != nil {
		return m, fmt.Errorf("read member %d for ratings: %w", id, err)
	}
	return m, nil
}

// rateRated applies the change of a player who was rated at the start (B.02 8.3).
func rateRated(ctx context.Context, tx *sql.Tx, f *tournament.Field, e *tournament.Entrant, m memberForRating, games []rating.Game, year int, h *history) error {
	k := rating.K(rating.Player{Rating: e.Rating, RatedGames: m.ratedGames, Junior: junior(m.birthYear, year), Reached2400: m.reached2400})
	k = rating.LimitK(k, len(games))
	change, err := rating.Change(e.Rating, k, games)
	if err != nil {
		return fmt.Errorf("rating change of member %d: %w", m.id, err)
	}
	before, after := m.rating, m.rating+change
	h.before, h.change, h.after = &before, &change, &after
	_, err = tx.ExecContext(ctx, "UPDATE members SET rating = ?, rating_status = ?, rated_games = rated_games + ?, reached_2400 = ? WHERE id = ?",
		after, members.RatingRated, len(games), m.reached2400 || after >= 2400, m.id)
	if err != nil {
		return fmt.Errorf("update rating of member %d: %w", m.id, err)
	}
	return nil
}

// rateUnrated keeps the games of a player who was unrated at the start, and gives them their
// first rating when their games so far are enough (B.02 8.2, 7.1.4). A member who has become
// rated or declared a rating since the start keeps that rating; the games are recorded all
// the same.
func rateUnrated(ctx context.Context, tx *sql.Tx, f *tournament.Field, m memberForRating, rounds []chess.Round, byRank map[int]*tournament.Entrant, h *history) error {
	for i, rd := range rounds {
		if rd.Opponent == 0 || !rd.Result.Rated() || byRank[rd.Opponent].Rating == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO rating_games (member_id, tournament_id, round, opponent_rating, result) VALUES (?, ?, ?, ?, ?)",
			m.id, f.Tournament.ID, i+1, byRank[rd.Opponent].Rating, string(rd.Result)); err != nil {
			return fmt.Errorf("record games of member %d: %w", m.id, err)
		}
	}
	if m.status != members.RatingUnrated {
		return nil
	}
	pooled, err := ratingGames(ctx, tx, m.id)
	if err != nil {
		return err
	}
	first, ok := rating.Initial(pooled)
	if !ok {
		return nil
	}
	h.after = &first
	_, err = tx.ExecContext(ctx, "UPDATE members SET rating = ?, rating_status = ?, rated_games = ?, reached_2400 = ? WHERE id = ?",
		first, members.RatingRated, len(pooled), first >= 2400, m.id)
	if err != nil {
		return fmt.Errorf("first rating of member %d: %w", m.id, err)
	}
	return nil
}

// ratingGames returns every rated game an unrated member has played against rated
// opponents in club tournaments.
func ratingGames(ctx context.Context, tx *sql.Tx, member int64) ([]rating.Game, error) {
	rows, err := tx.QueryContext(ctx, "SELECT opponent_rating, result FROM rating_games WHERE member_id = ?", member)
	if err != nil {
		return nil, fmt.Errorf("read games of member %d: %w", member, err)
	}
	var out []rating.Game
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var g rating.Game
		var result string
		if err := rows.Scan(&g.OpponentRating, &result); err != nil {
			return err
		}
		if len(result) == 1 {
			g.Result = chess.Result(result[0])
		}
		out = append(out, g)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read games of member %d: %w", member, err)
	}
	return out, nil
}

// junior reports whether a member born in birthYear is a junior in year: until the end of
// the year of their 18th birthday (B.02 8.3.3). Without a birth year the club cannot tell,
// and counts no one as a junior.
func junior(birthYear sql.NullInt64, year int) bool {
	return birthYear.Valid && int64(year)-birthYear.Int64 <= 18
}

// Change is one line of a member's rating history.
type Change struct {
	TournamentID   int64  `json:"tournament_id"`
	TournamentName string `json:"tournament_name"`
	// Games is the number of rated games against rated opponents that counted, and Score
	// the points scored in them.
	Games int     `json:"games"`
	Score float64 `json:"score"`
	// RatingBefore, Change and Rating are the rating before the tournament counted, the
	// change, and the rating after it. For an unrated player the first two are null, and
	// Rating is their first rating, or null while their games do not yet give one.
	RatingBefore *int      `json:"rating_before"`
	Change       *int      `json:"change"`
	Rating       *int      `json:"rating"`
	AppliedAt    time.Time `json:"applied_at"`
}

// History returns the rating history of member id, oldest first.
func (s *Store) History(ctx context.Context, id int64) ([]Change, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT tournament_id, tournament_name, games, score_halves, rating_before, rating_change, rating_after, applied_at "+
		"FROM rating_history WHERE member_id = ? ORDER BY applied_at, tournament_id", id)
	if err != nil {
		return nil, fmt.Errorf("read rating history: %w", err)
	}
	out := []Change{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var c Change
		var halves int
		var before, change, after sql.NullInt64
		if err := rows.Scan(&c.TournamentID, &c.TournamentName, &c.Games, &halves, &before, &change, &after, &c.AppliedAt); err != nil {
			return err
		}
		c.Score = chess.Score(halves).Float()
		c.RatingBefore, c.Change, c.Rating = nullInt(before), nullInt(change), nullInt(after)
		c.AppliedAt = c.AppliedAt.UTC()
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read rating history: %w", err)
	}
	return out, nil
}

func nullInt(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}
