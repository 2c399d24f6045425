package play_test

import (
	"net/http"
	"slices"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestMemberTournaments lists the tournaments each member entered, rated or not, started or
// not, latest first; a member who entered none gets an empty list, an unknown member 404.
func TestMemberTournaments(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 2)
		spring := c.create(map[string]any{"name": "Spring", "start_date": "2026-03-07", "rated": true, "rounds": 3})
		summer := c.create(map[string]any{"name": "Summer", "start_date": "2026-06-01", "end_date": "2026-06-02"})
		april := c.create(map[string]any{"name": "April", "start_date": "2026-04-01", "end_date": "2026-04-01"})
		c.create(map[string]any{"name": "Nobody's", "start_date": "2026-05-01", "end_date": "2026-05-01"})
		enter := func(tr tournament.Tournament, who string) {
			c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/players", tr.ID), As: who}, http.StatusCreated)
		}
		enter(spring, "p01")
		enter(spring, "p02")
		enter(summer, "p01")
		enter(april, "p02")
		c.start(spring.ID)

		played := func(who string) []string {
			t.Helper()
			var ts []tournament.Tournament
			c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/tournaments", c.IDs[who]), As: "p02"}, http.StatusOK).Decode(t, &ts)
			names := []string{}
			for _, tr := range ts {
				names = append(names, tr.Name)
			}
			return names
		}
		for who, want := range map[string][]string{
			"p01": {"Summer", "Spring"},
			"p02": {"April", "Spring"},
			"org": {},
		} {
			if got := played(who); !slices.Equal(got, want) {
				t.Errorf("%s played %q, want %q", who, got, want)
			}
		}
		c.MustDo(clubtest.Req{Method: "GET", Path: "/api/members/9999/tournaments", As: "p01"}, http.StatusNotFound)
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/tournaments", c.IDs["p01"])}, http.StatusUnauthorized)
	})
}
