package play

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// fideRatingColumn is the members' column of a rating type's FIDE rating.
func fideRatingColumn(ratingType string) string {
	switch ratingType {
	case tournament.RatingRapid:
		return "fide_rapid"
	case tournament.RatingBlitz:
		return "fide_blitz"
	}
	return "fide_standard"
}

// fixFIDERatings sets, in tx, the FIDE rating that tournament t reports its players with
// (tournament_players.fide_rating): each player's FIDE rating of t's rating type now, when
// they are given their pairing number (member 0: every player, at the start; else the one
// late entrant). A FIDE list imported later then changes nothing of the tournament's report,
// which gives the ratings the players had when it began.
func fixFIDERatings(ctx context.Context, tx *sql.Tx, t tournament.Tournament, member int64) error {
	q := "UPDATE tournament_players SET fide_rating = (SELECT m." + fideRatingColumn(t.RatingType) +
		" FROM members m WHERE m.id = tournament_players.member_id) WHERE tournament_id = ?"
	args := []any{t.ID}
	if member != 0 {
		q += " AND member_id = ?"
		args = append(args, member)
	}
	if _, err := tx.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("fix the FIDE ratings of tournament %d: %w", t.ID, err)
	}
	return nil
}

// Report reads the tournament with id, everything in it, and its players' FIDE fields
// (by member id) in one read transaction. A player whose FIDE rating was not fixed yet (the
// tournament has not started) is given their FIDE rating of its type now. The birth dates,
// which only a member, admins and the federation may see, are read only when birthDates is
// true: the FIDE report's, an arbiter's or admin's download; the public report has none.
func (s *Tournaments) Report(ctx context.Context, id int64, birthDates bool) (*tournament.Field, map[int64]tournament.FIDEPlayer, error) {
	var f *tournament.Field
	fide := map[int64]tournament.FIDEPlayer{}
	err := s.read(ctx, func(tx *sql.Tx) error {
		t, err := storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		if f, err = storage.Field(ctx, tx, t); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, "SELECT p.member_id, COALESCE(p.fide_rating, m."+fideRatingColumn(t.RatingType)+", 0), m.fide_id, m.federation, m.title, m.sex, "+
			"m.birth_date, m.birth_year FROM tournament_players p JOIN members m ON m.id = p.member_id WHERE p.tournament_id = ?", id)
		if err != nil {
			return fmt.Errorf("read the players' FIDE fields: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var member int64
			var x tournament.FIDEPlayer
			var fideID sql.NullInt64
			var fed, title, sex, birth sql.NullString
			var birthYear sql.NullInt64
			if err := rows.Scan(&member, &x.Rating, &fideID, &fed, &title, &sex, &birth, &birthYear); err != nil {
				return fmt.Errorf("read the players' FIDE fields: %w", err)
			}
			if fideID.Valid {
				x.FIDEID = &fideID.Int64
			}
			x.Federation, x.Title, x.Sex = sqldb.StringPtr(fed), sqldb.StringPtr(title), sqldb.StringPtr(sex)
			if birthDates {
				x.BirthDate = sqldb.StringPtr(birth)
				if x.BirthDate == nil && birthYear.Valid { // a member who gave only their birth year
					y := strconv.FormatInt(birthYear.Int64, 10)
					x.BirthDate = &y
				}
			}
			fide[member] = x
		}
		return rows.Err()
	})
	return f, fide, err
}
