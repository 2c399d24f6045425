package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// A guest is a player who is not a member: one of an imported file's players, or a walk-in
// the organiser entered at the venue. Each is kept as a member row with guest set, so that a
// tournament's players are all of one kind; no login can use it (a guest has no password),
// the club's rating lists leave it out, and an admin may link it to the member who played.

// CreateGuest makes a guest member named name, in tx: a username "guest-" and random hex,
// and rating, when not 0, as the starting rating of the club list of ratingType that the
// tournament seeds with (unrated without one). It returns the guest's id.
func CreateGuest(ctx context.Context, tx *sql.Tx, name, ratingType string, rating int, now time.Time) (int64, error) {
	// The standard list starts from the rating itself, declared; a rapid or blitz list from
	// its own column (ClubRatingColumns).
	standard, status, start := members.UnratedRating, members.RatingUnrated, "rapid_declared"
	var declared any
	switch {
	case rating == 0:
	case ratingType == tournament.RatingRapid:
		declared = rating
	case ratingType == tournament.RatingBlitz:
		declared, start = rating, "blitz_declared"
	default:
		standard, status = rating, members.RatingDeclared
	}
	for attempt := 0; ; attempt++ {
		b := make([]byte, 5)
		_, _ = rand.Read(b)
		username := "guest-" + hex.EncodeToString(b)
		res, err := tx.ExecContext(ctx, "INSERT INTO members (username, username_key, password_hash, full_name, rating, rating_status, "+start+", role, guest, joined_at) VALUES (?, ?, '', ?, ?, ?, ?, 'member', ?, ?)",
			username, sqldb.Fold(username), name, standard, status, declared, true, now)
		if sqldb.IsDuplicate(err) && attempt < 3 {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("create guest: %w", err)
		}
		return res.LastInsertId()
	}
}

// SetGuestFIDE stores, in tx, guest's FIDE id and federation (0 and "" for none), as the
// FIDE report gives them.
func SetGuestFIDE(ctx context.Context, tx *sql.Tx, guest, fideID int64, federation string) error {
	var id, fed any
	if fideID != 0 {
		id = fideID
	}
	if federation != "" {
		fed = federation
	}
	if _, err := tx.ExecContext(ctx, "UPDATE members SET fide_id = ?, federation = ? WHERE id = ? AND guest = 1", id, fed, guest); err != nil {
		return fmt.Errorf("guest %d's FIDE fields: %w", guest, err)
	}
	return nil
}
