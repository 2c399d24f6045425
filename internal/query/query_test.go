package query_test

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want url.Values // nil: refused
		bad  string     // the parameter the problem names
	}{
		{raw: "", want: url.Values{}},
		{raw: "limit=2&offset=5", want: url.Values{"limit": {"2"}, "offset": {"5"}}},
		{raw: "q=a+b%20c%2B", want: url.Values{"q": {"a b c+"}}},
		{raw: "q=%C5%8Ckami", want: url.Values{"q": {"Ōkami"}}},
		{raw: "a=1&&b=&c", want: url.Values{"a": {"1"}, "b": {""}, "c": {""}}},
		{raw: "a=1&a=2", want: url.Values{"a": {"1", "2"}}},
		{raw: "a=x=y", want: url.Values{"a": {"x=y"}}},
		{raw: "species=Dragon%ZZ", bad: "species"},
		{raw: "q=100%", bad: "q"},
		{raw: "q=%e", bad: "q"},
		{raw: "limit=2;offset=5", bad: "limit=2;offset=5"},
		{raw: "a=1&b=2;c=3", bad: "b=2;c=3"},
		{raw: "q=%FF", bad: "q"},
		{raw: "%FF=1", bad: "\uFFFD"},
		{raw: "%zz=1", bad: "%zz"},
	} {
		got, err := query.Parse(tc.raw)
		if tc.want != nil {
			if err != nil {
				t.Errorf("Parse(%q): %v", tc.raw, err)
			} else if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tc.raw, diff)
			}
			continue
		}
		var pe *problem.Error
		if !errors.As(err, &pe) || pe.Kind != problem.Malformed {
			t.Errorf("Parse(%q) = %v, %v; want a Malformed problem", tc.raw, got, err)
			continue
		}
		if _, ok := pe.Fields[tc.bad]; !ok || len(pe.Fields) != 1 {
			t.Errorf("Parse(%q) names %v, want %q", tc.raw, pe.Fields, tc.bad)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		raw     string
		allowed []string
		bad     []string // nil: accepted
	}{
		{"", nil, nil},
		{"", []string{"id"}, nil},
		{"id=3", []string{"id"}, nil},
		{"x=1", nil, []string{"x"}},
		{"id=3&x=1&y=2", []string{"id"}, []string{"x", "y"}},
		{"id=3&id=3", []string{"id"}, []string{"id"}},
		{"=1", []string{"id"}, []string{""}},
		{"id=%ZZ", []string{"id"}, []string{"id"}},
	} {
		r := httptest.NewRequest("GET", "/x", nil)
		r.URL.RawQuery = tc.raw
		_, err := query.Check(r, tc.allowed...)
		if tc.bad == nil {
			if err != nil {
				t.Errorf("Check(%q, %v): %v", tc.raw, tc.allowed, err)
			}
			continue
		}
		var pe *problem.Error
		if !errors.As(err, &pe) || pe.Kind != problem.Malformed {
			t.Errorf("Check(%q, %v) = %v; want a Malformed problem", tc.raw, tc.allowed, err)
			continue
		}
		var got []string
		for k := range pe.Fields {
			got = append(got, k)
		}
		if diff := cmp.Diff(tc.bad, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
			t.Errorf("Check(%q, %v) names (-want +got):\n%s", tc.raw, tc.allowed, diff)
		}
	}
}
