package jsonhttp

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/problem"
)

// parseCase is a body and how ParseObject must answer it: accepted with the given members, or
// refused as Malformed, naming the given fields.
type parseCase struct {
	name    string
	body    string
	members map[string]string // accepted: each member's raw value
	fields  map[string]string // refused: the problem's fields (nil for none)
}

func runParseCases(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			obj, err := ParseObject([]byte(tc.body))
			if tc.members != nil {
				if err != nil {
					t.Fatalf("ParseObject(%q): %v", tc.body, err)
				}
				got := map[string]string{}
				for k, v := range obj {
					got[k] = string(v)
				}
				if diff := cmp.Diff(tc.members, got); diff != "" {
					t.Errorf("members (-want +got):\n%s", diff)
				}
				return
			}
			var pe *problem.Error
			if !errors.As(err, &pe) || pe.Kind != problem.Malformed {
				t.Fatalf("ParseObject(%q) = %v, %v; want a Malformed problem", tc.body, obj, err)
			}
			if diff := cmp.Diff(tc.fields, pe.Fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s\ndetail: %s", diff, pe.Detail)
			}
		})
	}
}

func TestParseObject_Text(t *testing.T) {
	const utf8Msg = "must be valid UTF-8 text"
	const surrogateMsg = "must be valid Unicode text (it holds an unpaired surrogate escape)"
	runParseCases(t, []parseCase{
		{name: "UTF-8 text", body: `{"name":"Ōkami 龍 🐉"}`, members: map[string]string{"name": `"Ōkami 龍 🐉"`}},
		{name: "escaped pair", body: `{"name":"\ud83d\udc09"}`, members: map[string]string{"name": `"\ud83d\udc09"`}},
		{name: "escaped BMP character", body: `{"name":"\u00e9\uFFFD"}`, members: map[string]string{"name": `"\u00e9\uFFFD"`}},
		{name: "Latin-1 byte", body: "{\"name\":\"caf\xe9\"}", fields: map[string]string{"name": utf8Msg}},
		{name: "Latin-1 byte in a nested value", body: "{\"tags\":[\"ok\",{\"x\":\"\xff\"}]}", fields: map[string]string{"tags": utf8Msg}},
		{name: "Latin-1 byte in a member name", body: "{\"n\xe4me\":\"x\"}"},
		{name: "overlong slash", body: "{\"name\":\"\xc0\xaf\"}", fields: map[string]string{"name": utf8Msg}},
		{name: "surrogate encoded as UTF-8 (CESU-8)", body: "{\"name\":\"\xed\xa0\x80\"}", fields: map[string]string{"name": utf8Msg}},
		{name: "truncated sequence", body: "{\"name\":\"\xe9\xbe\"}", fields: map[string]string{"name": utf8Msg}},
		{name: "lone high surrogate", body: `{"name":"\ud800"}`, fields: map[string]string{"name": surrogateMsg}},
		{name: "lone low surrogate", body: `{"name":"a\udc00b"}`, fields: map[string]string{"name": surrogateMsg}},
		{name: "high surrogate then a letter", body: `{"name":"\ud800\u0041"}`, fields: map[string]string{"name": surrogateMsg}},
		{name: "two high surrogates", body: `{"name":"\ud800\ud800"}`, fields: map[string]string{"name": surrogateMsg}},
		{name: "pair reversed", body: `{"name":"\udc09\ud83d"}`, fields: map[string]string{"name": surrogateMsg}},
		{name: "high surrogate at the end of a key", body: `{"\ud800":1}`},
		{name: "raw control character", body: "{\"name\":\"a\x01\"}", fields: map[string]string{"name": "is not valid JSON"}},
		{name: "bad escape", body: `{"name":"\x41"}`, fields: map[string]string{"name": "is not valid JSON"}},
		{name: "short \\u escape", body: `{"name":"\u12"}`, fields: map[string]string{"name": "is not valid JSON"}},
		{name: "byte order mark", body: "\xef\xbb\xbf{}"},
	})
}

func TestParseObject_Structure(t *testing.T) {
	runParseCases(t, []parseCase{
		{name: "empty object", body: `{}`, members: map[string]string{}},
		{name: "white space around", body: " \t\r\n{ \"a\" : 1 , \"b\" : [ 1 , { } ] }\n", members: map[string]string{"a": "1", "b": "[ 1 , { } ]"}},
		{name: "every kind of value", body: `{"s":"x","n":-1.5e+3,"t":true,"f":false,"z":null,"a":[],"o":{"p":[0]}}`,
			members: map[string]string{"s": `"x"`, "n": "-1.5e+3", "t": "true", "f": "false", "z": "null", "a": "[]", "o": `{"p":[0]}`}},
		{name: "empty body", body: ``},
		{name: "only space", body: "  \n"},
		{name: "null", body: `null`},
		{name: "array", body: `[]`},
		{name: "string", body: `"x"`},
		{name: "cut short", body: `{"a":`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "two objects", body: `{"a":1}{"b":2}`},
		{name: "trailing garbage", body: `{"a":1} x`},
		{name: "single quotes", body: `{'a':1}`},
		{name: "trailing comma", body: `{"a":1,}`},
		{name: "leading zero", body: `{"a":01}`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "bare decimal point", body: `{"a":1.}`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "plus sign", body: `{"a":+1}`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "NaN", body: `{"a":NaN}`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "truncated literal", body: `{"a":tru}`, fields: map[string]string{"a": "is not valid JSON"}},
		{name: "nested 32 deep", body: `{"a":` + strings.Repeat("[", 31) + strings.Repeat("]", 31) + `}`,
			members: map[string]string{"a": strings.Repeat("[", 31) + strings.Repeat("]", 31)}},
		{name: "nested 33 deep", body: `{"a":` + strings.Repeat("[", 32) + strings.Repeat("]", 32) + `}`, fields: map[string]string{"a": "is nested too deeply"}},
		{name: "a million brackets", body: `{"a":` + strings.Repeat("[", 1<<20) + `}`, fields: map[string]string{"a": "is nested too deeply"}},
	})
}

func TestReadObject_ContentType(t *testing.T) {
	for _, tc := range []struct {
		contentType string
		want        problem.Kind // -1 for accepted
	}{
		{"application/json", -1},
		{"application/json; charset=utf-8", -1},
		{"application/json; charset=UTF-8", -1},
		{`application/json; charset="utf-8"`, -1},
		{"application/json; charset=utf8", -1},
		{"Application/JSON", -1},
		{"application/json; charset=iso-8859-1", problem.UnsupportedMediaType},
		{"application/json; charset=latin1", problem.UnsupportedMediaType},
		{"application/json; charset=utf-16", problem.UnsupportedMediaType},
		{"application/json; charset=", problem.UnsupportedMediaType},
		{"text/plain", problem.UnsupportedMediaType},
		{"", problem.UnsupportedMediaType},
	} {
		r := httptest.NewRequest("POST", "/", strings.NewReader(`{"a":1}`))
		if tc.contentType != "" {
			r.Header.Set("Content-Type", tc.contentType)
		}
		_, err := ReadObject(httptest.NewRecorder(), r, 100)
		switch {
		case tc.want == -1 && err != nil:
			t.Errorf("Content-Type %q: %v", tc.contentType, err)
		case tc.want != -1 && problem.KindOf(err) != tc.want:
			t.Errorf("Content-Type %q: %v, want kind %d", tc.contentType, err, tc.want)
		}
	}
}

func TestParseObject_Duplicates(t *testing.T) {
	runParseCases(t, []parseCase{
		{name: "a member twice", body: `{"name":"a","species":"b","name":"c"}`, fields: map[string]string{"name": "is given more than once"}},
		{name: "twice with the same value", body: `{"n":1,"n":1}`, fields: map[string]string{"n": "is given more than once"}},
		{name: "twice, once escaped", body: `{"name":"a","n\u0061me":"c"}`, fields: map[string]string{"name": "is given more than once"}},
		{name: "twice in a nested object", body: `{"o":{"k":1,"k":2}}`, fields: map[string]string{"o": `holds the member "k" more than once`}},
		{name: "twice deep in an array", body: `{"a":[0,{"x":{"k":1,"\u006b":2}}]}`, fields: map[string]string{"a": `holds the member "k" more than once`}},
		{name: "the same name in two objects", body: `{"a":[{"k":1},{"k":2}],"k":3}`, members: map[string]string{"a": `[{"k":1},{"k":2}]`, "k": "3"}},
		{name: "names that differ in case", body: `{"Name":1,"name":2}`, members: map[string]string{"Name": "1", "name": "2"}},
		{name: "names that differ in normalisation", body: `{"é":1,"e\u0301":2}`, members: map[string]string{"é": "1", "e\u0301": "2"}},
	})
}
