package creatures_test

import (
	"fmt"
	"net/url"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
)

// caseLetters are letters whose lower case MariaDB's LOWER() and Go disagree on: its Unicode
// tables are older than Go's. Each is an upper-case letter and its lower case.
var caseLetters = []struct{ name, upper, lower string }{
	{"capital sharp s", "ẞ", "ß"},
	{"Georgian Mtavruli", "Ა", "ა"},
	{"Cherokee", "Ꭰ", "ꭰ"},
	{"Deseret", "𐐀", "𐐨"},
	{"Adlam", "𞤀", "𞤢"},
	{"Glagolitic", "Ⰰ", "ⰰ"},
	{"Greek capital theta symbol", "ϴ", "θ"},
	{"Latin capital C with palatal hook", "Ꟈ", "ꟈ"},
	{"Latin (control)", "Ä", "ä"},
}

// TestAPI_FiltersFoldLikeGo stores names, species and descriptions in one case and filters
// by species and q in the other, on both databases: a filter finds exactly its creature
// either way.
func TestAPI_FiltersFoldLikeGo(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d)
			ids := map[string]int64{}
			for i, l := range caseLetters {
				for j, stored := range []string{l.upper, l.lower} {
					in := creatures.Input{
						Name:        fmt.Sprintf("Creature %d %s %d", i, stored, j), // names are unique in any case
						Species:     "Species " + stored + "x",
						Description: text(fmt.Sprintf("Seen near %s%d.", stored, i)),
					}
					c, err := f.store.Create(t.Context(), in)
					if err != nil {
						t.Fatal(err)
					}
					ids[stored] = c.ID
				}
			}
			for _, l := range caseLetters {
				want := []int64{ids[l.upper], ids[l.lower]}
				for _, asked := range []string{l.upper, l.lower} {
					for _, q := range []struct{ option, value string }{
						{"species", "SPECIES " + asked + "X"},
						{"species", "species " + asked + "x"},
						{"q", asked + "x"},                                            // species is not searched: nothing
						{"q", fmt.Sprintf("creature %d %s", indexOf(l.upper), asked)}, // name
						{"q", fmt.Sprintf("NEAR %s%d", asked, indexOf(l.upper))},      // description
					} {
						rec := f.do("GET", "/creatures?"+q.option+"="+url.QueryEscape(q.value), "")
						var got []int64
						for _, c := range decode[[]creatures.Creature](t, rec) {
							got = append(got, c.ID)
						}
						expect := want
						if q.option == "q" && q.value == asked+"x" {
							expect = nil
						}
						if fmt.Sprint(got) != fmt.Sprint(expect) {
							t.Errorf("%s: %s=%q found %v, want %v", l.name, q.option, q.value, got, expect)
						}
					}
				}
			}
		})
	}
}

func indexOf(upper string) int {
	for i, l := range caseLetters {
		if l.upper == upper {
			return i
		}
	}
	return -1
}
