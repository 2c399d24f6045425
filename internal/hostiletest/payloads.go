package hostiletest

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
)

// Body is a named request body.
type Body struct {
	Name string
	Body []byte
}

// with returns obj with key set to raw JSON text, encoded in key order.
func with(obj map[string]any, key, raw string) []byte {
	var b strings.Builder
	b.WriteByte('{')
	keys := slices.Sorted(maps.Keys(obj))
	if _, ok := obj[key]; !ok && key != "" {
		keys = append(keys, key)
	}
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		if k == key {
			b.WriteString(raw)
			continue
		}
		vb, _ := json.Marshal(obj[k])
		b.Write(vb)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// MalformedJSON returns bodies that break JSON itself or its encoding, built around valid, a
// valid object for the endpoint: truncation, trailing data, duplicate keys, nesting bombs,
// bad encodings, numbers that do not fit, and values of the wrong JSON type for each of its
// fields. maxBody is the endpoint's body limit; one body exceeds it.
func MalformedJSON(valid map[string]any, maxBody int) []Body {
	good, _ := json.Marshal(valid)
	first := slices.Sorted(maps.Keys(valid))[0]
	fb, _ := json.Marshal(valid[first])
	bodies := []Body{
		{"empty body", []byte{}},
		{"whitespace body", []byte(" \n\t ")},
		{"null", []byte("null")},
		{"array", []byte("[]")},
		{"array of the object", []byte("[" + string(good) + "]")},
		{"string", []byte(`"hello"`)},
		{"number", []byte("42")},
		{"true", []byte("true")},
		{"truncated", good[:len(good)-1]},
		{"open brace only", []byte("{")},
		{"trailing garbage", append(append([]byte{}, good...), []byte(" x")...)},
		{"two objects", append(append([]byte{}, good...), good...)},
		{"trailing comma", []byte(strings.TrimSuffix(string(good), "}") + ",}")},
		{"single quotes", []byte(strings.ReplaceAll(string(good), `"`, `'`))},
		{"unquoted keys", []byte(fmt.Sprintf(`{%s:%s}`, first, fb))},
		{"comment", []byte("/* hi */" + string(good))},
		{"duplicate key", []byte(strings.TrimSuffix(string(good), "}") + fmt.Sprintf(`,%q:%s}`, first, fb))},
		{"duplicate key differing in case", []byte(strings.TrimSuffix(string(good), "}") + fmt.Sprintf(`,%q:%s}`, strings.ToUpper(first), fb))},
		{"byte order mark", append([]byte("\xef\xbb\xbf"), good...)},
		{"UTF-16 body", utf16(string(good))},
		{"invalid UTF-8 in a value", with(valid, first, "\"caf\xe9\"")},
		{"invalid UTF-8 in a key", with(valid, "caf\xe9", `"x"`)},
		{"overlong UTF-8", with(valid, first, "\"\xc0\xaf\"")},
		{"lone high surrogate escape", with(valid, first, `"\ud800"`)},
		{"lone low surrogate escape", with(valid, first, `"x\udc00y"`)},
		{"reversed surrogate pair", with(valid, first, `"\udc00\ud800"`)},
		{"raw control character", with(valid, first, "\"a\x01b\"")},
		{"escaped NUL", with(valid, first, `"a\u0000b"`)},
		{"bad escape", with(valid, first, `"a\qb"`)},
		{"nesting bomb of arrays", []byte(strings.Repeat("[", 100000) + strings.Repeat("]", 100000))},
		{"nesting bomb in a field", with(valid, first, strings.Repeat(`{"a":`, 10000)+"1"+strings.Repeat("}", 10000))},
		{"many keys", manyKeys(20000)},
		{"over the body limit", with(valid, first, `"`+strings.Repeat("a", maxBody)+`"`)},
		{"NaN", with(valid, first, "NaN")},
		{"Infinity", with(valid, first, "Infinity")},
		{"hex number", with(valid, first, "0x10")},
		{"leading zero", with(valid, first, "01")},
		{"plus sign", with(valid, first, "+1")},
		{"huge number", with(valid, first, "1e400")},
		{"tiny number", with(valid, first, "1e-400")},
	}
	for _, k := range slices.Sorted(maps.Keys(valid)) {
		for _, wrong := range []struct{ name, raw string }{
			{"null", "null"}, {"an object", `{"$gt":""}`}, {"an array", `["x"]`}, {"a boolean", "true"},
			{"a number", "12"}, {"a string", `"12"`}, {"a fraction", "2.5"}, {"negative zero", "-0"},
			{"2^63", "9223372036854775808"}, {"-2^63-1", "-9223372036854775809"}, {"1e2 for an integer", "1e2"},
		} {
			bodies = append(bodies, Body{fmt.Sprintf("%s as %s", k, wrong.name), with(valid, k, wrong.raw)})
		}
	}
	bodies = append(bodies, Body{"unknown field", with(valid, "is_admin", "true")})
	return bodies
}

// Injections are string values that attack whatever might interpret them: SQL, HTML,
// templates, paths, headers, log lines, Unicode tricks.
var Injections = []Body{
	{"SQL quote", []byte(`' OR '1'='1`)},
	{"SQL drop", []byte(`x'); DROP TABLE members; --`)},
	{"SQL comment", []byte(`admin'--`)},
	{"SQL union", []byte(`" UNION SELECT password_hash FROM members --`)},
	{"SQL wildcard", []byte(`%_%`)},
	{"HTML script", []byte(`<script>alert(1)</script>`)},
	{"HTML attribute", []byte(`"><img src=x onerror=alert(1)>`)},
	{"template", []byte(`{{7*7}}${7*7}<%= 7*7 %>`)},
	{"JNDI", []byte(`${jndi:ldap://127.0.0.1/a}`)},
	{"path traversal", []byte(`../../../../etc/passwd`)},
	{"Windows traversal", []byte(`..\..\..\windows\win.ini`)},
	{"CRLF header injection", []byte("x\r\nSet-Cookie: evil=1")},
	{"log line injection", []byte("x\nlevel=ERROR msg=forged")},
	{"NUL byte", []byte("a\x00b")},
	{"bidi override", []byte("abc\u202edcba")},
	{"zero-width only", []byte("\u200b\u200b")},
	{"combining marks", []byte("Z" + strings.Repeat("\u0301", 300))},
	{"emoji sequence", []byte("👩\u200d👩\u200d👧\u200d👦 ♟")},
	{"noncharacter", []byte("a\uffffb")},
	{"private use", []byte("a\ue000b")},
	{"ẞ and friends", []byte("ẞ ϴ Ꟈ Ა Ꭰ 𐐀 𞤀 Ⰰ")},
	{"very long word", []byte(strings.Repeat("ﷺ", 5000))},
}

// BadPaths are request targets under prefix (such as "/creatures/") for an id segment.
func BadPaths(prefix string) []Body {
	var out []Body
	for _, p := range []struct{ name, seg string }{
		{"id zero", "0"}, {"negative id", "-1"}, {"id past int64", "9223372036854775808"}, {"id of 40 digits", strings.Repeat("9", 40)},
		{"fractional id", "1.5"}, {"exponent id", "1e3"}, {"hex id", "0x1"}, {"id with plus", "+1"}, {"id with space", "%201"},
		{"id with leading zeros", "0001"}, {"dot segment", ".."}, {"encoded dot segment", "%2e%2e"}, {"encoded slash", "1%2F2"},
		{"traversal", "..%2F..%2Fetc%2Fpasswd"}, {"NUL in id", "1%00"}, {"bad escape in id", "%ZZ"}, {"unicode digits", "%D9%A1"},
		{"SQL in id", "1%20OR%201=1"}, {"very long id", strings.Repeat("a", 4000)}, {"empty id with slash", "/"},
	} {
		out = append(out, Body{p.name, []byte(prefix + p.seg)})
	}
	return out
}

// BadQueries are query strings that must not parse, or name what an endpoint does not know.
var BadQueries = []Body{
	{"bad percent escape", []byte("q=Dragon%ZZ")},
	{"semicolon separator", []byte("limit=2;offset=5")},
	{"unknown parameter", []byte("color=red")},
	{"repeated parameter", []byte("limit=1&limit=2")},
	{"array syntax", []byte("limit[]=1")},
	{"object syntax", []byte("limit[$gt]=1")},
	{"empty name", []byte("=1")},
	{"negative limit", []byte("limit=-1")},
	{"limit past int64", []byte("limit=99999999999999999999")},
	{"limit as words", []byte("limit=ten")},
	{"NUL in a value", []byte("q=a%00b")},
	{"invalid UTF-8 in a value", []byte("q=%ff%fe")},
	{"lone surrogate in a value", []byte("q=%ed%a0%80")},
	{"SQL in sort", []byte("sort=name;DROP%20TABLE%20x")},
	{"very long query", []byte("q=" + strings.Repeat("a", 6000))},
}

// Methods are request methods a JSON API rarely expects.
var Methods = []string{"TRACE", "CONNECT", "PROPFIND", "PURGE", "FOO", "OPTIONS", "HEAD"}

// ContentTypes are Content-Type values a JSON endpoint must refuse (or read correctly).
var ContentTypes = []string{
	"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml",
	"application/json; charset=latin1", "application/json; charset=utf-16", "application/json; charset=\"", "application/json;;;",
	"application/jsonx", "*/*", "application/json, text/plain",
}

// BadAuthorizations are Authorization header values that must not authenticate anyone.
var BadAuthorizations = []string{
	"Bearer", "Bearer ", "Bearer null", "Bearer undefined", "bearer ' OR '1'='1", "Basic YWRtaW46YWRtaW4=",
	"Bearer " + strings.Repeat("A", 8000), "Bearer a b", "Token abc", "Bearer \u00e9\u00e9", "Bearer %00",
}

// RawRequests are malformed HTTP/1.1 messages for host, written to a connection as is.
func RawRequests(host, path string) []Body {
	return []Body{
		{"raw: chunked and Content-Length", []byte("POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")},
		{"raw: two Content-Lengths", []byte("POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}")},
		{"raw: bad chunk size", []byte("POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")},
		{"raw: HTTP/0.9", []byte("GET " + path + "\r\n\r\n")},
		{"raw: HTTP/2.0 line", []byte("GET " + path + " HTTP/2.0\r\nHost: " + host + "\r\n\r\n")},
		{"raw: no Host", []byte("GET " + path + " HTTP/1.1\r\n\r\n")},
		{"raw: space in target", []byte("GET " + path + " x HTTP/1.1\r\nHost: " + host + "\r\n\r\n")},
		{"raw: header without colon", []byte("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nBroken\r\n\r\n")},
		{"raw: huge header", []byte("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nX-Big: " + strings.Repeat("a", 200<<10) + "\r\n\r\n")},
		{"raw: bare LF line ends", []byte("GET " + path + " HTTP/1.1\nHost: " + host + "\n\n")},
		{"raw: absolute-form target", []byte("GET http://evil.example" + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")},
	}
}

// TruncatedBody is a raw request whose body ends before its Content-Length: send it with
// HalfClose, as a client that gave up would.
func TruncatedBody(host, path string) Body {
	return Body{"raw: body shorter than Content-Length", []byte("POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{}")}
}

// CORSHeaders are preflight and cross-origin headers from origins that are not allowed.
var CORSHeaders = []http.Header{
	{"Origin": {"https://evil.example"}, "Access-Control-Request-Method": {"POST"}},
	{"Origin": {"null"}, "Access-Control-Request-Method": {"DELETE"}},
	{"Origin": {"http://localhost.evil.example"}, "Access-Control-Request-Method": {"POST"}},
	{"Origin": {"capacitor://localhost"}, "Access-Control-Request-Method": {"TRACE"}},
	{"Origin": {"https://evil.example"}, "Access-Control-Request-Method": {"POST"}, "Access-Control-Request-Headers": {"x-evil, authorization"}},
}

func utf16(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, r := range s {
		out = append(out, byte(r), byte(r>>8))
	}
	return out
}

func manyKeys(n int) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteByte('}')
	return []byte(b.String())
}
