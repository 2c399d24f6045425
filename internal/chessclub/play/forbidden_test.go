package play_test

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// met reports whether the players a and b meet in round rd.
func met(rd tournament.Round, a, b int64) bool {
	for _, bd := range rd.Boards {
		if (bd.White.MemberID == a && bd.Black.MemberID == b) || (bd.White.MemberID == b && bd.Black.MemberID == a) {
			return true
		}
	}
	return false
}

// TestForbiddenPairs runs a Swiss of six on each database in which the organiser forbids the
// pairing that round 1 would make (the top seed against the fourth), and checks that the
// pairing avoids it in every round it applies to, that the TRF export writes it as a 260
// record that an import reads back, that lifting it after round 1 keeps it for round 1 only,
// who may do it, what is refused, and that the trail records it.
func TestForbiddenPairs(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 6)
		p := func(i int) int64 { return c.IDs[player(i)] }
		fp := func(a, b int64) string { return tpath(tr.ID, "/forbidden-pairs/%d/%d", a, b) }
		do := func(method, path, as string, status int) clubtest.Resp {
			t.Helper()
			return c.MustDo(clubtest.Req{Method: method, Path: path, As: as}, status)
		}

		// Unforbidden, round 1 of six pairs 1-4, 5-2, 3-6 (top half against bottom half).
		c.start(tr.ID)
		var v play.ForbiddenPairView
		do("PUT", fp(p(4), p(1)), "host", http.StatusForbidden)
		do("PUT", fp(p(1), p(4)), "p01", http.StatusForbidden)
		do("PUT", fp(p(1), p(1)), "org", http.StatusUnprocessableEntity)
		do("PUT", fp(p(1), c.IDs["host"]), "org", http.StatusNotFound)
		do("PUT", fp(p(4), p(1)), "org", http.StatusCreated).Decode(t, &v)
		if v.Members != [2]int64{p(1), p(4)} || v.Names != [2]string{"Player 01", "Player 04"} || v.FromRound != 1 || v.ToRound != nil {
			t.Errorf("the pair: %+v", v)
		}
		do("PUT", fp(p(1), p(4)), "org", http.StatusOK)
		var list []play.ForbiddenPairView
		do("GET", tpath(tr.ID, "/forbidden-pairs"), "", http.StatusOK).Decode(t, &list)
		if len(list) != 1 || list[0].Members != v.Members {
			t.Errorf("the list: %+v", list)
		}

		rd := c.pair(tr.ID)
		if met(rd, p(1), p(4)) {
			t.Fatalf("round 1 pairs the forbidden pair: %+v", rd.Boards)
		}
		file, err := os.ReadFile(c.report(tr.ID, "forbidden.trf"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(file), "\n260 001 003    1    4\n") {
			t.Errorf("the export has no 260 record for the pair:\n%s", file)
		}
		// An import reads it back, for the same rounds, and pairs the copy alike.
		cp := c.importFile(file)
		var copied []play.ForbiddenPairView
		do("GET", tpath(cp.ID, "/forbidden-pairs"), "", http.StatusOK).Decode(t, &copied)
		if len(copied) != 1 || copied[0].Names != v.Names || copied[0].FromRound != 1 || copied[0].ToRound != nil {
			t.Errorf("the import's pairs: %+v", copied)
		}
		// Linking the copy's guest to the member moves the pair with them.
		guest := copied[0].Members[0]
		if copied[0].Names[0] != "Player 01" {
			guest = copied[0].Members[1]
		}
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(cp.ID, "/players/%d/link", guest), As: "root", Body: map[string]any{"member_id": p(1)}}, http.StatusOK)
		do("GET", tpath(cp.ID, "/forbidden-pairs"), "", http.StatusOK).Decode(t, &copied)
		if len(copied) != 1 || !slices.Contains(copied[0].Members[:], p(1)) || copied[0].Names != v.Names {
			t.Errorf("the pair after linking the guest: %+v", copied)
		}

		// Lifted after round 1: the record keeps round 1, and round 2 may pair them.
		for i, b := range rd.Boards {
			c.result(tr.ID, 1, b.Board, []string{tournament.ResultWhiteWins, tournament.ResultDraw, tournament.ResultBlackWins}[i%3])
		}
		do("DELETE", fp(p(1), p(4)), "host", http.StatusForbidden)
		do("DELETE", fp(p(2), p(4)), "org", http.StatusNotFound)
		do("DELETE", fp(p(4), p(1)), "org", http.StatusNoContent)
		do("DELETE", fp(p(4), p(1)), "org", http.StatusNotFound)
		do("GET", tpath(tr.ID, "/forbidden-pairs"), "", http.StatusOK).Decode(t, &list)
		if len(list) != 1 || list[0].ToRound == nil || *list[0].ToRound != 1 {
			t.Errorf("the lifted pair: %+v", list)
		}
		file, err = os.ReadFile(c.report(tr.ID, "lifted.trf"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(file), "\n260 001 001    1    4\n") {
			t.Errorf("the export does not keep the pair for round 1:\n%s", file)
		}

		// Forbidden again from round 2, and honoured there.
		do("PUT", fp(p(1), p(4)), "org", http.StatusCreated).Decode(t, &v)
		if v.FromRound != 2 {
			t.Errorf("forbidden again from round %d, want 2", v.FromRound)
		}
		if rd := c.pair(tr.ID); met(rd, p(1), p(4)) {
			t.Errorf("round 2 pairs the forbidden pair: %+v", rd.Boards)
		}

		// A round robin's pairings are fixed: no forbidden pairs.
		rr := c.create(map[string]any{"format": "round_robin"})
		c.enterAll(rr.ID, 4)
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(rr.ID, "/forbidden-pairs/%d/%d", p(1), p(2)), As: "org"}, http.StatusConflict)

		var trail []audit.Entry
		do("GET", tpath(tr.ID, "/audit"), "org", http.StatusOK).Decode(t, &trail)
		var actions []string
		for _, e := range trail {
			if strings.HasPrefix(e.Action, "pair.") {
				actions = append(actions, fmt.Sprintf("%s %s", e.Action, e.Subject))
			}
		}
		want := []string{"pair.forbidden Player 01 and Player 04", "pair.allowed Player 01 and Player 04", "pair.forbidden Player 01 and Player 04"}
		if !slices.Equal(actions, want) {
			t.Errorf("the trail: %q, want %q", actions, want)
		}
	})
}
