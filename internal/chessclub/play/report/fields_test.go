package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// TestFIDEOf reads a player record's FIDE fields in the spellings programs write, and refuses
// a field that does not read, naming its column.
func TestFIDEOf(t *testing.T) {
	str := func(s string) *string { return &s }
	id := func(n int64) *int64 { return &n }
	tests := []struct {
		name   string
		player trf.Player
		want   tournament.FIDEPlayer
		column int // of the fault; 0 for none
	}{
		{"TRF-2026", trf.Player{Sex: "w", Title: "WGM", Rating: 2310, Federation: "NOR", FIDEID: "1503014", BirthDate: "1990/11/30"},
			tournament.FIDEPlayer{Sex: str("w"), Title: str("WGM"), Rating: 2310, Federation: str("NOR"), FIDEID: id(1503014), BirthDate: str("1990-11-30")}, 0},
		{"Swiss-Manager", trf.Player{Sex: "f", Title: "g", Rating: 2527, Federation: "AZE", FIDEID: "13400304", BirthDate: "1969.12.06"},
			tournament.FIDEPlayer{Sex: str("w"), Title: str("GM"), Rating: 2527, Federation: str("AZE"), FIDEID: id(13400304), BirthDate: str("1969-12-06")}, 0},
		{"JaVaFo's sample: a birth year, no FIDE id", trf.Player{Sex: "m", FIDEID: "0", BirthDate: "1978"},
			tournament.FIDEPlayer{Sex: str("m"), BirthDate: str("1978")}, 0},
		{"an unknown month and day", trf.Player{BirthDate: "1987/00/00"}, tournament.FIDEPlayer{BirthDate: str("1987")}, 0},
		{"Sharly Chess's woman FIDE master", trf.Player{Title: "ff"}, tournament.FIDEPlayer{Title: str("WFM")}, 0},
		{"blank", trf.Player{}, tournament.FIDEPlayer{}, 0},
		{"a sex that is neither", trf.Player{Sex: "x"}, tournament.FIDEPlayer{}, 10},
		{"no FIDE title", trf.Player{Title: "AGM"}, tournament.FIDEPlayer{}, 11},
		{"a federation in lower case", trf.Player{Federation: "nor"}, tournament.FIDEPlayer{}, 54},
		{"a FIDE id with letters", trf.Player{FIDEID: "12a4"}, tournament.FIDEPlayer{}, 58},
		{"a birth date that is no day", trf.Player{BirthDate: "1990/02/30"}, tournament.FIDEPlayer{}, 70},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, fault := FIDEOf(&tc.player)
			switch {
			case tc.column != 0 && (fault == nil || fault.Column != tc.column):
				t.Fatalf("fault %+v, want one in column %d", fault, tc.column)
			case tc.column == 0 && fault != nil:
				t.Fatalf("fault %+v", fault)
			case tc.column == 0:
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}
		})
	}
}
