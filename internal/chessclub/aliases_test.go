package chessclub

import (
	"testing"
)

func TestAcceptsHTML(t *testing.T) {
	for accept, want := range map[string]bool{
		"":                 false,
		"*/*":              false,
		"application/json": false,
		"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8": true,
		"application/json, TEXT/HTML;q=0.5":                               true,
		"text/html;q=0":                                                   false,
		"text/html; q=0.000":                                              false,
		"text/html;q=0.001":                                               true,
		"text/htmlx":                                                      false,
	} {
		if got := acceptsHTML([]string{accept}); got != want {
			t.Errorf("acceptsHTML(%q) = %v, want %v", accept, got, want)
		}
	}
}
