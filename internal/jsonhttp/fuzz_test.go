package jsonhttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
)

// FuzzParseObject feeds ParseObject arbitrary bodies. Whatever it accepts must be one JSON
// object that encoding/json reads the same way, in UTF-8, without repeated members; whatever
// it refuses must be a Malformed problem. And it must accept every plain object (no escapes,
// no repeated members, not too deep) that encoding/json accepts. The seeds in
// testdata/fuzz/FuzzParseObject run with every `go test`; explore with
//
//	go test ./internal/jsonhttp -run '^$' -fuzz FuzzParseObject -fuzztime 60s
func FuzzParseObject(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		obj, err := ParseObject(body)
		if err != nil {
			var pe *problem.Error
			if !errors.As(err, &pe) || pe.Kind != problem.Malformed {
				t.Fatalf("ParseObject(%q) = %v: not a Malformed problem", body, err)
			}
			if plainObject(body) {
				t.Fatalf("ParseObject refused %q, which encoding/json reads as a plain object: %v", body, err)
			}
			return
		}
		if !utf8.Valid(body) || !json.Valid(body) {
			t.Fatalf("ParseObject accepted %q, which is not valid UTF-8 JSON", body)
		}
		var std map[string]json.RawMessage
		if err := json.Unmarshal(body, &std); err != nil || std == nil {
			t.Fatalf("ParseObject accepted %q, which encoding/json does not read as an object: %v", body, err)
		}
		if len(std) != len(obj) {
			t.Fatalf("members %d, encoding/json %d", len(obj), len(std))
		}
		for k, v := range obj {
			if !bytes.Equal(bytes.TrimSpace(std[k]), v) {
				t.Fatalf("member %q = %s, encoding/json %s", k, v, std[k])
			}
		}
	})
}

// plainObject reports whether body is a JSON object that encoding/json reads, written without
// backslash escapes, nested at most MaxDepth deep, and naming no member twice in any object.
func plainObject(body []byte) bool {
	trimmed := bytes.TrimSpace(body)
	if !json.Valid(body) || !utf8.Valid(body) || bytes.IndexByte(body, '\\') >= 0 || len(trimmed) == 0 || trimmed[0] != '{' {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	type level struct {
		keys      map[string]bool
		object    bool
		expectKey bool
	}
	var stack []*level
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			return false
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.object {
					top.expectKey = true
				}
				stack = append(stack, &level{keys: map[string]bool{}, object: d == '{', expectKey: d == '{'})
				if len(stack) > MaxDepth {
					return false
				}
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top != nil && top.object {
			if top.expectKey {
				k := tok.(string)
				if top.keys[k] {
					return false
				}
				top.keys[k] = true
			}
			top.expectKey = !top.expectKey
		}
	}
}

// FuzzFieldsInt checks Fields.Int against exact rational arithmetic (math/big) on every JSON
// number: it accepts exactly the integers that int64 holds, whatever their notation, refuses
// fractions and larger numbers as Malformed, and never rounds.
func FuzzFieldsInt(f *testing.F) {
	f.Fuzz(func(t *testing.T, lit string) {
		lit = strings.TrimSpace(lit) // JSON white space around a value is not part of it
		if lit == "" || (lit[0] != '-' && (lit[0] < '0' || lit[0] > '9')) || !json.Valid([]byte(lit)) {
			return // not a JSON number
		}
		fields := NewFields(Object{"n": json.RawMessage(lit)})
		got := fields.Int("n", -1<<63, 1<<63-1)
		_, exp, _ := strings.Cut(strings.ToLower(lit), "e")
		if len(strings.TrimLeft(strings.TrimLeft(exp, "+-"), "0")) > 4 {
			// math/big would build a number of that many digits; only check the verdict's kind.
			if got == nil && problem.KindOf(fields.Err()) != problem.Malformed {
				t.Fatalf("Int(%s): %v", lit, fields.Err())
			}
			return
		}
		want, ok := new(big.Rat).SetString(lit)
		if !ok {
			t.Fatalf("math/big cannot read %q", lit)
		}
		fits := want.IsInt() && want.Num().IsInt64()
		switch {
		case fits && (got == nil || *got != want.Num().Int64()):
			t.Fatalf("Int(%s) = %v, %v; want %s", lit, got, fields.Err(), want.Num())
		case !fits && got != nil:
			t.Fatalf("Int(%s) = %d; it is not an int64", lit, *got)
		case !fits && problem.KindOf(fields.Err()) != problem.Malformed:
			t.Fatalf("Int(%s): %v, want a Malformed problem", lit, fields.Err())
		}
	})
}
