package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestListRoundGames: the list gives a running tournament the count of its current round's
// games and results, for the app's home; an open or finished one, and one tournament's own
// answer, have none.
func TestListRoundGames(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		listed := func(id int64) *tournament.RoundGames {
			t.Helper()
			var list []tournament.Tournament
			c.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
			for _, tr := range list {
				if tr.ID == id {
					return tr.RoundGames
				}
			}
			t.Fatalf("tournament %d is not listed", id)
			return nil
		}
		// A running Swiss of six, paired twice: round 2's three boards are the ones counted.
		sw := c.create(map[string]any{"name": "Swiss", "rounds": 3})
		c.enterAll(sw.ID, 6)
		open := c.create(map[string]any{"name": "Open"})
		c.start(sw.ID)
		steps := []struct {
			name string
			do   func()
			want *tournament.RoundGames
		}{
			{"started, not paired", func() {}, nil},
			{"round 1 paired", func() { c.pair(sw.ID) }, &tournament.RoundGames{Total: 3, Played: 0}},
			{"one result", func() { c.result(sw.ID, 1, 2, "1/2-1/2") }, &tournament.RoundGames{Total: 3, Played: 1}},
			{"round 1 played", func() { c.result(sw.ID, 1, 1, "1-0"); c.result(sw.ID, 1, 3, "0-1") }, &tournament.RoundGames{Total: 3, Played: 3}},
			{"round 2 paired", func() { c.pair(sw.ID) }, &tournament.RoundGames{Total: 3, Played: 0}},
		}
		for _, s := range steps {
			s.do()
			got := listed(sw.ID)
			if (got == nil) != (s.want == nil) || (got != nil && *got != *s.want) {
				t.Fatalf("%s: round_games = %+v, want %+v", s.name, got, s.want)
			}
		}
		if g := listed(open.ID); g != nil {
			t.Errorf("an open tournament has round_games %+v", g)
		}
		var one tournament.Tournament
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d", sw.ID)}, http.StatusOK).Decode(t, &one)
		if one.RoundGames != nil {
			t.Errorf("one tournament's answer has round_games %+v", one.RoundGames)
		}
	})
}
