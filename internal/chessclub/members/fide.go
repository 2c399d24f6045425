package members

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"campus.example/apps/internal/jsonhttp"
)

// Limits and forms of the FIDE fields.
const (
	// MaxFIDEID is the largest FIDE id: the eleven columns (58-68) of a TRF player record.
	MaxFIDEID = 99_999_999_999
	// MinFIDERating and MaxFIDERating bound a FIDE rating: no list has had one below 1000
	// (the floor is 1400 since March 2024), and nobody is above 3000.
	MinFIDERating = 1000
	MaxFIDERating = 3000
	// MinNationalRating and MaxNationalRating bound a national rating, which goes lower than
	// FIDE's floor, like a declared one.
	MinNationalRating = MinDeclaredRating
	MaxNationalRating = MaxDeclaredRating
	// MaxNationalID is the length of a national federation's player id.
	MaxNationalID = 20
	// SexMan and SexWoman are TRF's letters for a player's sex (column 10 of a 001 record).
	SexMan   = "m"
	SexWoman = "w"
)

// Titles are the titles a player record may carry (TRF, column 11-13 of a 001 record, as
// FIDE's C.04 Annex 2 lists them): the open titles and the women's titles of the Title
// Regulations (B.01). Arbiters' titles (IA, FA) are not players' titles: they go with an
// arbiter's name in a tournament's 102 and 112 records.
var Titles = []string{"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}

// ValidTitle reports whether t is one of Titles.
func ValidTitle(t string) bool {
	for _, v := range Titles {
		if v == t {
			return true
		}
	}
	return false
}

var (
	federationPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	nationalIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_./-]{0,19}$`)
)

// ValidFederation reports whether s has the form of a FIDE federation code: three capital
// letters (FIDE's own list, which changes, is not checked).
func ValidFederation(s string) bool { return federationPattern.MatchString(s) }

// FIDE are a player's fields that FIDE's rating officers need, kept for members and for the
// guests of imported tournaments alike. Every field is nil when not known.
type FIDE struct {
	// FIDEID is the player's FIDE id, by which a FIDE rating list import finds them.
	FIDEID *int64 `json:"fide_id"`
	// Federation is the FIDE code of the player's federation, such as "ENG".
	Federation *string `json:"federation"`
	// Title is one of Titles.
	Title *string `json:"title"`
	// Sex is SexMan or SexWoman, as TRF writes it.
	Sex *string `json:"sex"`
	// BirthDate is "YYYY-MM-DD" or just "YYYY"; its year is BirthYear. Only the member and
	// admins see it.
	BirthDate *string `json:"birth_date,omitempty"`
	// FIDEStandard, FIDERapid and FIDEBlitz are the player's ratings on FIDE's three lists.
	FIDEStandard *int `json:"fide_rating_standard"`
	FIDERapid    *int `json:"fide_rating_rapid"`
	FIDEBlitz    *int `json:"fide_rating_blitz"`
	// NationalID is the player's id at their national federation. Only the member and
	// admins see it.
	NationalID *string `json:"national_id,omitempty"`
	// NationalRating is the player's national federation rating.
	NationalRating *int `json:"national_rating"`
}

// FIDERating returns the player's FIDE rating of a rating type ("standard", "rapid",
// "blitz"), 0 when they have none.
func (f FIDE) FIDERating(ratingType string) int {
	r := f.FIDEStandard
	switch ratingType {
	case "rapid":
		r = f.FIDERapid
	case "blitz":
		r = f.FIDEBlitz
	}
	if r == nil {
		return 0
	}
	return *r
}

// fideColumns are the FIDE columns of the members table (alias m), in the order scanFIDE
// reads them.
const fideColumns = "m.fide_id, m.federation, m.title, m.sex, m.birth_date, m.fide_standard, m.fide_rapid, m.fide_blitz, m.national_id, m.national_rating"

// fideScan holds the nullable columns of fideColumns while a row is scanned.
type fideScan struct {
	id                               sql.NullInt64
	fed, title, sex, birth, national sql.NullString
	std, rapid, blitz, natRating     sql.NullInt64
}

func (s *fideScan) dest() []any {
	return []any{&s.id, &s.fed, &s.title, &s.sex, &s.birth, &s.std, &s.rapid, &s.blitz, &s.national, &s.natRating}
}

// fide returns the scanned fields; a member with a birth year and no birth date (from before
// the birth date was kept) has the year as their birth date.
func (s *fideScan) fide(birthYear *int) FIDE {
	str := func(v sql.NullString) *string {
		if !v.Valid {
			return nil
		}
		return &v.String
	}
	num := func(v sql.NullInt64) *int {
		if !v.Valid {
			return nil
		}
		n := int(v.Int64)
		return &n
	}
	f := FIDE{Federation: str(s.fed), Title: str(s.title), Sex: str(s.sex), BirthDate: str(s.birth), FIDEStandard: num(s.std), FIDERapid: num(s.rapid),
		FIDEBlitz: num(s.blitz), NationalID: str(s.national), NationalRating: num(s.natRating)}
	if s.id.Valid {
		id := s.id.Int64
		f.FIDEID = &id
	}
	if f.BirthDate == nil && birthYear != nil {
		y := strconv.Itoa(*birthYear)
		f.BirthDate = &y
	}
	return f
}

// FIDEInput is the FIDE part of a PATCH /api/members/{id}: Set says which fields the patch
// names (by JSON name); a named field with a nil value removes it.
type FIDEInput struct {
	Set map[string]bool
	FIDE
}

// fideNames are the JSON names of the FIDE fields a member may set.
var fideNames = []string{"fide_id", "federation", "title", "sex", "birth_date", "fide_rating_standard", "fide_rating_rapid", "fide_rating_blitz", "national_id", "national_rating"}

// decodeFIDE validates the FIDE fields of a patch.
func decodeFIDE(f *jsonhttp.Fields) FIDEInput {
	in := FIDEInput{Set: map[string]bool{}}
	for _, name := range fideNames {
		in.Set[name] = f.Has(name)
	}
	in.FIDEID = f.Int("fide_id", 1, MaxFIDEID)
	if s := f.String("federation"); s != nil {
		if !ValidFederation(*s) {
			f.Fail("federation", "must be a FIDE federation code: three capital letters, such as ENG")
		}
		in.Federation = s
	}
	if s := f.String("title"); s != nil {
		if !ValidTitle(*s) {
			f.Fail("title", "must be one of GM, IM, WGM, FM, WIM, CM, WFM, WCM")
		}
		in.Title = s
	}
	if s := f.String("sex"); s != nil {
		if *s != SexMan && *s != SexWoman {
			f.Fail("sex", "must be m or w, as FIDE's files write it")
		}
		in.Sex = s
	}
	if s := f.String("birth_date"); s != nil {
		if _, ok := BirthYearOf(*s); !ok {
			f.Fail("birth_date", "must be a date as YYYY-MM-DD, or a year as YYYY, from %d to %d", MinBirthYear, MaxBirthYear)
		}
		in.BirthDate = s
	}
	in.FIDEStandard = intField(f, "fide_rating_standard", MinFIDERating, MaxFIDERating)
	in.FIDERapid = intField(f, "fide_rating_rapid", MinFIDERating, MaxFIDERating)
	in.FIDEBlitz = intField(f, "fide_rating_blitz", MinFIDERating, MaxFIDERating)
	if s := f.String("national_id"); s != nil {
		if !nationalIDPattern.MatchString(*s) {
			f.Fail("national_id", "must be 1 to %d letters, digits and _ . / -, starting with a letter or digit", MaxNationalID)
		}
		in.NationalID = s
	}
	in.NationalRating = intField(f, "national_rating", MinNationalRating, MaxNationalRating)
	return in
}

// BirthYearOf returns the year of a birth date written "YYYY-MM-DD" or "YYYY", and whether
// it is one: a real date, its year from MinBirthYear to MaxBirthYear.
func BirthYearOf(s string) (int, bool) {
	var y int
	switch len(s) {
	case 4:
		n, err := strconv.Atoi(s)
		if err != nil || s[0] == '+' || s[0] == '-' {
			return 0, false
		}
		y = n
	case 10:
		t, err := time.Parse(time.DateOnly, s)
		if err != nil || t.Format(time.DateOnly) != s {
			return 0, false
		}
		y = t.Year()
	default:
		return 0, false
	}
	return y, y >= MinBirthYear && y <= MaxBirthYear
}

// apply sets the fields the patch names in m.
func (in FIDEInput) apply(m *FIDE) {
	if in.Set["fide_id"] {
		m.FIDEID = in.FIDEID
	}
	if in.Set["federation"] {
		m.Federation = in.Federation
	}
	if in.Set["title"] {
		m.Title = in.Title
	}
	if in.Set["sex"] {
		m.Sex = in.Sex
	}
	if in.Set["birth_date"] {
		m.BirthDate = in.BirthDate
	}
	if in.Set["fide_rating_standard"] {
		m.FIDEStandard = in.FIDEStandard
	}
	if in.Set["fide_rating_rapid"] {
		m.FIDERapid = in.FIDERapid
	}
	if in.Set["fide_rating_blitz"] {
		m.FIDEBlitz = in.FIDEBlitz
	}
	if in.Set["national_id"] {
		m.NationalID = in.NationalID
	}
	if in.Set["national_rating"] {
		m.NationalRating = in.NationalRating
	}
}

// setBirth applies a patch's birth year and birth date to m, which keeps the two agreeing:
// a birth date sets the year; a year alone keeps the date only when it is of that year
// (else the date becomes the bare year).
func setBirth(m *Member, in RatingInput) {
	switch {
	case in.FIDE.Set["birth_date"]:
		m.BirthDate, m.BirthYear = in.FIDE.BirthDate, nil
		if in.FIDE.BirthDate != nil {
			y, _ := BirthYearOf(*in.FIDE.BirthDate)
			m.BirthYear = &y
		}
	case in.SetBirthYear:
		m.BirthYear = in.BirthYear
		if !sameYear(in.BirthYear, m.BirthDate) {
			m.BirthDate = nil
			if in.BirthYear != nil {
				y := strconv.Itoa(*in.BirthYear)
				m.BirthDate = &y
			}
		}
	}
}

// updateFIDE writes member id's FIDE fields in tx.
func updateFIDE(ctx context.Context, tx *sql.Tx, id int64, f FIDE) error {
	_, err := tx.ExecContext(ctx, "UPDATE members SET fide_id = ?, federation = ?, title = ?, sex = ?, birth_date = ?, fide_standard = ?, fide_rapid = ?, fide_blitz = ?, national_id = ?, national_rating = ? WHERE id = ?",
		f.FIDEID, f.Federation, f.Title, f.Sex, f.BirthDate, f.FIDEStandard, f.FIDERapid, f.FIDEBlitz, f.NationalID, f.NationalRating, id)
	if err != nil {
		return fmt.Errorf("update member's FIDE fields: %w", err)
	}
	return startClubLists(ctx, tx, id)
}

// startClubLists sets where member id's entries on the club's rapid and blitz lists start
// from, while no rated game of theirs of that type has been entered (ratedGameEntered): their
// FIDE rating of the type (the list's "declared" rating, resting on no games), or unrated
// without one; and, while the list holds none of their games yet, their entry on it. That is
// what the next replay of the lists would store (play/ratings starts them from rapid_declared
// and blitz_declared), written now so that the member's profile and the tournaments they
// enter count with it at once. Once a rated game is entered, the start stays as it was: a
// FIDE rating changed afterwards (by the member, an admin or FIDE's list) changes nothing of
// the club's history, and an entry that rests on games is the replay's alone.
func startClubLists(ctx context.Context, tx *sql.Tx, id int64) error {
	if err := startStandardList(ctx, tx, id); err != nil {
		return err
	}
	for _, list := range []string{"rapid", "blitz"} {
		frozen, err := ratedGameEntered(ctx, tx, id, list)
		if err != nil {
			return err
		}
		if frozen {
			continue
		}
		rating, status, games, fide, declared := list+"_rating", list+"_status", list+"_games", "fide_"+list, list+"_declared"
		q := "UPDATE members SET " + rating + " = CASE WHEN " + fide + " IS NULL THEN ? ELSE " + fide + " END, " +
			status + " = CASE WHEN " + fide + " IS NULL THEN ? ELSE ? END WHERE id = ? AND " + games + " = 0 AND " + status + " <> ?"
		if _, err := tx.ExecContext(ctx, q, UnratedRating, RatingUnrated, RatingDeclared, id, RatingRated); err != nil {
			return fmt.Errorf("start member %d's %s list: %w", id, list, err)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE members SET "+declared+" = "+fide+" WHERE id = ?", id); err != nil {
			return fmt.Errorf("start member %d's %s list: %w", id, list, err)
		}
	}
	return nil
}

// startStandardList starts member id's standard club rating from their FIDE standard rating
// when they have none: no rating declared, none from games, and no rated standard game of
// theirs entered (ratedGameEntered). The FIDE rating becomes their declared starting rating,
// resting on no games, as if they had declared it: they may change it, or remove it, until
// their first rated game, and a FIDE rating changed afterwards does not move it.
func startStandardList(ctx context.Context, tx *sql.Tx, id int64) error {
	frozen, err := ratedGameEntered(ctx, tx, id, "standard")
	if err != nil || frozen {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE members SET rating = fide_standard, rating_status = ?, declared_rating = fide_standard, declared_games = 0, rated_games = 0 "+
		"WHERE id = ? AND fide_standard IS NOT NULL AND declared_rating IS NULL AND rating_status = ?", RatingDeclared, id, RatingUnrated); err != nil {
		return fmt.Errorf("start member %d's standard list: %w", id, err)
	}
	return nil
}

// ratedResults are the results of a game played over the board, as the tournament_boards
// table writes them (package tournament's Result* values): the games that count for ratings
// when both players are rated. A forfeit does not. A knockout's game decided after a draw
// was played.
const ratedResults = "'1-0', '0-1', '1/2-1/2', '1-0 decider', '0-1 decider'"

// ratedGameEntered reports whether member id has a game with a result in a rated tournament
// of ratingType (standard, rapid or blitz), running or finished: from then on the rating
// their list starts from is the one that game counts with, and may not change (FIDE B.02
// rates a game with the ratings the players had when it was played).
func ratedGameEntered(ctx context.Context, tx *sql.Tx, id int64, ratingType string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id "+
		"WHERE p.member_id = ? AND t.rated = 1 AND t.rating_type = ? AND EXISTS (SELECT 1 FROM tournament_boards b "+
		"WHERE b.tournament_id = p.tournament_id AND (b.white = p.member_id OR b.black = p.member_id) AND b.result IN ("+ratedResults+"))",
		id, ratingType).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("read member %d's rated games: %w", id, err)
	}
	return n > 0, nil
}
