package play_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestAuditTrail runs a club night with every kind of change and checks that the
// tournament's trail holds each change, in order, with who made it, the request that did (the
// server's id of it, and the client's own apart), and the values before and after; that a
// correction after the rated finish records the ratings recomputed; that the trail pages; and
// that the role change is in the admins' trail.
func TestAuditTrail(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		c.Register("arb", "Ada Arbiter")
		// Each request names itself "step-N" in its X-Request-ID, as a client may: the trail
		// records the server's own id of the request, and the client's apart.
		step := 0
		serverID := ""
		do := func(method, path, as string, body any, status int) clubtest.Resp {
			t.Helper()
			step++
			res := c.MustDo(clubtest.Req{Method: method, Path: path, As: as, Body: body, Header: map[string]string{"X-Request-ID": fmt.Sprintf("step-%d", step)}}, status)
			serverID = res.Header.Get("X-Request-ID")
			return res
		}
		type line struct{ action, actor, member, request, client string }
		var want []line
		expect := func(action, actor, member string) {
			want = append(want, line{action, actor, member, serverID, fmt.Sprintf("step-%d", step)})
		}

		do("PUT", clubtest.Path("/api/members/%d/role", c.IDs["arb"]), "root", map[string]any{"role": "arbiter"}, http.StatusOK)
		var tr tournament.Tournament
		do("POST", "/api/tournaments", "arb", map[string]any{"name": "Audited Swiss", "start_date": "2026-03-07", "rounds": 3, "rated": true}, http.StatusCreated).Decode(t, &tr)
		expect(audit.TournamentCreated, "arb", "")
		do("PATCH", tpath(tr.ID, ""), "arb", map[string]any{"description": "Thursday night"}, http.StatusOK)
		expect(audit.TournamentChanged, "arb", "")
		for _, p := range []string{"p01", "p02", "p03"} {
			do("POST", tpath(tr.ID, "/players"), p, nil, http.StatusCreated)
			expect(audit.EntryAdded, p, p)
		}
		do("POST", tpath(tr.ID, "/players"), "arb", map[string]any{"member_id": c.IDs["p04"]}, http.StatusCreated)
		expect(audit.EntryAdded, "arb", "p04")
		do("POST", tpath(tr.ID, "/invitations"), "arb", map[string]any{"member_id": c.IDs["p05"]}, http.StatusCreated)
		expect(audit.InvitationSent, "arb", "p05")
		do("POST", tpath(tr.ID, "/invitations/%d/accept", c.IDs["p05"]), "p05", nil, http.StatusCreated)
		expect(audit.InvitationAccepted, "p05", "p05")
		expect(audit.EntryAdded, "p05", "p05")
		do("POST", tpath(tr.ID, "/invitations"), "arb", map[string]any{"member_id": c.IDs["p06"]}, http.StatusCreated)
		expect(audit.InvitationSent, "arb", "p06")
		do("POST", tpath(tr.ID, "/invitations/%d/decline", c.IDs["p06"]), "p06", nil, http.StatusOK)
		expect(audit.InvitationDeclined, "p06", "p06")
		do("DELETE", tpath(tr.ID, "/invitations/%d", c.IDs["p06"]), "arb", nil, http.StatusNoContent)
		expect(audit.InvitationRevoked, "arb", "p06")
		do("PUT", tpath(tr.ID, "/players/%d/byes/3", c.IDs["p01"]), "p01", nil, http.StatusNoContent)
		expect(audit.ByeRequested, "p01", "p01")
		do("DELETE", tpath(tr.ID, "/players/%d/byes/3", c.IDs["p01"]), "p01", nil, http.StatusNoContent)
		expect(audit.ByeCancelled, "p01", "p01")
		do("DELETE", tpath(tr.ID, "/players/%d", c.IDs["p03"]), "p03", nil, http.StatusNoContent)
		expect(audit.EntryRemoved, "p03", "p03")
		do("POST", tpath(tr.ID, "/start"), "arb", nil, http.StatusOK)
		expect(audit.TournamentStarted, "arb", "")
		do("POST", tpath(tr.ID, "/rounds"), "arb", nil, http.StatusCreated)
		expect(audit.RoundPaired, "arb", "")
		do("DELETE", tpath(tr.ID, "/rounds/1"), "arb", nil, http.StatusNoContent)
		expect(audit.RoundUnpaired, "arb", "")
		for r := 1; r <= 3; r++ {
			var rd tournament.Round
			do("POST", tpath(tr.ID, "/rounds"), "arb", nil, http.StatusCreated).Decode(t, &rd)
			expect(audit.RoundPaired, "arb", "")
			for _, b := range rd.Boards {
				do("PUT", tpath(tr.ID, "/rounds/%d/boards/%d", r, b.Board), "arb", map[string]any{"result": tournament.ResultDraw}, http.StatusOK)
				expect(audit.ResultSet, "arb", "")
			}
			if r == 1 {
				do("PUT", tpath(tr.ID, "/rounds/1/boards/1"), "arb", map[string]any{"result": tournament.ResultWhiteWins}, http.StatusOK)
				expect(audit.ResultCorrected, "arb", "")
			}
			if r == 2 {
				do("DELETE", tpath(tr.ID, "/players/%d", c.IDs["p04"]), "p04", nil, http.StatusNoContent)
				expect(audit.EntryWithdrawn, "p04", "p04")
			}
		}
		do("POST", tpath(tr.ID, "/finish"), "arb", nil, http.StatusOK)
		expect(audit.TournamentFinished, "arb", "")
		expect(audit.RatingsApplied, "arb", "")
		do("PUT", tpath(tr.ID, "/rounds/3/boards/1"), "root", map[string]any{"result": tournament.ResultBlackWins}, http.StatusOK)
		expect(audit.ResultCorrected, "root", "")
		expect(audit.RatingsRecomputed, "root", "")

		var trail []audit.Entry
		next := tpath(tr.ID, "/audit?limit=7")
		pages := 0
		for next != "" {
			res := c.MustDo(clubtest.Req{Method: "GET", Path: next, As: "arb"}, http.StatusOK)
			var page []audit.Entry
			res.Decode(t, &page)
			trail = append(trail, page...)
			next = ""
			if link := res.Header.Get("Link"); link != "" {
				fmt.Sscanf(link, "<%s", &next)
				next = next[:len(next)-2] // the ">;" that closes the URL
			}
			pages++
		}
		if pages < 2 {
			t.Errorf("the trail came in %d page; want it paged 7 at a time", pages)
		}
		if len(trail) != len(want) {
			t.Fatalf("the trail has %d entries, want %d:\n%s", len(trail), len(want), entriesText(trail))
		}
		byID := map[int64]string{}
		for name, id := range c.IDs {
			byID[id] = name
		}
		for i, e := range trail {
			w := want[i]
			member := ""
			if e.MemberID != nil {
				member = byID[*e.MemberID]
			}
			if e.Action != w.action || e.ActorUsername != w.actor || e.ActorID == nil || *e.ActorID != c.IDs[w.actor] ||
				member != w.member || e.RequestID != w.request || e.RequestID == w.client || e.ClientRequestID != w.client || e.TournamentID == nil || *e.TournamentID != tr.ID {
				t.Errorf("entry %d: %s by %s (%v) about %q, request %q (client's %q); want %+v", i, e.Action, e.ActorUsername, e.ActorID, member, e.RequestID, e.ClientRequestID, w)
			}
		}
		// The correction after the finish says what it replaced and what it made.
		last := trail[len(trail)-2]
		var before, after map[string]any
		if err := json.Unmarshal(last.Before, &before); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(last.After, &after); err != nil {
			t.Fatal(err)
		}
		if last.Subject != "round 3, board 1" || before["result"] != tournament.ResultDraw || after["result"] != tournament.ResultBlackWins {
			t.Errorf("the correction: %s %s → %s", last.Subject, last.Before, last.After)
		}
		// The role change is the admins' to read, with the whole trail.
		var arb, roles []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/audit?member_id=%d", c.IDs["arb"]), As: "root"}, http.StatusOK).Decode(t, &arb)
		for _, e := range arb {
			if e.Action == audit.RoleChanged {
				roles = append(roles, e)
			}
		}
		if len(roles) != 1 || roles[0].Action != audit.RoleChanged || roles[0].ActorUsername != "root" || string(roles[0].After) != `{"role":"arbiter"}` {
			t.Errorf("the role changes of arb: %s", entriesText(roles))
		}
		c.MustDo(clubtest.Req{Method: "GET", Path: "/api/audit", As: "arb"}, http.StatusForbidden)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/audit"), As: "p01"}, http.StatusForbidden)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/audit?limit=0"), As: "arb"}, http.StatusBadRequest)
	})
}

func entriesText(es []audit.Entry) string {
	out := ""
	for _, e := range es {
		out += fmt.Sprintf("%d %s %s %s %s → %s\n", e.ID, e.Action, e.ActorUsername, e.Subject, e.Before, e.After)
	}
	return out
}
