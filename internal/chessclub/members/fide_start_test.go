package members_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestFIDEStandardStartsClubRating checks, on each database, that a FIDE standard rating
// starts the club rating of a member who has none — given in the profile or by FIDE's list —
// as a declared rating resting on no games; that it changes no rating a member declared; and
// that once it has started the club rating a later FIDE rating does not move it, while the
// member may still declare another.
func TestFIDEStandardStartsClubRating(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		e.Register("uma", "Uma Unrated")
		e.Register("dora", "Dora Declared", map[string]any{"declared_rating": 1500})
		e.Register("vera", "Vera Listed")
		patch := func(who string, body map[string]any) members.Member {
			t.Helper()
			var m members.Member
			e.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", e.IDs[who]), As: who, Body: body}, http.StatusOK).Decode(t, &m)
			return m
		}
		read := func(who string) members.Member {
			t.Helper()
			var m members.Member
			e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", e.IDs[who]), As: who}, http.StatusOK).Decode(t, &m)
			return m
		}
		club := func(m members.Member) string { return fmt.Sprintf("%d %s", m.Rating, m.RatingStatus) }

		if got := club(patch("uma", map[string]any{"fide_rating_standard": 1900})); got != "1900 declared" {
			t.Errorf("uma after giving a FIDE rating of 1900: %s", got)
		}
		if got := club(read("uma")); got != "1900 declared" {
			t.Errorf("uma read back: %s", got)
		}
		if got := club(patch("uma", map[string]any{"fide_rating_standard": 2000})); got != "1900 declared" {
			t.Errorf("uma after a new FIDE rating: %s, want the start kept", got)
		}
		if got := club(patch("uma", map[string]any{"declared_rating": 1750})); got != "1750 declared" {
			t.Errorf("uma declaring 1750: %s", got)
		}
		if got := club(patch("dora", map[string]any{"fide_rating_standard": 1900})); got != "1500 declared" {
			t.Errorf("dora, who declared 1500, after a FIDE rating: %s", got)
		}
		if got := club(patch("vera", map[string]any{"fide_id": 1503014})); got != "1200 unrated" {
			t.Errorf("vera with a FIDE id alone: %s", got)
		}

		list := combinedList([7]string{"1503014", "Listed, Vera", "", "", "2210", "", ""})
		res := e.Do(clubtest.Req{Method: "POST", Path: "/api/admin/fide-ratings", As: "carol", Body: list, ContentType: "text/plain"})
		if res.Status != http.StatusOK {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		if got := club(read("vera")); got != "2210 declared" {
			t.Errorf("vera after FIDE's list: %s", got)
		}
	})
}
