package creatures

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"testing"
	"time"
)

// encodeTexts are texts that exercise every branch of appendJSONString: every control
// character, the quote and backslash, HTML's <, > and &, DEL, multi-byte UTF-8, invalid UTF-8
// (a stray continuation byte, a truncated sequence, an encoded surrogate, an overlong form),
// and the line and paragraph separators.
func encodeTexts() []string {
	texts := []string{
		"", "Axolotl", "Ōkami", "狼", "🐉 dragon", `say "hi" \ back\slash`, "<script>alert(1)</script> & co",
		"\x7f", "tab\there", "line\nbreak\r\n", "\b\f", "a\u2028b\u2029c", "\xff", "ab\x80cd", "\xe2\x82",
		"\xed\xa0\x80", "\xc0\xaf", "trailing \xe2", "mixed é\x00\x1f<>&\"\\\u2028\xfe ok",
		strings.Repeat("long text with ümlauts and <tags> ", 100),
	}
	var ctl strings.Builder
	for c := range 0x20 {
		ctl.WriteByte(byte(c))
	}
	return append(texts, ctl.String())
}

// TestEncodeMatchesEncodingJSON checks that the hand-written encoders give exactly the bytes
// of encoding/json, on which the API's ETags and the OpenAPI tests rely.
func TestEncodeMatchesEncodingJSON(t *testing.T) {
	times := []time.Time{
		time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC),
		time.Date(1999, 1, 2, 23, 59, 59, 0, time.UTC),
		time.Date(2026, 11, 24, 3, 0, 0, 123456000, time.UTC),
		time.Date(2026, 11, 24, 3, 0, 0, 0, time.FixedZone("", 2*3600)),
	}
	n := 0
	for i, s := range encodeTexts() {
		for j, opt := range []*string{nil, &s} {
			for k, ts := range times {
				c := Creature{ID: int64(i*7 + j + 1), Name: s, Species: s, Habitat: opt, DangerLevel: k % 11, Description: opt,
					CreatedAt: ts, UpdatedAt: times[(k+1)%len(times)]}
				want, err := json.Marshal(c)
				if err != nil {
					t.Fatal(err)
				}
				if got := appendCreature(nil, &c); !bytes.Equal(got, want) {
					t.Errorf("appendCreature(%q)\n got %s\nwant %s", s, got, want)
				}
				n++
			}
			// The list's row: timestamps arrive as RFC 3339 UTC text from the database.
			c := Creature{ID: int64(i), Name: s, Species: "x" + s, Habitat: opt, DangerLevel: i % 11, Description: opt,
				CreatedAt: times[0], UpdatedAt: times[1]}
			checkRow(t, c)
		}
	}
	if n < 100 {
		t.Fatalf("only %d records compared", n)
	}
}

// checkRow compares the list's encoding of c, read as a row, with encoding/json's.
func checkRow(t *testing.T, c Creature) {
	t.Helper()
	want, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	r := row{id: c.ID, danger: int64(c.DangerLevel), name: column{b: []byte(c.Name)}, species: column{b: []byte(c.Species)},
		habitat: columnOf(c.Habitat), desc: columnOf(c.Description),
		createdAt: column{b: []byte(c.CreatedAt.Format(time.RFC3339))}, updatedAt: column{b: []byte(c.UpdatedAt.Format(time.RFC3339))}}
	got, err := r.appendJSON(nil)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("row.appendJSON(%q): %v\n got %s\nwant %s", c.Name, err, got, want)
	}
}

func columnOf(s *string) column {
	if s == nil {
		return column{null: true}
	}
	return column{b: []byte(*s)}
}

// TestAppendTimestamp: the stored forms the list meets, written as encoding/json writes the
// time.Time the SQLite driver reads from them; what is no date and time fails the row instead
// of writing bad JSON.
func TestAppendTimestamp(t *testing.T) {
	for stored, want := range map[string]string{
		"2026-11-24 03:04:05+00:00":        `"2026-11-24T03:04:05Z"`, // the SQLite store's own form
		"2026-11-24T03:04:05Z":             `"2026-11-24T03:04:05Z"`, // MariaDB through column.Scan
		"2026-11-24 03:04:05":              `"2026-11-24T03:04:05Z"`, // SQLite's datetime()
		"2024-02-29 23:59:59":              `"2024-02-29T23:59:59Z"`,
		"2026-11-24 03:04:05.5+00:00":      `"2026-11-24T03:04:05.5Z"`,
		"2026-11-24 05:04:05+02:00":        `"2026-11-24T03:04:05Z"`,
		"2026-11-24T03:04:05.123Z":         `"2026-11-24T03:04:05.123Z"`,
		"2026-11-24 03:04":                 `"2026-11-24T03:04:00Z"`,
		"2026-11-24":                       `"2026-11-24T00:00:00Z"`,
		"2026-11-24 03:04:05.25 +0000 UTC": `"2026-11-24T03:04:05.25Z"`, // time.Time.String
	} {
		got, err := appendTimestamp(nil, column{b: []byte(stored)})
		if err != nil || string(got) != want {
			t.Errorf("appendTimestamp(%q) = %s, %v; want %s", stored, got, err, want)
		}
	}
	for _, bad := range []column{{null: true}, {b: []byte("")}, {b: []byte("yesterday")}, {b: []byte("2026-02-29 00:00:00")},
		{b: []byte("2026-13-01 00:00:00")}, {b: []byte("2026-11-24 24:00:00")}, {b: []byte("2026-11-24 03:04:05+01")}} {
		if _, err := appendTimestamp(nil, bad); !errors.Is(err, errTimestamp) {
			t.Errorf("appendTimestamp(%q, null %v): err = %v, want errTimestamp", bad.b, bad.null, err)
		}
		r := row{id: 1, createdAt: column{b: []byte("2026-11-24T03:00:00Z")}, updatedAt: bad}
		if _, err := r.appendJSON(nil); !errors.Is(err, errTimestamp) {
			t.Errorf("row with updated_at %q: err = %v, want errTimestamp", bad.b, err)
		}
	}
}

// TestColumnScan tells NULL from the empty text and copies the driver's bytes.
func TestColumnScan(t *testing.T) {
	var c column
	src := []byte("abc")
	if err := c.Scan(src); err != nil || string(c.b) != "abc" || c.null {
		t.Fatalf("Scan([]byte) = %q %v %v", c.b, c.null, err)
	}
	src[0] = 'X'
	if string(c.b) != "abc" {
		t.Errorf("the column kept the driver's buffer: %q", c.b)
	}
	if err := c.Scan(nil); err != nil || !c.null {
		t.Errorf("Scan(nil): null %v, %v", c.null, err)
	}
	if err := c.Scan(""); err != nil || c.null || len(c.b) != 0 {
		t.Errorf("Scan(\"\"): %q null %v, %v", c.b, c.null, err)
	}
	if err := c.Scan(time.Date(2026, 11, 24, 5, 4, 5, 0, time.FixedZone("", 2*3600))); err != nil || string(c.b) != "2026-11-24T03:04:05Z" {
		t.Errorf("Scan(time.Time) = %q, %v", c.b, err)
	}
	if err := c.Scan(int64(3)); err == nil {
		t.Error("Scan(int64) succeeded")
	}
}

// FuzzEncode compares the hand-written encoders with encoding/json on any text.
func FuzzEncode(f *testing.F) {
	for _, s := range encodeTexts() {
		f.Add(s, s, false, int64(1), 3, int64(1_700_000_000))
	}
	f.Add("", "", true, int64(-5), -1, int64(0))
	f.Fuzz(func(t *testing.T, name, habitat string, null bool, id int64, danger int, unix int64) {
		if unix < 0 || unix > 253402300799 { // years 1970–9999
			unix = 1_700_000_000
		}
		var opt *string
		if !null {
			opt = &habitat
		}
		ts := time.Unix(unix, 0).UTC()
		c := Creature{ID: id, Name: name, Species: habitat, Habitat: opt, DangerLevel: danger, Description: opt, CreatedAt: ts, UpdatedAt: ts}
		want, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendCreature(nil, &c); !bytes.Equal(got, want) {
			t.Fatalf("appendCreature\n got %s\nwant %s", got, want)
		}
		checkRow(t, c)
	})
}

// TestETagOf checks that etagOf gives the quoted FNV-1a hash in 16 lower-case hex digits
// that it gave when it was formatted with fmt, so that tags clients hold stay valid. The hash
// of "tag 23900" starts with two zero digits.
func TestETagOf(t *testing.T) {
	for _, text := range append(encodeTexts(), "\x00", "a", "tag 23900") {
		h := fnv.New64a()
		h.Write([]byte(text))
		if got, want := etagOf([]byte(text)), fmt.Sprintf(`"%016x"`, h.Sum64()); got != want {
			t.Errorf("etagOf(%q) = %s, want %s", text, got, want)
		}
	}
}
