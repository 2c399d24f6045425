package play_test

import (
	"net/http"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestTRFRoundTrip imports a finished tournament's TRF-2026 file and downloads its FIDE report on
// each database: the file comes back byte for byte. Every record of the tournament section
// (012 to 152, XXR, XXC), every field of every player record (sex, title, name, FIDE rating,
// federation, FIDE id, birth date, a year alone included, points, rank with a tie, every
// round, a forfeit included) and the point system (162, BBW, BBD: three points a win) is kept
// by the import and written back by the export.
func TestTRFRoundTrip(t *testing.T) {
	file, err := os.ReadFile("testdata/spring-open.trf")
	if err != nil {
		t.Fatal(err)
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 1)
		tr := c.importFile(file)
		res := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/fide-report.trf", tr.ID), As: "org"}, http.StatusOK)
		if diff := cmp.Diff(string(file), string(res.Body)); diff != "" {
			t.Errorf("imported and exported (-file +export):\n%s", diff)
		}
	})
}
