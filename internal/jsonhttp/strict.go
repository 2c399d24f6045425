package jsonhttp

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
)

// MaxDepth is how deeply arrays and objects may nest in a request body. The APIs take flat
// objects; the limit keeps a body of a million brackets from costing a million stack frames.
const MaxDepth = 32

// parser reads one JSON text (RFC 8259) strictly, where encoding/json is lenient: it refuses
// bytes that are not UTF-8 and \u escapes of unpaired UTF-16 surrogates (encoding/json turns
// both into U+FFFD, so the stored text would differ from what was sent), and an object that
// names a member twice (encoding/json keeps the last, so two readers of the same body could
// disagree on what it says). Member names are compared as decoded, so "a" and "\u0061" are
// the same name. Errors are Malformed problems that name the top-level member
// they occur in.
type parser struct {
	data []byte
	pos  int
	// member is the top-level member being read, "" outside one.
	member string
}

// fail returns a Malformed problem; when the error is inside a top-level member, its Fields
// name that member with fieldMsg.
func (p *parser) fail(fieldMsg, format string, args ...any) error {
	e := problem.New(problem.Malformed, format, args...)
	if p.member != "" && fieldMsg != "" {
		e.Fields = map[string]string{p.member: fieldMsg}
	}
	return e
}

func (p *parser) syntax(what string) error {
	return p.fail("is not valid JSON", "The body is not valid JSON: %s at byte %d.", what, p.pos)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// object parses the members of an object whose '{' is at p.pos. At the top level (depth 1) it
// returns them; deeper, it only checks them.
func (p *parser) object(depth int) (Object, error) {
	if depth > MaxDepth {
		return nil, p.fail("is nested too deeply", "The body nests arrays and objects more than %d levels deep.", MaxDepth)
	}
	p.pos++ // '{'
	var obj Object
	if depth == 1 {
		obj = Object{}
	}
	seen := map[string]bool{}
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return obj, nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.syntax("expected a member name in double quotes")
		}
		key, err := p.str(true)
		if err != nil {
			return nil, err
		}
		if seen[key] {
			if depth == 1 {
				p.member = key
				return nil, p.fail("is given more than once", "The body gives the member %q more than once.", key)
			}
			return nil, p.fail(fmt.Sprintf("holds the member %q more than once", key), "The body gives the member %q more than once.", key)
		}
		seen[key] = true
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.syntax("expected ':' after a member name")
		}
		p.pos++
		p.skipSpace()
		if depth == 1 {
			p.member = key
		}
		start := p.pos
		if err := p.value(depth); err != nil {
			return nil, err
		}
		if depth == 1 {
			obj[key] = json.RawMessage(p.data[start:p.pos])
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.syntax("unexpected end of input")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			if depth == 1 {
				p.member = ""
			}
			return obj, nil
		default:
			return nil, p.syntax("expected ',' or '}'")
		}
		if depth == 1 {
			p.member = ""
		}
	}
}

// value checks the value at p.pos, which must not be white space.
func (p *parser) value(depth int) error {
	if p.pos >= len(p.data) {
		return p.syntax("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		_, err := p.object(depth + 1)
		return err
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		_, err := p.str(false)
		return err
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true")
	case c == 'f':
		return p.literal("false")
	case c == 'n':
		return p.literal("null")
	}
	return p.syntax("unexpected character")
}

func (p *parser) array(depth int) error {
	if depth > MaxDepth {
		return p.fail("is nested too deeply", "The body nests arrays and objects more than %d levels deep.", MaxDepth)
	}
	p.pos++ // '['
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return nil
	}
	for {
		p.skipSpace()
		if err := p.value(depth); err != nil {
			return err
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return p.syntax("unexpected end of input")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return nil
		default:
			return p.syntax("expected ',' or ']'")
		}
	}
}

func (p *parser) literal(word string) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.syntax("unexpected character")
	}
	p.pos += len(word)
	return nil
}

// number checks the grammar of a number; whether its value suits a field is for Fields.Int.
func (p *parser) number() error {
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.data) && p.data[p.pos] == '0':
		p.pos++
	case digits() == 0:
		return p.syntax("expected a digit")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return p.syntax("expected a digit after the decimal point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return p.syntax("expected a digit in the exponent")
		}
	}
	return nil
}

// str reads the string whose opening quote is at p.pos. It returns the decoded text only
// when decode is set (for member names, which must be compared).
func (p *parser) str(decode bool) (string, error) {
	p.pos++ // '"'
	var out []byte
	for {
		if p.pos >= len(p.data) {
			return "", p.syntax("unexpected end of input in a string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(out), nil
		case c < 0x20:
			return "", p.syntax("control character in a string")
		case c == '\\':
			r, err := p.escape()
			if err != nil {
				return "", err
			}
			if decode {
				out = utf8.AppendRune(out, r)
			}
		case c < utf8.RuneSelf:
			p.pos++
			if decode {
				out = append(out, c)
			}
		default:
			// DecodeRune refuses what is not UTF-8: stray Latin-1 bytes, overlong forms, and
			// surrogates encoded directly (CESU-8).
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", p.fail("must be valid UTF-8 text", "The body is not valid UTF-8 text (byte %d); send JSON as UTF-8.", p.pos)
			}
			if decode {
				out = append(out, p.data[p.pos:p.pos+size]...)
			}
			p.pos += size
		}
	}
}

// escape reads the escape sequence at p.pos and returns the character it stands for. A \u
// escape of a high surrogate must be followed at once by one of a low surrogate; the pair is
// one character.
func (p *parser) escape() (rune, error) {
	start := p.pos
	p.pos++ // '\\'
	if p.pos >= len(p.data) {
		return 0, p.syntax("unexpected end of input in an escape")
	}
	c := p.data[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
	default:
		p.pos = start
		return 0, p.syntax("invalid escape")
	}
	r, ok := p.hex4()
	if !ok {
		p.pos = start
		return 0, p.syntax("invalid \\u escape")
	}
	if !utf16.IsSurrogate(r) {
		return r, nil
	}
	if r < 0xDC00 && len(p.data)-p.pos >= 6 && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
		save := p.pos
		p.pos += 2
		if lo, ok := p.hex4(); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return utf16.DecodeRune(r, lo), nil
		}
		p.pos = save
	}
	return 0, p.fail("must be valid Unicode text (it holds an unpaired surrogate escape)",
		"The body holds the escape %s, half of a UTF-16 surrogate pair without its other half, at byte %d.", p.data[start:start+6], start)
}

// hex4 reads four hexadecimal digits.
func (p *parser) hex4() (rune, bool) {
	if len(p.data)-p.pos < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 16)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(n), true
}
