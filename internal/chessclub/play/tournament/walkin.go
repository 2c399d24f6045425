package tournament

// A walk-in is a player the organiser enters at the venue, without an account: a guest, as
// the players of an imported file are. Clubs have them every night — a visitor, a new
// student, someone whose phone is flat — and their games are the tournament's like anyone's.
// Nobody's record is touched: an admin may later link the guest to the member who played
// (as for an imported file's guests), and only then do the games count for that member.
type WalkIn struct {
	// FullName is the player's name as the pairings show it.
	FullName string
	// Rating is the starting rating the organiser gives (a federation rating, say), which
	// seeds the player; 0 is unrated.
	Rating int
	// FIDEID is the player's FIDE id, for the FIDE report; 0 is none.
	FIDEID int64
	// Federation is the FIDE code of the player's federation, such as "ENG"; "" is none.
	Federation string
}

// Limits on a walk-in's fields: those of a member's own (members.MaxFullName,
// MinDeclaredRating, MaxDeclaredRating, MaxFIDEID), since a guest is kept as a member row.
const (
	MaxWalkInName   = 100
	MinWalkInRating = 100
	MaxWalkInRating = 3000
	// MaxFIDEID is the largest FIDE id: the eleven columns (58-68) of a TRF player record.
	MaxFIDEID = 99_999_999_999
)
