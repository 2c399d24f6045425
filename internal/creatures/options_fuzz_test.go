package creatures_test

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
)

// FuzzParseListOptions reads arbitrary query strings as list options, as GET /creatures does:
// a query is refused with a Malformed problem, or gives options within every documented
// limit. The seeds in testdata/fuzz/FuzzParseListOptions run with every `go test`; explore
// with
//
//	go test ./internal/creatures -run '^$' -fuzz FuzzParseListOptions -fuzztime 60s
func FuzzParseListOptions(f *testing.F) {
	sorts := []string{"id", "name", "species", "danger_level", "created_at", "updated_at"}
	f.Fuzz(func(t *testing.T, raw string) {
		vals, err := query.Parse(raw)
		if err == nil {
			var opts creatures.ListOptions
			opts, err = creatures.ParseListOptions(vals)
			if err == nil {
				switch {
				case opts.Limit < 0 || opts.Limit > creatures.MaxLimit || opts.Offset < 0:
					t.Fatalf("%q: limit %d, offset %d", raw, opts.Limit, opts.Offset)
				case !slices.Contains(sorts, opts.Sort):
					t.Fatalf("%q: sort %q", raw, opts.Sort)
				case !utf8.ValidString(opts.Species) || utf8.RuneCountInString(opts.Species) > creatures.MaxSpecies:
					t.Fatalf("%q: species %q", raw, opts.Species)
				case !utf8.ValidString(opts.Query) || utf8.RuneCountInString(opts.Query) > creatures.MaxName:
					t.Fatalf("%q: q %q", raw, opts.Query)
				case opts.Paged != (vals.Has("limit") || vals.Has("offset")):
					t.Fatalf("%q: paged %v", raw, opts.Paged)
				}
				return
			}
		}
		var pe *problem.Error
		if !errors.As(err, &pe) || pe.Kind != problem.Malformed || len(pe.Fields) == 0 {
			t.Fatalf("%q: %v, want a Malformed problem naming the option", raw, err)
		}
	})
}
