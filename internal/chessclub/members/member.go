// Package members keeps the club's members: who they are (Member), what they may register
// with and change of themselves (Registration, RatingInput), their roles, the members
// table (Store), and the endpoints that list, show and change members (Service), with the
// list's short cache (cache.go).
//
// It builds on photos (a member's photo URLs) and play (the rating states); it must never
// import auth, which builds on it, or the package root, which wires it.
package members

import (
	"encoding/json"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/jsonhttp"
)

// A member's rating status.
const (
	// RatingUnrated: no rating yet. The member's rating column holds the club's placeholder
	// (1200), which nothing counts with; the first rating comes from their rated games by the
	// FIDE method once there are enough (rating.Initial).
	RatingUnrated = "unrated"
	// RatingDeclared: the member declared a starting rating (a federation rating, say) and
	// has not yet played a rated game; it counts as a rating.
	RatingDeclared = "declared"
	// RatingRated: the rating comes from rated games in club tournaments.
	RatingRated = "rated"
)

// UnratedRating is the rating column of an unrated member: a placeholder, shown by the API
// beside the status "unrated", that nothing counts with.
const UnratedRating = 1200

// Roles a member may have.
const (
	// RoleMember is every member's: they enter tournaments, organise unrated ones, and keep
	// their own record.
	RoleMember = "member"
	// RoleArbiter is given and taken back by admins: an arbiter directs the club's events
	// (creates and runs rated tournaments, enters members directly, corrects results after
	// a finish).
	RoleArbiter = "arbiter"
	// RoleAdmin may do everything an arbiter may, and manage members; it is given on the
	// command line.
	RoleAdmin = "admin"
)

// Limits on member fields, in characters.
const (
	MinPassword   = 8
	MaxPassword   = 128
	MaxFullName   = 100
	MaxEmail      = 254
	DefaultRating = UnratedRating
	// MinDeclaredRating and MaxDeclaredRating bound a rating a member declares: national
	// ratings go lower than FIDE's floor of 1400, and nobody is above 3000.
	MinDeclaredRating = 100
	MaxDeclaredRating = 3000
	// MaxDeclaredGames bounds the rated games a declared rating rests on.
	MaxDeclaredGames = 9999
	// MinBirthYear and MaxBirthYear bound a birth year.
	MinBirthYear = 1900
	MaxBirthYear = 2100
)

// usernamePattern is checked against the username as given (trimmed), before any case
// folding: Unicode lower-casing maps the Kelvin sign to "k" and "İ" to "i̇", so a pattern
// checked after folding would let those through. Letters of either case are accepted, and
// two names that differ only in case are the same member.
var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,32}$`)

// ValidUsername reports whether s, trimmed, is a username a member may have.
func ValidUsername(s string) bool { return usernamePattern.MatchString(s) }

// Member is a club member as the API shows it. It never holds a password or its hash.
type Member struct {
	ID int64 `json:"id"`
	// Username is kept as registered; it is unique without regard to case.
	Username string `json:"username"`
	FullName string `json:"full_name"`
	// Email is nil when the member gave none, and is removed by Public for other viewers.
	Email *string `json:"email,omitempty"`
	// Rating is the club rating. For an unrated member (RatingStatus "unrated") it is
	// DefaultRating, a placeholder that nothing counts with.
	Rating int `json:"rating"`
	// RatingStatus is RatingUnrated, RatingDeclared (a starting rating the member
	// gave, until their first rated game) or RatingRated (from rated club games).
	RatingStatus string `json:"rating_status"`
	// RatedGames counts the rated games that made the rating, those a declared rating rests
	// on included: K is 40 until 30 (FIDE B.02 8.3.3).
	RatedGames int `json:"rated_games"`
	// DeclaredGames is the number of rated games the member's declared rating rests on (0
	// without a declared rating).
	DeclaredGames int `json:"declared_games"`
	// Rapid and Blitz are the member's ratings on the club's rapid and blitz lists, which
	// the rated tournaments of those rating types make (FIDE rates them apart, B.02); Rating,
	// RatingStatus and RatedGames are the standard list's.
	Rapid ClubRating `json:"club_rating_rapid"`
	Blitz ClubRating `json:"club_rating_blitz"`
	// BirthYear makes a junior (K 40 under 2300, until the end of the year they turn 18);
	// nil when not given. Like Email, only the member and admins see it.
	BirthYear *int `json:"birth_year,omitempty"`
	// Guest is true for a player imported from a TRF file: a member record for their games,
	// without a password, who cannot log in.
	Guest bool `json:"guest"`
	// Role is RoleMember, RoleArbiter or RoleAdmin.
	Role string `json:"role"`
	// PhotoURL is the path of the member's photo, nil until one is stored.
	PhotoURL *string `json:"photo_url"`
	// ThumbnailURL is the path of the photo's thumbnail (ThumbSide pixels square), for
	// lists; nil until a photo is stored.
	ThumbnailURL *string   `json:"thumbnail_url"`
	JoinedAt     time.Time `json:"joined_at"`
	// FIDE are the fields FIDE's rating officers need (fide.go); the birth date and national
	// id are seen only by the member and admins.
	FIDE
}

// ClubRating is a member's rating on one of the club's rapid and blitz lists.
type ClubRating struct {
	// Rating is DefaultRating, a placeholder, while Status is RatingUnrated.
	Rating int `json:"rating"`
	// Status is RatingUnrated, RatingDeclared (the member's FIDE rating of the type, which
	// the list starts from, until their first rated game of it) or RatingRated.
	Status     string `json:"rating_status"`
	RatedGames int    `json:"rated_games"`
}

// unratedClub is a new member's rapid and blitz rating.
var unratedClub = ClubRating{Rating: DefaultRating, Status: RatingUnrated}

// IsAdmin reports whether the member has the admin role.
func (m Member) IsAdmin() bool { return m.Role == RoleAdmin }

// IsArbiter reports whether the member has the arbiter role.
func (m Member) IsArbiter() bool { return m.Role == RoleArbiter }

// Caller is the member as the parts of the API that decide what a caller may do see them.
func (m Member) Caller() api.Caller {
	return api.Caller{ID: m.ID, Username: m.Username, Admin: m.IsAdmin(), Arbiter: m.IsArbiter()}
}

// VisibleTo returns m as viewer may see it: the email address, the birth year and date and
// the national id are shown only to the member themself and to admins. The rest of the FIDE
// fields (id, federation, title, sex, ratings) are what FIDE publishes of every rated player,
// and what a pairing list shows.
func (m Member) VisibleTo(viewer Member) Member {
	if viewer.ID != m.ID && !viewer.IsAdmin() {
		m.Email = nil
		m.BirthYear = nil
		m.BirthDate = nil
		m.NationalID = nil
	}
	return m
}

// Registration is the body of POST /api/user.
type Registration struct {
	Username string
	Password string
	FullName string
	Email    *string
	// DeclaredRating is a starting rating the member declares (a federation rating); nil
	// leaves them unrated.
	DeclaredRating *int
	// DeclaredGames is the number of rated games the declared rating rests on, which decides
	// the K factor of the member's first rated games in the club (B.02 8.3.3: 40 until 30
	// games); nil is 0. Only with a declared rating.
	DeclaredGames *int
	BirthYear     *int
	// SignedUpBy is the arbiter or admin who registered the member for them (a club night,
	// a class signed up from the organiser's laptop); the zero Actor when the member
	// registered themself. The audit trail names whoever made the record.
	SignedUpBy audit.Actor
}

// DecodeRegistration validates a registration. It returns a validation problem naming every
// bad or unknown field.
func DecodeRegistration(obj jsonhttp.Object) (Registration, error) {
	f := jsonhttp.NewFields(obj)
	username := f.String("username")
	if _, failed := f.Errors["username"]; !failed {
		switch {
		case username == nil || *username == "":
			f.Fail("username", "is required")
		case !ValidUsername(*username):
			f.Fail("username", "must be 3 to 32 characters of a-z, 0-9, _, . and -")
		}
	}
	password := rawPassword(f, obj)
	fullName := f.Line("full_name", 1, MaxFullName, true)
	email := f.Line("email", 0, MaxEmail, false)
	if email != nil && !validEmail(*email) {
		f.Fail("email", "must be a valid email address such as name@example.org")
	}
	declared := intField(f, "declared_rating", MinDeclaredRating, MaxDeclaredRating)
	games := intField(f, "declared_games", 0, MaxDeclaredGames)
	if games != nil && declared == nil {
		f.Fail("declared_games", "goes with a declared_rating")
	}
	birthYear := intField(f, "birth_year", MinBirthYear, MaxBirthYear)
	f.RejectUnknown("id", "rating", "rating_status", "rated_games", "guest", "role", "photo_url", "thumbnail_url", "joined_at")
	if err := f.Err(); err != nil {
		return Registration{}, err
	}
	return Registration{Username: *username, Password: password, FullName: *fullName, Email: email, DeclaredRating: declared, DeclaredGames: games, BirthYear: birthYear}, nil
}

// RatingInput is the body of PATCH /api/members/{id}: a merge patch of the member's
// declared rating, the rated games it rests on, birth year, and FIDE fields. Set* say which
// fields the patch names; a named field with a nil value removes it.
type RatingInput struct {
	SetDeclared, SetDeclaredGames, SetBirthYear bool
	DeclaredRating, DeclaredGames, BirthYear    *int
	FIDE                                        FIDEInput
}

// DecodeRatingInput validates the body of PATCH /api/members/{id}.
func DecodeRatingInput(obj jsonhttp.Object) (RatingInput, error) {
	f := jsonhttp.NewFields(obj)
	in := RatingInput{SetDeclared: f.Has("declared_rating"), SetDeclaredGames: f.Has("declared_games"), SetBirthYear: f.Has("birth_year")}
	in.DeclaredRating = intField(f, "declared_rating", MinDeclaredRating, MaxDeclaredRating)
	in.DeclaredGames = intField(f, "declared_games", 0, MaxDeclaredGames)
	in.BirthYear = intField(f, "birth_year", MinBirthYear, MaxBirthYear)
	in.FIDE = decodeFIDE(f)
	if in.SetBirthYear && in.FIDE.Set["birth_date"] {
		_, yearFailed := f.Errors["birth_year"]
		_, dateFailed := f.Errors["birth_date"]
		if !yearFailed && !dateFailed && !sameYear(in.BirthYear, in.FIDE.BirthDate) {
			f.Fail("birth_year", "must be the year of birth_date")
		}
	}
	f.RejectUnknown("id", "username", "full_name", "email", "rating", "rating_status", "rated_games", "guest", "role", "photo_url", "thumbnail_url", "joined_at")
	if err := f.Err(); err != nil {
		return RatingInput{}, err
	}
	return in, nil
}

// sameYear reports whether year is the year of date, both nil counting as the same.
func sameYear(year *int, date *string) bool {
	if year == nil || date == nil {
		return year == nil && date == nil
	}
	y, _ := BirthYearOf(*date)
	return y == *year
}

// intField decodes an optional integer member within [lo, hi] as an *int.
func intField(f *jsonhttp.Fields, name string, lo, hi int64) *int {
	v := f.Int(name, lo, hi)
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}

// rawPassword decodes the password without trimming it: spaces are part of a password.
// It is shared by registration and login.
func rawPassword(f *jsonhttp.Fields, obj jsonhttp.Object) string {
	f.Ignore("password")
	raw, ok := obj["password"]
	if !ok || string(raw) == "null" {
		f.Fail("password", "is required")
		return ""
	}
	var pw string
	if err := json.Unmarshal(raw, &pw); err != nil {
		f.Fail("password", "must be a string")
		return ""
	}
	if n := utf8.RuneCountInString(pw); n < MinPassword || n > MaxPassword {
		f.Fail("password", "must be %d to %d characters long", MinPassword, MaxPassword)
	}
	return pw
}

// validEmail accepts a bare address (no display name) with a dotted domain.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
