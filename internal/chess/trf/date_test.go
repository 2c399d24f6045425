package trf

import (
	"strings"
	"testing"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in       string
		y, m, d  int
		iso, err string
	}{
		{in: "2026/03/07", y: 2026, m: 3, d: 7, iso: "2026-03-07"},
		{in: "2026-03-07", y: 2026, m: 3, d: 7},
		{in: "1969.12.06", y: 1969, m: 12, d: 6},
		{in: "1987/00/00", y: 1987, iso: "1987-00-00"},
		{in: "24/09/2010", y: 2010, m: 9, d: 24},
		{in: "02/10/2010", y: 2010, m: 10, d: 2},
		{in: "09/24/2010", y: 2010, m: 9, d: 24},
		{in: "24.09.2010", y: 2010, m: 9, d: 24},
		{in: "28. 07. 2005", y: 2005, m: 7, d: 28},
		{in: "7/3/2026", y: 2026, m: 3, d: 7},
		{in: "May 29, 2020", y: 2020, m: 5, d: 29},
		{in: "Jun 6, 2020", y: 2020, m: 6, d: 6},
		{in: "26/03/07", y: 2026, m: 3, d: 7},
		{in: "1978", y: 1978},
		{in: " 2026/03/07 ", y: 2026, m: 3, d: 7},
		{in: "", err: "not a date"},
		{in: "2026/02/30", err: "not a date"},
		{in: "2026/00/07", err: "not a date"},
		{in: "13/13/2026", err: "not a date"},
		{in: "tomorrow", err: "not a date"},
		{in: "2026/3", err: "not a date"},
		{in: "Mai 29, 2020", err: "not a date"},
		{in: "2026/03/07/01", err: "not a date"},
	}
	for _, tt := range tests {
		d, err := ParseDate(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseDate(%q) = %v, %v; want an error with %q", tt.in, d, err, tt.err)
			}
			continue
		}
		if err != nil || d.Year != tt.y || d.Month != tt.m || d.Day != tt.d {
			t.Errorf("ParseDate(%q) = %d-%d-%d, %v; want %d-%d-%d", tt.in, d.Year, d.Month, d.Day, err, tt.y, tt.m, tt.d)
			continue
		}
		if got := d.String(); got != strings.TrimSpace(tt.in) {
			t.Errorf("ParseDate(%q).String() = %q: not the spelling read", tt.in, got)
		}
		if tt.iso != "" && d.ISO() != tt.iso {
			t.Errorf("ParseDate(%q).ISO() = %q, want %q", tt.in, d.ISO(), tt.iso)
		}
	}
	if got := NewDate(2026, 3, 7).String(); got != "2026/03/07" {
		t.Errorf("NewDate writes %q", got)
	}
	if got := (Date{}).String(); got != "" {
		t.Errorf("the zero Date writes %q", got)
	}
}
