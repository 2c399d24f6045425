package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestReinstate: on each database, a player who withdrew after round 1 of a Swiss sits
// round 2 out with a zero-point bye, comes back, and is paired in round 3; only they, an
// arbiter or an admin may bring them back (an organiser who is neither may not), and only in a
// running Swiss, from a withdrawal.
func TestReinstate(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		var tr tournament.Tournament
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "host", Body: map[string]any{"name": "Friday Swiss", "start_date": "2026-03-07", "rounds": 4}}, http.StatusCreated).Decode(t, &tr)
		c.enterAll(tr.ID, 6)
		p3 := c.IDs["p03"]
		back := func(as string, status int) clubtest.Resp {
			t.Helper()
			return c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players/%d/reinstate", p3), As: as}, status)
		}
		play := func(r int) tournament.Round {
			t.Helper()
			var rd tournament.Round
			c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "host"}, http.StatusCreated).Decode(t, &rd)
			for _, b := range rd.Boards {
				c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/%d/boards/%d", r, b.Board), As: "host", Body: map[string]any{"result": tournament.ResultDraw}}, http.StatusOK)
			}
			return rd
		}
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/start"), As: "host"}, http.StatusOK)
		back("p03", http.StatusConflict) // has not withdrawn
		play(1)
		c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", p3), As: "p03"}, http.StatusNoContent)
		rd := play(2)
		if assigned(rd, p3) != "bye zero" {
			t.Errorf("round 2, withdrawn: p03 has %q", assigned(rd, p3))
		}

		back("host", http.StatusForbidden) // the organiser, neither arbiter nor admin
		back("p04", http.StatusForbidden)
		var p tournament.Player
		back("p03", http.StatusOK).Decode(t, &p)
		if p.WithdrawnAfter != nil {
			t.Errorf("reinstated, still withdrawn after round %d", *p.WithdrawnAfter)
		}
		back("org", http.StatusConflict) // not withdrawn any more
		rd = play(3)
		if a := assigned(rd, p3); a != "board" && a != "bye pairing" {
			t.Errorf("round 3, back: p03 has %q", a)
		}

		// An arbiter may bring back anyone; a round robin takes no one back.
		c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", p3), As: "p03"}, http.StatusNoContent)
		back("org", http.StatusOK)
		rr := c.create(map[string]any{"format": "round_robin"})
		c.enterAll(rr.ID, 4)
		c.start(rr.ID)
		c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(rr.ID, "/players/%d", p3), As: "p03"}, http.StatusNoContent)
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(rr.ID, "/players/%d/reinstate", p3), As: "org"}, http.StatusConflict)

		var trail []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/audit"), As: "host"}, http.StatusOK).Decode(t, &trail)
		n := 0
		for _, e := range trail {
			if e.Action == audit.EntryReinstated {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%d reinstatements in the trail, want 2", n)
		}
	})
}

// assigned says what member has in round rd: "board", or "bye" and the bye's kind.
func assigned(rd tournament.Round, member int64) string {
	for _, b := range rd.Boards {
		if b.White.MemberID == member || b.Black.MemberID == member {
			return "board"
		}
	}
	for _, b := range rd.Byes {
		if b.Player.MemberID == member {
			return "bye " + b.Kind
		}
	}
	return ""
}
