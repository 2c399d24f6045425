package creatures

import (
	"errors"
	"strconv"
	"time"
	"unicode/utf8"
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

// errTimestamp reports a stored timestamp the database could not read as one.
var errTimestamp = errors.New("a timestamp of the row is not a date and time")

// appendJSON appends the row's JSON object, the same bytes as appendCreature for the same
// creature.
func (r *row) appendJSON(b []byte) ([]byte, error) {
	if !isRFC3339Second(r.createdAt) || !isRFC3339Second(r.updatedAt) {
		return b, errTimestamp
	}
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
	b = append(b, `,"created_at":"`...)
	b = append(b, r.createdAt.b...)
	b = append(b, `","updated_at":"`...)
	b = append(b, r.updatedAt.b...)
	return append(b, `"}`...), nil
}

// isRFC3339Second reports whether t is a UTC time in RFC 3339 to the second,
// 2006-01-02T15:04:05Z, as the list's SQL writes it; a NULL (an unreadable stored value) is not.
func isRFC3339Second(t column) bool {
	return !t.null && len(t.b) == len("2006-01-02T15:04:05Z") && t.b[4] == '-' && t.b[10] == 'T' && t.b[19] == 'Z'
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
