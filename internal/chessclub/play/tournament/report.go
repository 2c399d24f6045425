package tournament

import (
	"fmt"
	"regexp"
	"strings"
	"time"
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

// CheckRoundDates reads the rounds' dates of a tournament from start to end (either "" when
// not known) with rounds rounds (nil: not fixed yet): real dates as YYYY-MM-DD, from start to
// end, in order (two rounds may share a day), no more than the rounds. It returns them, nil
// for none, or what is wrong with them.
func CheckRoundDates(dates []string, start, end Date, rounds *int) ([]Date, string) {
	limit := MaxRounds
	if rounds != nil {
		limit = *rounds
	}
	if len(dates) > limit {
		return nil, fmt.Sprintf("must have at most one date a round (%d)", limit)
	}
	out := make([]Date, 0, len(dates))
	for i, d := range dates {
		t, err := time.Parse(DateLayout, d)
		switch {
		case err != nil || t.Format(DateLayout) != d:
			return nil, "must be dates as YYYY-MM-DD"
		case start != "" && Date(d) < start, end != "" && Date(d) > end:
			return nil, "must be from start_date to end_date"
		case i > 0 && Date(d) < out[i-1]:
			return nil, "must be in the rounds' order: no round before the one before it"
		}
		out = append(out, Date(d))
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, ""
}

// ValidFederation reports whether s has the form of a FIDE federation code: three capital
// letters, such as ENG.
func ValidFederation(s string) bool { return federationCode.MatchString(s) }

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
