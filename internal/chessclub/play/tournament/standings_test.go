package tournament

import (
	"testing"
)

// TestParseTiebreaks: the query parameter's list, with the spelling of FIDE's codes; every
// wrong list is a Malformed refusal naming the parameter and the item.
func TestParseTiebreaks(t *testing.T) {
	for _, tt := range []struct {
		raw, detail, field string
	}{
		{"PTS,PTS", "Item 2 of the tie-break list is not valid.", `item 2: "PTS" is item 1 already`},
		{"SB,PTS", "Item 2 of the tie-break list is not valid.", `item 2: "PTS" may only come first (the points rank before every tie-break, and are put first when left out)`},
		{"SB,SB", "Item 2 of the tie-break list is not valid.", `item 2: "SB" is item 1 already`},
		{"KS,KS/L50", "Item 2 of the tie-break list is not valid.", `item 2: "KS/L50" is the same tie-break as item 1, "KS"`},
		{"SB,,BH", "Item 2 of the tie-break list is not valid.", "item 2: empty: codes are separated by single commas"},
		{"", "Item 1 of the tie-break list is not valid.", "item 1: the list is empty"},
		{"SB,bh/c1", "Item 2 of the tie-break list is not valid.", `item 2: "bh/c1": write the code as FIDE does, in upper case without spaces: "BH/C1"`},
		{"SB, BH", "Item 2 of the tie-break list is not valid.", `item 2: " BH": write the code as FIDE does, in upper case without spaces: "BH"`},
		{"BH/C0", "Item 1 of the tie-break list is not valid.", `item 1: tie-break "BH/C0": /C0: want /C1 to /C9`},
	} {
		_, err := ParseTiebreaks(tt.raw)
		pe, ok := err.(*Error)
		if !ok || pe.Kind != Malformed || pe.Detail != tt.detail || len(pe.Fields) != 1 || pe.Fields["tiebreaks"] != tt.field {
			t.Errorf("ParseTiebreaks(%q) = %#v\nwant detail %q, tiebreaks %q", tt.raw, err, tt.detail, tt.field)
		}
	}
	specs, err := ParseTiebreaks("BH/C1,SB")
	if err != nil || len(specs) != 2 || specs[0].String() != "BH/C1" || specs[1].String() != "SB" {
		t.Errorf("ParseTiebreaks(BH/C1,SB) = %v, %v", specs, err)
	}
}
