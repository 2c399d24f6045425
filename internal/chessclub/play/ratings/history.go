package ratings

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/sqldb"
)

// Change is one line of a member's rating history.
type Change struct {
	TournamentID   int64  `json:"tournament_id"`
	TournamentName string `json:"tournament_name"`
	// RatingType is the list the line belongs to, the tournament's rating type: standard,
	// rapid or blitz (FIDE keeps three lists, B.02; so does the club).
	RatingType string `json:"rating_type"`
	// Games is the number of rated games against rated opponents that counted, and Score
	// the points scored in them.
	Games int     `json:"games"`
	Score float64 `json:"score"`
	// RatingBefore, Change and Rating are the rating before the tournament counted, the
	// change, and the rating after it. For an unrated player the first two are null, and
	// Rating is their first rating, or null while their games do not yet give one.
	RatingBefore *int `json:"rating_before"`
	Change       *int `json:"change"`
	Rating       *int `json:"rating"`
	// AppliedAt is when the tournament finished.
	AppliedAt time.Time `json:"applied_at"`
	// RecomputedAt is when the line last changed after the tournament had counted, because
	// of a change to it or to a tournament before it (RecomputedBecause says which); nil for
	// a line as it was first made.
	RecomputedAt      *time.Time `json:"recomputed_at"`
	RecomputedBecause *string    `json:"recomputed_because"`
}

// History returns the rating history of member id, oldest first.
func (s *Store) History(ctx context.Context, id int64) ([]Change, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT h.tournament_id, h.tournament_name, COALESCE(t.rating_type, 'standard'), h.games, h.score_halves, "+
		"h.rating_before, h.rating_change, h.rating_after, h.applied_at, h.recomputed_at, h.recompute_reason "+
		"FROM rating_history h LEFT JOIN tournaments t ON t.id = h.tournament_id WHERE h.member_id = ? ORDER BY h.applied_at, h.tournament_id", id)
	if err != nil {
		return nil, fmt.Errorf("read rating history: %w", err)
	}
	out := []Change{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var c Change
		var halves int
		var before, change, after sql.NullInt64
		var recomputed sql.NullTime
		var because sql.NullString
		if err := rows.Scan(&c.TournamentID, &c.TournamentName, &c.RatingType, &c.Games, &halves, &before, &change, &after, &c.AppliedAt, &recomputed, &because); err != nil {
			return err
		}
		c.Score = chess.Score(halves).Float()
		c.RatingBefore, c.Change, c.Rating = nullInt(before), nullInt(change), nullInt(after)
		c.AppliedAt = c.AppliedAt.UTC()
		c.RecomputedAt, c.RecomputedBecause = sqldb.TimePtr(recomputed), sqldb.StringPtr(because)
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
