package tournament

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"campus.example/apps/internal/jsonhttp"
)

// Rating types: which of FIDE's lists a tournament is played for (B.02: standard, rapid and
// blitz ratings are separate), chosen by its time control. It decides the FIDE rating the
// report writes for each player.
const (
	RatingStandard = "standard"
	RatingRapid    = "rapid"
	RatingBlitz    = "blitz"
)

// RatingTypes are the rating types, in FIDE's order.
var RatingTypes = []string{RatingStandard, RatingRapid, RatingBlitz}

// Limits on the report's fields, in characters unless said otherwise.
const (
	MaxCity            = 100
	MaxArbiterName     = 100
	MaxDeputyArbiters  = 10
	MaxTimeControlCode = 100
)

var federationCode = regexp.MustCompile(`^[A-Z]{3}$`)

// ReportInfo is what a FIDE tournament report (TRF) says of a tournament besides its name,
// dates and players: the records 022 to 132 that the club cannot work out itself. Every field
// may be left empty; FIDE's rating officers want them all for a rated event.
type ReportInfo struct {
	// City is where the tournament is played (022).
	City *string `json:"city"`
	// Federation is the FIDE code of the organising federation (032), such as "ENG".
	Federation *string `json:"federation"`
	// ChiefArbiter is the chief arbiter's name (102), with their title and FIDE id if the
	// organiser likes ("IA Jane Smith 1234567").
	ChiefArbiter *string `json:"chief_arbiter"`
	// DeputyArbiters are the deputy arbiters' names (112, one record each); absent from the
	// API's answer when there are none.
	DeputyArbiters []string `json:"deputy_arbiters,omitempty"`
	// TimeControlCode is the time control as the report writes it (122), such as
	// `90'/40+30'+30"`; TimeControl is the club's own short form for people.
	TimeControlCode *string `json:"time_control_code"`
	// RoundDates are the rounds' dates (132), round 1 first; rounds without one have the
	// date RoundDate gives. Absent from the API's answer when none are given.
	RoundDates []Date `json:"round_dates,omitempty"`
}

// decodeReportInfo validates the report's fields of a tournament starting on start and ending
// on end (either "" when invalid), with rounds rounds (nil: not fixed yet).
func decodeReportInfo(f *jsonhttp.Fields, obj jsonhttp.Object, start, end Date, rounds *int) ReportInfo {
	var r ReportInfo
	r.City = f.Line("city", 0, MaxCity, false)
	if fed := f.String("federation"); fed != nil {
		if !federationCode.MatchString(*fed) {
			f.Fail("federation", "must be a FIDE federation code: three capital letters, such as ENG")
		}
		r.Federation = fed
	}
	r.ChiefArbiter = f.Line("chief_arbiter", 0, MaxArbiterName, false)
	r.TimeControlCode = f.Line("time_control_code", 0, MaxTimeControlCode, false)
	if names, ok := stringArray(f, obj, "deputy_arbiters"); ok {
		if len(names) > MaxDeputyArbiters {
			f.Fail("deputy_arbiters", "must name at most %d deputy arbiters", MaxDeputyArbiters)
		}
		for _, n := range names {
			n = strings.TrimSpace(n)
			if msg := jsonhttp.CheckLine(n); msg != "" || n == "" || len([]rune(n)) > MaxArbiterName {
				f.Fail("deputy_arbiters", "must be names of 1 to %d characters on one line each", MaxArbiterName)
				break
			}
			r.DeputyArbiters = append(r.DeputyArbiters, n)
		}
	}
	if dates, ok := stringArray(f, obj, "round_dates"); ok {
		r.RoundDates = decodeRoundDates(f, dates, start, end, rounds)
	}
	return r
}

// decodeRoundDates checks the rounds' dates: real dates from start to end, in order (two
// rounds may share a day), no more than the rounds.
func decodeRoundDates(f *jsonhttp.Fields, dates []string, start, end Date, rounds *int) []Date {
	limit := MaxRounds
	if rounds != nil {
		limit = *rounds
	}
	if len(dates) > limit {
		f.Fail("round_dates", "must have at most one date a round (%d)", limit)
		return nil
	}
	out := make([]Date, 0, len(dates))
	for i, d := range dates {
		t, err := time.Parse(DateLayout, d)
		switch {
		case err != nil || t.Format(DateLayout) != d:
			f.Fail("round_dates", "must be dates as YYYY-MM-DD")
		case start != "" && Date(d) < start, end != "" && Date(d) > end:
			f.Fail("round_dates", "must be from start_date to end_date")
		case i > 0 && Date(d) < out[i-1]:
			f.Fail("round_dates", "must be in the rounds' order: no round before the one before it")
		default:
			out = append(out, Date(d))
			continue
		}
		return nil
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// stringArray decodes an optional array of strings; ok is false when absent, null or invalid
// (then the field has failed).
func stringArray(f *jsonhttp.Fields, obj jsonhttp.Object, name string) ([]string, bool) {
	f.Ignore(name)
	raw, present := obj[name]
	if !present || string(raw) == "null" {
		return nil, false
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		f.Fail(name, "must be an array of strings")
		return nil, false
	}
	return out, true
}

// decodeRatingType reads the rating type into s.
func decodeRatingType(f *jsonhttp.Fields, s *Settings) {
	rt := f.String("rating_type")
	if rt == nil {
		return
	}
	for _, v := range RatingTypes {
		if *rt == v {
			s.RatingType = v
			return
		}
	}
	f.Fail("rating_type", "must be one of standard, rapid, blitz")
}

// RoundDate returns the date of round r (from 1) of total rounds: the one given in
// RoundDates, else the rounds spread evenly from the start date to the end date (a weekly
// event of 9 rounds over 8 weeks gets one a week; a one-day event has them all on its day).
func (t Tournament) RoundDate(r, total int) Date {
	if r >= 1 && r <= len(t.RoundDates) {
		return t.RoundDates[r-1]
	}
	start, err1 := time.Parse(DateLayout, string(t.StartDate))
	end, err2 := time.Parse(DateLayout, string(t.EndDate))
	if err1 != nil || err2 != nil || total <= 1 || r <= 1 {
		return t.StartDate
	}
	days := int(end.Sub(start).Hours() / 24)
	offset := ((r-1)*days*2 + (total - 1)) / (2 * (total - 1)) // rounded to the nearest day
	return Date(start.AddDate(0, 0, min(offset, days)).Format(DateLayout))
}

// JoinDeputies is the deputy_arbiters column's value for names: one name a line (NULL for
// none).
func JoinDeputies(names []string) *string {
	if len(names) == 0 {
		return nil
	}
	s := strings.Join(names, "\n")
	return &s
}

// SplitDeputies reads the deputy_arbiters column.
func SplitDeputies(col *string) []string {
	if col == nil || *col == "" {
		return nil
	}
	return strings.Split(*col, "\n")
}

// JoinRoundDates is the round_dates column's value for dates, separated by spaces (NULL for
// none).
func JoinRoundDates(dates []Date) *string {
	if len(dates) == 0 {
		return nil
	}
	parts := make([]string, len(dates))
	for i, d := range dates {
		parts[i] = string(d)
	}
	s := strings.Join(parts, " ")
	return &s
}

// SplitRoundDates reads the round_dates column.
func SplitRoundDates(col *string) []Date {
	if col == nil || *col == "" {
		return nil
	}
	parts := strings.Fields(*col)
	out := make([]Date, len(parts))
	for i, p := range parts {
		out[i] = Date(p)
	}
	return out
}

// ClubRatingColumns are SQL expressions over a member (table alias m) of their rating on the
// club list of a rating type (the club keeps one a type, like FIDE), and its status. On the
// rapid and blitz lists a member not yet rated there counts with their FIDE rating of that
// type, as declared, when they have one: that is where those lists start from (package
// ratings).
func ClubRatingColumns(ratingType string) (rating, status string) {
	var prefix, fide string
	switch ratingType {
	case RatingRapid:
		prefix, fide = "m.rapid_", "m.fide_rapid"
	case RatingBlitz:
		prefix, fide = "m.blitz_", "m.fide_blitz"
	default:
		return "m.rating", "m.rating_status"
	}
	unrated := prefix + "status = 'unrated'"
	return "CASE WHEN " + unrated + " AND " + fide + " IS NOT NULL THEN " + fide + " ELSE " + prefix + "rating END",
		"CASE WHEN " + unrated + " AND " + fide + " IS NOT NULL THEN 'declared' ELSE " + prefix + "status END"
}
