package play_test

import (
	"fmt"
	"net/http"
	"os"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestLinkGuest imports a finished Swiss, whose players are guests, and checks on each
// database that only an admin links a guest to a member, and only a guest to a member who
// does not play in it; that the member then has the guest's place, games and standing, and
// the tournament in their list, while the guest is gone; that the games count in no rating
// until an arbiter makes the finished tournament rated, and then only for the linked member;
// and that the trail records both.
func TestLinkGuest(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		orig := playSwiss(t, c, 6, 3, 3, 11)
		c.finish(orig)
		file, err := os.ReadFile(c.report(orig, "done.trf"))
		if err != nil {
			t.Fatal(err)
		}
		imp := c.importFile(file)
		players := func() map[string]tournament.Player {
			var list []tournament.Player
			c.MustDo(clubtest.Req{Method: "GET", Path: tpath(imp.ID, "/players")}, http.StatusOK).Decode(t, &list)
			out := map[string]tournament.Player{}
			for _, p := range list {
				out[p.FullName] = p
			}
			return out
		}
		before := players()
		guest, other := before["Player 01"], before["Player 02"]
		standingsBefore := c.standings(imp.ID, "")
		link := func(as string, guest, member int64, status int) clubtest.Resp {
			t.Helper()
			return c.MustDo(clubtest.Req{Method: "POST", Path: tpath(imp.ID, "/players/%d/link", guest), As: as, Body: map[string]any{"member_id": member}}, status)
		}

		for _, as := range []string{"org", "host", "p01"} {
			link(as, guest.MemberID, c.IDs["p01"], http.StatusForbidden)
		}
		link("root", c.IDs["p06"], c.IDs["p01"], http.StatusNotFound)
		link("root", guest.MemberID, 1<<40, http.StatusUnprocessableEntity)
		link("root", guest.MemberID, other.MemberID, http.StatusConflict) // another of its players
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(imp.ID, "/players/%d/link", guest.MemberID), As: "root", Body: map[string]any{}}, http.StatusUnprocessableEntity)

		var linked tournament.Player
		link("root", guest.MemberID, c.IDs["p01"], http.StatusOK).Decode(t, &linked)
		if linked.MemberID != c.IDs["p01"] || linked.Guest || linked.FullName != "Player 01" || fmt.Sprint(*linked.StartRank, *linked.Rating) != fmt.Sprint(*guest.StartRank, *guest.Rating) {
			t.Errorf("linked: %+v, was %+v", linked, guest)
		}
		link("root", other.MemberID, c.IDs["p01"], http.StatusConflict) // p01 plays already
		link("root", c.IDs["p01"], c.IDs["p02"], http.StatusConflict)   // p01 is no guest
		link("root", guest.MemberID, c.IDs["p03"], http.StatusNotFound) // the guest is gone
		if after := players(); len(after) != len(before) || after["Player 01"].MemberID != c.IDs["p01"] {
			t.Errorf("players after linking: %+v", after)
		}
		standingsAfter := c.standings(imp.ID, "")
		for i := range standingsAfter.Rows {
			if standingsAfter.Rows[i].Player.MemberID == c.IDs["p01"] {
				standingsAfter.Rows[i].Player.MemberID = guest.MemberID
			}
		}
		diffValues(t, "standings after linking", standingsAfter, standingsBefore)
		var played []tournament.Tournament
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/tournaments", c.IDs["p01"]), As: "p02"}, http.StatusOK).Decode(t, &played)
		if len(played) != 2 {
			t.Errorf("p01 plays in %d tournaments, want the original and the import", len(played))
		}

		// Unrated: no rating moves. Made rated after the finish: only p01's games count.
		if h := c.history("p01"); len(h) != 0 {
			t.Errorf("p01's history before the import is rated: %+v", h)
		}
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(imp.ID, ""), As: "host", Body: map[string]any{"rated": true}}, http.StatusForbidden)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(imp.ID, ""), As: "org", Body: map[string]any{"rated": true, "rounds": 4}}, http.StatusConflict)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(imp.ID, ""), As: "org", Body: map[string]any{"rated": true}}, http.StatusOK)
		if h := c.history("p01"); len(h) != 1 || h[0].TournamentID != imp.ID || h[0].Games == 0 {
			t.Errorf("p01's history once the import is rated: %+v", h)
		}
		for _, who := range []string{"p02", "p03"} {
			if h := c.history(who); len(h) != 0 {
				t.Errorf("%s, whose guest is not linked, has a history: %+v", who, h)
			}
		}
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(imp.ID, ""), As: "org", Body: map[string]any{"rated": false}}, http.StatusOK)
		if h := c.history("p01"); len(h) != 0 {
			t.Errorf("p01's history once the import is unrated again: %+v", h)
		}

		var trail []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(imp.ID, "/audit"), As: "org"}, http.StatusOK).Decode(t, &trail)
		var actions []string
		for _, e := range trail {
			actions = append(actions, e.Action)
		}
		diffValues(t, "the import's trail", actions, []string{audit.TournamentImported, audit.PlayerLinked,
			audit.TournamentChanged, audit.RatingsRecomputed, audit.TournamentChanged, audit.RatingsRecomputed})
		if l := trail[1]; l.ActorUsername != "root" || l.MemberID == nil || *l.MemberID != c.IDs["p01"] {
			t.Errorf("the link in the trail: %+v", l)
		}
	})
}
