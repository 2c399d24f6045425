package play

import (
	"database/sql/driver"
	"fmt"
	"time"

	"campus.example/apps/internal/jsonhttp"
)

// Tournament formats.
const (
	FormatSwiss      = "swiss"
	FormatRoundRobin = "round_robin"
	FormatKnockout   = "knockout"
)

// Limits on tournament fields, in characters unless said otherwise.
const (
	MaxTournamentName = 100
	MaxLocation       = 100
	MaxTimeControl    = 50
	MaxDescription    = 2000
	MinRounds         = 1
	MaxRounds         = 50
)

const dateLayout = "2006-01-02"

// Date is a calendar date in the form YYYY-MM-DD, which also sorts as the date does.
type Date string

// Scan reads a date from a MySQL DATE (a time.Time) or SQLite TEXT column.
func (d *Date) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*d = Date(v.Format(dateLayout))
	case string:
		*d = Date(v)
	case []byte:
		*d = Date(v)
	default:
		return fmt.Errorf("date: cannot scan %T", src)
	}
	return nil
}

// Value stores the date as text, which both databases accept for their date columns.
func (d Date) Value() (driver.Value, error) { return string(d), nil }

// Tournament is a club tournament as the API shows it.
type Tournament struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	StartDate Date   `json:"start_date"`
	// EndDate is never before StartDate; it equals it for a one-day event.
	EndDate  Date    `json:"end_date"`
	Location *string `json:"location"`
	// Format is FormatSwiss, FormatRoundRobin or FormatKnockout.
	Format string `json:"format"`
	// Rounds is nil when not fixed in advance.
	Rounds      *int    `json:"rounds"`
	TimeControl *string `json:"time_control"`
	Description *string `json:"description"`
	// CreatedBy is the id of the member who created it; nil for the sample tournaments of
	// chess.sql.
	CreatedBy *int64    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
}

// TournamentInput is what a client may set when creating a tournament.
type TournamentInput struct {
	Name        string
	StartDate   Date
	EndDate     Date
	Location    *string
	Format      string
	Rounds      *int
	TimeControl *string
	Description *string
}

// DecodeTournament validates the body of POST /api/tournaments. An absent end_date is the
// start date and an absent format is swiss. It returns a validation problem naming every bad
// or unknown field.
func DecodeTournament(obj jsonhttp.Object) (TournamentInput, error) {
	f := jsonhttp.NewFields(obj)
	in := TournamentInput{Format: FormatSwiss}
	name := f.Line("name", 1, MaxTournamentName, true)
	start := decodeDate(f, "start_date", true)
	end := decodeDate(f, "end_date", false)
	in.Location = f.Line("location", 0, MaxLocation, false)
	if format := f.String("format"); format != nil {
		switch *format {
		case FormatSwiss, FormatRoundRobin, FormatKnockout:
			in.Format = *format
		default:
			f.Fail("format", "must be one of swiss, round_robin, knockout")
		}
	}
	if r := f.Int("rounds", MinRounds, MaxRounds); r != nil {
		n := int(*r)
		in.Rounds = &n
	}
	in.TimeControl = f.Line("time_control", 0, MaxTimeControl, false)
	in.Description = f.Text("description", 0, MaxDescription, false)
	f.RejectUnknown("id", "created_by", "created_at")
	if start != "" && end != "" && end < start {
		f.Fail("end_date", "must not be before start_date")
	}
	if err := f.Err(); err != nil {
		return TournamentInput{}, err
	}
	in.Name, in.StartDate, in.EndDate = *name, start, end
	if in.EndDate == "" {
		in.EndDate = in.StartDate
	}
	return in, nil
}

// decodeDate reads a strict YYYY-MM-DD date; it returns "" when absent or invalid.
func decodeDate(f *jsonhttp.Fields, name string, required bool) Date {
	s := f.String(name)
	if _, failed := f.Errors[name]; failed {
		return ""
	}
	if s == nil || *s == "" {
		if required {
			f.Fail(name, "is required")
		}
		return ""
	}
	t, err := time.Parse(dateLayout, *s)
	if err != nil || t.Format(dateLayout) != *s || t.Year() < 1000 {
		f.Fail(name, "must be a date as YYYY-MM-DD")
		return ""
	}
	return Date(*s)
}
