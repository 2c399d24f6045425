package tiebreak

import (
	"fmt"
	"strings"
)

// MaxSpecs is the most codes a tie-break list may hold, PTS included when it is listed.
// C.07 sets no limit and an event announces a handful; every distinct tie-break the package
// knows fits once, with a few of their variants, and each code costs a pass over every game.
const MaxSpecs = 24

// ListError is ParseList's error: which item of the list is wrong, and why.
type ListError struct {
	// Item is the position of the wrong item in the list, from 1.
	Item int
	// Reason says what is wrong with it, quoting the item when it has text.
	Reason string
}

func (e *ListError) Error() string { return fmt.Sprintf("item %d: %s", e.Item, e.Reason) }

// ParseList reads a comma-separated list of codes ("PTS,BH/C1,SB"), each read by Parse, and
// holds it to the rules of a list (CheckList). Every item must be a code: an empty item
// ("SB,,BH", a comma at either end) is an error, not skipped. The error is a *ListError
// naming the first wrong item.
func ParseList(list string) ([]Spec, error) {
	if strings.TrimSpace(list) == "" {
		return nil, &ListError{Item: 1, Reason: "the list is empty"}
	}
	// Counted before anything is parsed: a long list costs no more than a short one.
	if n := strings.Count(list, ",") + 1; n > MaxSpecs {
		return nil, &ListError{Item: MaxSpecs + 1, Reason: fmt.Sprintf("the list has %d items; at most %d tie-breaks may be listed", n, MaxSpecs)}
	}
	var out []Spec
	for i, item := range strings.Split(list, ",") {
		if strings.TrimSpace(item) == "" {
			return nil, &ListError{Item: i + 1, Reason: "empty: codes are separated by single commas"}
		}
		s, err := Parse(item)
		if err != nil {
			return nil, &ListError{Item: i + 1, Reason: err.Error()}
		}
		out = append(out, s)
	}
	if err := CheckList(out); err != nil {
		return nil, err
	}
	return out, nil
}

// CheckList holds a list of specs to the rules of a tie-break list: at most MaxSpecs of them;
// PTS, the points, first or not at all (Compute puts it first when it is left out: C.07 4.2
// ranks by points before any tie-break); and no tie-break twice, which would add a column
// that can never separate anyone the first did not. Two specs are the same tie-break when
// they have the same name and modifiers, however written: KS and KS/L50, BH/C1/P and
// BH/P/C1. REP and GE, its name before 2024, are told apart by name, as TieBreakServer lists
// both side by side. It returns a *ListError naming the first wrong item.
func CheckList(specs []Spec) error {
	if len(specs) > MaxSpecs {
		return &ListError{Item: MaxSpecs + 1, Reason: fmt.Sprintf("the list has %d items; at most %d tie-breaks may be listed", len(specs), MaxSpecs)}
	}
	seen := make(map[Spec]int, len(specs))
	for i, s := range specs {
		if s.code == "" {
			return &ListError{Item: i + 1, Reason: fmt.Sprintf("spec %q was not made by Parse", s.Name)}
		}
		key := s.meaning()
		if first, ok := seen[key]; ok {
			if other := specs[first-1].code; other != s.code {
				return &ListError{Item: i + 1, Reason: fmt.Sprintf("%q is the same tie-break as item %d, %q", s.code, first, other)}
			}
			return &ListError{Item: i + 1, Reason: fmt.Sprintf("%q is item %d already", s.code, first)}
		}
		seen[key] = i + 1
		if s.Name == "PTS" && i > 0 {
			return &ListError{Item: i + 1, Reason: `"PTS" may only come first (the points rank before every tie-break, and are put first when left out)`}
		}
	}
	return nil
}

// meaning returns s without its spelling: its name and modifiers.
func (s Spec) meaning() Spec {
	s.code = ""
	return s
}
