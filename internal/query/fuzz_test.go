package query_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
)

// FuzzParse compares Parse with net/url's ParseQuery on arbitrary query strings: Parse accepts
// only what ParseQuery reads without error, reads it the same way, and only as UTF-8 text;
// it refuses the rest with a Malformed problem naming one parameter. The seeds in
// testdata/fuzz/FuzzParse run with every `go test`; explore with
//
//	go test ./internal/query -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := query.Parse(raw)
		std, stdErr := url.ParseQuery(raw)
		if err != nil {
			var pe *problem.Error
			if !errors.As(err, &pe) || pe.Kind != problem.Malformed || len(pe.Fields) != 1 {
				t.Fatalf("Parse(%q) = %v: want a Malformed problem naming one parameter", raw, err)
			}
			if stdErr == nil && !strings.Contains(raw, ";") && allText(std) {
				t.Fatalf("Parse(%q) refused what url.ParseQuery reads as UTF-8: %v", raw, err)
			}
			return
		}
		if stdErr != nil {
			t.Fatalf("Parse(%q) accepted what url.ParseQuery refuses: %v", raw, stdErr)
		}
		if len(got) != len(std) {
			t.Fatalf("Parse(%q) = %v, url.ParseQuery %v", raw, got, std)
		}
		for k, vs := range got {
			if strings.Join(vs, "\x00") != strings.Join(std[k], "\x00") {
				t.Fatalf("Parse(%q)[%q] = %q, url.ParseQuery %q", raw, k, vs, std[k])
			}
		}
		if !allText(got) {
			t.Fatalf("Parse(%q) returned text that is not UTF-8: %q", raw, got)
		}
	})
}

// allText reports whether every name and value is UTF-8, each on its own.
func allText(v url.Values) bool {
	for k, vs := range v {
		if !utf8.ValidString(k) {
			return false
		}
		for _, s := range vs {
			if !utf8.ValidString(s) {
				return false
			}
		}
	}
	return true
}
