package creatures

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"campus.example/apps/internal/sqlitedirect"
)

// The API's JSON of a creature is written by hand: the list writes one object per row, and
// encoding/json's reflection was about a quarter of its time. The bytes are exactly those
// encoding/json gives for a Creature (TestEncodeMatchesEncodingJSON and FuzzEncode compare
// them), so ETags and clients see no difference.

// appendCreature appends the JSON object of c, as json.Marshal(c) writes it.
func appendCreature(b []byte, c *Creature) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, c.ID, 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, c.Name)
	b = append(b, `,"species":`...)
	b = appendJSONString(b, c.Species)
	b = append(b, `,"habitat":`...)
	b = appendNullable(b, c.Habitat)
	b = append(b, `,"danger_level":`...)
	b = strconv.AppendInt(b, int64(c.DangerLevel), 10)
	b = append(b, `,"description":`...)
	b = appendNullable(b, c.Description)
	b = append(b, `,"created_at":"`...)
	b = c.CreatedAt.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","updated_at":"`...)
	b = c.UpdatedAt.AppendFormat(b, time.RFC3339Nano)
	return append(b, `"}`...)
}

func appendNullable(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendJSONString(b, *s)
}

// row is one creature as the list reads it: the columns' bytes, with the timestamps already
// in their RFC 3339 form (listColumns), so that nothing is parsed. A row is reused from one
// database row to the next.
type row struct {
	id, danger                   int64
	name, species, habitat, desc column
	createdAt, updatedAt         column
}

// errTimestamp reports a stored timestamp that is not a date and time.
var errTimestamp = errors.New("a timestamp of the row is not a date and time")

// appendJSON appends the row's JSON object, the same bytes as appendCreature for the same
// creature. It fails only on a timestamp that is not one (errTimestamp).
func (r *row) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, r.id, 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, r.name.b)
	b = append(b, `,"species":`...)
	b = appendJSONString(b, r.species.b)
	b = append(b, `,"habitat":`...)
	b = r.habitat.appendJSON(b)
	b = append(b, `,"danger_level":`...)
	b = strconv.AppendInt(b, r.danger, 10)
	b = append(b, `,"description":`...)
	b = r.desc.appendJSON(b)
	b = append(b, `,"created_at":`...)
	b, err := appendTimestamp(b, r.createdAt)
	if err != nil {
		return b, err
	}
	b = append(b, `,"updated_at":`...)
	if b, err = appendTimestamp(b, r.updatedAt); err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// appendTimestamp appends a stored timestamp as a JSON string in RFC 3339, in UTC, as
// encoding/json writes the time.Time that the database driver would have read from it.
//
// The store writes whole seconds in UTC, which SQLite keeps as "2006-01-02 15:04:05+00:00"
// and column.Scan writes for MariaDB as "2006-01-02T15:04:05Z": those (and the same without
// an offset) are rewritten in place, with no parsing. Anything else another program
// may have stored is parsed with the SQLite driver's own formats and converted.
func appendTimestamp(b []byte, t column) ([]byte, error) {
	v := t.b
	if t.null {
		return b, errTimestamp
	}
	if len(v) >= 19 && wholeSecondUTC(v) {
		b = append(b, '"')
		b = append(b, v[:10]...)
		b = append(b, 'T')
		b = append(b, v[11:19]...)
		return append(b, `Z"`...), nil
	}
	s, hadZ := strings.CutSuffix(string(v), "Z")
	for _, layout := range storedTimeLayouts {
		if hadZ && strings.HasSuffix(layout, "-07:00") {
			continue
		}
		if tm, err := time.Parse(layout, s); err == nil {
			b = append(b, '"')
			b = tm.UTC().AppendFormat(b, time.RFC3339Nano)
			return append(b, '"'), nil
		}
	}
	return b, errTimestamp
}

// storedTimeLayouts are the forms in which the SQLite driver (modernc.org/sqlite) reads a
// DATETIME, in its order; Go's time.Time.String form first.
var storedTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999 -0700 MST",
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// wholeSecondUTC reports whether v is "2006-01-02 15:04:05" (or with a T) followed by
// nothing, "Z" or "+00:00", with a valid date and time.
func wholeSecondUTC(v []byte) bool {
	switch rest := string(v[19:]); rest {
	case "", "Z", "+00:00":
	default:
		return false
	}
	if v[4] != '-' || v[7] != '-' || (v[10] != ' ' && v[10] != 'T') || v[13] != ':' || v[16] != ':' {
		return false
	}
	num := func(i int) int {
		if v[i] < '0' || v[i] > '9' || v[i+1] < '0' || v[i+1] > '9' {
			return -1
		}
		return int(v[i]-'0')*10 + int(v[i+1]-'0')
	}
	y1, y2, mo, d, h, mi, sec := num(0), num(2), num(5), num(8), num(11), num(14), num(17)
	if y1 < 0 || y2 < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return false
	}
	return d <= daysIn(mo, y1*100+y2)
}

func daysIn(month, year int) int {
	if month == 2 {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 31 - (month-1)%7%2
}

// column is a text column read without converting it to a string: it copies the driver's bytes
// into a buffer kept from row to row, and tells NULL from the empty text.
type column struct {
	b    []byte
	null bool
}

// Scan implements sql.Scanner.
func (t *column) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		t.b, t.null = t.b[:0], true
	case string:
		t.b, t.null = append(t.b[:0], v...), false
	case []byte:
		t.b, t.null = append(t.b[:0], v...), false
	case time.Time: // MariaDB's DATETIME, which its driver has decoded already
		t.b, t.null = v.UTC().AppendFormat(t.b[:0], time.RFC3339Nano), false
	default:
		return errors.New("creatures: a text column holds a value that is not text")
	}
	return nil
}

func (t *column) appendJSON(b []byte) []byte {
	if t.null {
		return append(b, "null"...)
	}
	return appendJSONString(b, t.b)
}

const hexDigits = "0123456789abcdef"

// plainASCII marks the ASCII bytes that encoding/json writes as they are: the printable ones
// but for the quote, the backslash and the HTML-sensitive <, > and &.
var plainASCII = func() (set [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		set[c] = true
	}
	for _, c := range `"\<>&` {
		set[c] = false
	}
	set[0x7f] = true
	return set
}()

// appendJSONString appends s as a JSON string the way encoding/json writes one with HTML
// escaping (its default): short escapes for \b \f \n \r \t, \u00XX for the other control
// characters and for <, >, &; invalid UTF-8 becomes \ufffd, and U+2028 and U+2029 are escaped
// because JavaScript reads them as line ends.
func appendJSONString[S string | []byte](b []byte, s S) []byte {
	b = append(b, '"')
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plainASCII[c] {
				i++
				continue
			}
			b = append(b, s[done:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))])) // at most 4 bytes: no allocation
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[done:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[done:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	b = append(b, s[done:]...)
	return append(b, '"')
}

// eachRow calls each with r holding every row of rows (listColumns) in turn, and closes rows.
func eachRow(rows *sql.Rows, r *row, each func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(&r.id, &r.name, &r.species, &r.habitat, &r.danger, &r.desc, &r.createdAt, &r.updatedAt); err != nil {
			return err
		}
		if err := each(); err != nil {
			return err
		}
	}
	return rows.Err()
}

// eachDirectRow runs query (of listColumns) on SQLite's direct connections and calls each with
// r holding every row in turn. The text is copied out of SQLite's memory into r's own
// buffers, which a pooled row keeps from one read to the next.
func eachDirectRow(ctx context.Context, p *sqlitedirect.Pool, query string, args []any, r *row, each func() error) error {
	return p.Query(ctx, query, args, func(x sqlitedirect.Row) error {
		var err error
		if r.id, err = x.Int64(0); err != nil {
			return err
		}
		if r.danger, err = x.Int64(4); err != nil {
			return err
		}
		for i, col := range [...]*column{1: &r.name, 2: &r.species, 3: &r.habitat, 5: &r.desc, 6: &r.createdAt, 7: &r.updatedAt} {
			if col == nil {
				continue
			}
			b, null, err := x.Text(i)
			if err != nil {
				return err
			}
			col.b, col.null = append(col.b[:0], b...), null
		}
		return each()
	})
}
