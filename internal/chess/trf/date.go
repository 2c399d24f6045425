package trf

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Date is a calendar date as a TRF file writes it (records 042 and 052, a player's birth
// date, a round's date in 132), with the spelling it was written in, so that the date can be
// written back the way it came. Month and Day are 0 where the spelling leaves them out: a
// birth year alone ("1978"), or Swiss-Manager's "1987/00/00".
//
// A Date is a plain value; the zero value is no date.
type Date struct {
	Year, Month, Day int
	layout           dateLayout
}

// dateLayout is how a Date was spelt: the order of its parts and what stands between them.
type dateLayout struct {
	order byte   // 'y' year first, 'd' day first, 'm' month first, 'n' month's name first, 'Y' year alone
	sep   string // between the numbers, spaces included: "/", "-", ".", ". "
	short bool   // a two-digit year (record 132's YY/MM/DD)
	pad   bool   // day and month written with two digits
}

// The layout TRF-2026 asks for (YYYY/MM/DD), which NewDate gives.
var trf2026Layout = dateLayout{order: 'y', sep: "/", pad: true}

// NewDate returns the date in TRF-2026's spelling, YYYY/MM/DD.
func NewDate(year, month, day int) Date {
	return Date{Year: year, Month: month, Day: day, layout: trf2026Layout}
}

var monthNames = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// ParseDate reads a date in the spellings the programs that write TRF files use
// (docs/ARBITERS.md lists them):
//
//   - year first, as TRF-2026 asks (YYYY/MM/DD), with "/", "-" or "." between the parts:
//     "2026/03/07", "2026-03-07", "1969.12.06" (Swiss-Manager's birth dates); a month and day
//     of 00 stand for unknown ("1987/00/00");
//   - day first, as European programs write it: "24/09/2010" (the JaVaFo manual's sample),
//     "24.09.2010", "24-09-2010", and "28. 07. 2005" with blanks after the dots
//     (Swiss-Manager); a date that reads only month first, its second number above 12
//     ("09/24/2010", as American programs write it), is read month first;
//   - the month's English abbreviation first, as lichess writes it: "May 29, 2020";
//   - a two-digit year first, as record 132 writes it: "26/03/07", in the 2000s;
//   - a year alone: "1978" (a birth year).
//
// Days and months may have one digit. A spelling not listed, or a day that does not exist
// ("2026/02/30"), is an error saying what was expected: a date is never guessed or replaced.
func ParseDate(s string) (Date, error) {
	t := strings.TrimSpace(s)
	bad := fmt.Errorf("%q is not a date such as 2026/03/07, 07/03/2026, 07.03.2026 or Mar 7, 2026", s)
	if t == "" {
		return Date{}, bad
	}
	if d, ok := parseNamed(t); ok {
		return d, d.valid(bad)
	}
	if n, err := strconv.Atoi(t); err == nil && len(t) == 4 {
		return Date{Year: n, layout: dateLayout{order: 'Y'}}, nil
	}
	for _, sep := range []string{". ", "/", "-", "."} {
		parts := strings.Split(t, sep)
		if len(parts) != 3 {
			continue
		}
		var nums [3]int
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || len(p) == 0 || len(p) > 4 || strings.TrimSpace(p) != p {
				return Date{}, bad
			}
			nums[i] = n
		}
		pad := len(parts[1]) == 2
		switch {
		case len(parts[0]) == 4 && len(parts[1]) <= 2 && len(parts[2]) <= 2:
			d := Date{Year: nums[0], Month: nums[1], Day: nums[2], layout: dateLayout{order: 'y', sep: sep, pad: pad && len(parts[2]) == 2}}
			return d, d.valid(bad)
		case len(parts[2]) == 4 && len(parts[0]) <= 2 && len(parts[1]) <= 2:
			pad = pad && len(parts[0]) == 2
			d := Date{Year: nums[2], Month: nums[1], Day: nums[0], layout: dateLayout{order: 'd', sep: sep, pad: pad}}
			if d.Month > 12 && nums[0] >= 1 && nums[0] <= 12 {
				d = Date{Year: nums[2], Month: nums[0], Day: nums[1], layout: dateLayout{order: 'm', sep: sep, pad: pad}}
			}
			return d, d.valid(bad)
		case sep == "/" && len(parts[0]) == 2 && len(parts[1]) == 2 && len(parts[2]) == 2:
			d := Date{Year: 2000 + nums[0], Month: nums[1], Day: nums[2], layout: dateLayout{order: 'y', sep: sep, short: true, pad: true}}
			return d, d.valid(bad)
		}
		return Date{}, bad
	}
	return Date{}, bad
}

// parseNamed reads lichess's "May 29, 2020".
func parseNamed(t string) (Date, bool) {
	name, rest, ok := strings.Cut(t, " ")
	if !ok {
		return Date{}, false
	}
	month := 0
	for i, m := range monthNames {
		if name == m {
			month = i + 1
		}
	}
	day, year, ok := strings.Cut(rest, ", ")
	d, err1 := strconv.Atoi(day)
	y, err2 := strconv.Atoi(year)
	if month == 0 || !ok || err1 != nil || err2 != nil || len(year) != 4 || len(day) > 2 {
		return Date{}, false
	}
	return Date{Year: y, Month: month, Day: d, layout: dateLayout{order: 'n'}}, true
}

// valid returns bad unless d is a day of the calendar, or a year with the month, or the
// month and the day, left unknown (0).
func (d Date) valid(bad error) error {
	switch {
	case d.Year < 1 || d.Year > 9999 || d.Month < 0 || d.Month > 12 || d.Day < 0 || d.Day > 31:
		return bad
	case d.Month == 0 && d.Day != 0:
		return bad
	case d.Month == 0 || d.Day == 0:
		return nil
	}
	if time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC).Day() != d.Day {
		return bad
	}
	return nil
}

// String writes the date in the spelling it was read in (NewDate's: YYYY/MM/DD); the zero
// Date is "".
func (d Date) String() string {
	if d == (Date{}) {
		return ""
	}
	l := d.layout
	num := func(n int) string {
		if l.pad {
			return fmt.Sprintf("%02d", n)
		}
		return strconv.Itoa(n)
	}
	switch l.order {
	case 'Y':
		return fmt.Sprintf("%04d", d.Year)
	case 'n':
		return fmt.Sprintf("%s %d, %04d", monthNames[max(d.Month, 1)-1], d.Day, d.Year)
	case 'd':
		return num(d.Day) + l.sep + num(d.Month) + l.sep + fmt.Sprintf("%04d", d.Year)
	case 'm':
		return num(d.Month) + l.sep + num(d.Day) + l.sep + fmt.Sprintf("%04d", d.Year)
	}
	if l.short {
		return fmt.Sprintf("%02d", d.Year%100) + l.sep + num(d.Month) + l.sep + num(d.Day)
	}
	if l.sep == "" {
		l.sep, l.pad = "/", true
	}
	return fmt.Sprintf("%04d", d.Year) + l.sep + num(d.Month) + l.sep + num(d.Day)
}

// ISO returns the date as YYYY-MM-DD, with 00 for a month or day the spelling leaves out.
func (d Date) ISO() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }
