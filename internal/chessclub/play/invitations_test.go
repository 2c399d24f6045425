package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestInvitations: an organiser who is neither arbiter nor admin cannot enter other members,
// only invite them; an invitation is no entry until the member accepts it, then it is one
// (late into a running Swiss with the byes the organiser chose); a declined invitation stays
// until it is withdrawn; only the invited member answers.
func TestInvitations(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		var tr tournament.Tournament
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "host", Body: map[string]any{"name": "Host's Swiss", "start_date": "2026-03-07", "rounds": 3}},
			http.StatusCreated).Decode(t, &tr)
		invitations := tpath(tr.ID, "/invitations")
		invite := func(as, who string, body map[string]any) clubtest.Req {
			b := map[string]any{"member_id": c.IDs[who]}
			for k, v := range body {
				b[k] = v
			}
			return clubtest.Req{Method: "POST", Path: invitations, As: as, Body: b}
		}
		answer := func(as, who, verb string) clubtest.Req {
			return clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/invitations/%d/%s", c.IDs[who], verb), As: as}
		}
		entries := func() []tournament.Player {
			var list []tournament.Player
			c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &list)
			return list
		}
		pending := func(who string) []tournament.Invitation {
			var list []tournament.Invitation
			c.MustDo(clubtest.Req{Method: "GET", Path: "/api/me/invitations", As: who}, http.StatusOK).Decode(t, &list)
			return list
		}

		c.check(t, "the host enters someone else", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: "host",
			Body: map[string]any{"member_id": c.IDs["p01"]}}, want{status: 403})
		c.check(t, "invite p01", invite("host", "p01", nil), want{status: 201})
		c.check(t, "invite p01 again", invite("host", "p01", nil), want{status: 409, state: "open"})
		c.check(t, "invite yourself", invite("host", "host", nil), want{status: 422, field: "member_id"})
		c.check(t, "invite no one", invite("host", "nobody", nil), want{status: 422, field: "member_id"})
		c.check(t, "a player invites", invite("p02", "p03", nil), want{status: 403})
		if n := len(entries()); n != 0 {
			t.Fatalf("an invitation made %d entries", n)
		}
		if got := pending("p01"); len(got) != 1 || got[0].TournamentID != tr.ID || got[0].Status != tournament.InvitationPending || got[0].InvitedBy == nil || *got[0].InvitedBy != c.IDs["host"] {
			t.Fatalf("p01's invitations: %+v", got)
		}
		c.check(t, "someone else accepts p01's", answer("p02", "p01", "accept"), want{status: 403})
		c.check(t, "the host accepts p01's", answer("host", "p01", "accept"), want{status: 403})
		c.check(t, "p01 accepts", answer("p01", "p01", "accept"), want{status: 201})
		c.check(t, "p01 accepts again", answer("p01", "p01", "accept"), want{status: 404})
		if list := entries(); len(list) != 1 || list[0].MemberID != c.IDs["p01"] {
			t.Fatalf("entries after p01 accepted: %+v", list)
		}
		if got := pending("p01"); len(got) != 0 {
			t.Errorf("an accepted invitation is still pending: %+v", got)
		}
		c.check(t, "invite p01, who has entered", invite("host", "p01", nil), want{status: 409, state: "open"})

		c.check(t, "invite p02", invite("host", "p02", nil), want{status: 201})
		var declined tournament.Invitation
		c.check(t, "p02 declines", answer("p02", "p02", "decline"), want{status: 200}).Decode(t, &declined)
		if declined.Status != tournament.InvitationDeclined || declined.AnsweredAt == nil {
			t.Errorf("declined: %+v", declined)
		}
		c.check(t, "invite p02 again", invite("host", "p02", nil), want{status: 409, state: "open"})
		c.check(t, "p02 accepts after declining", answer("p02", "p02", "accept"), want{status: 404})
		var all []tournament.Invitation
		c.MustDo(clubtest.Req{Method: "GET", Path: invitations, As: "host"}, http.StatusOK).Decode(t, &all)
		if len(all) != 1 || all[0].MemberID != c.IDs["p02"] || all[0].Status != tournament.InvitationDeclined {
			t.Errorf("the host's list: %+v", all)
		}
		c.check(t, "a player reads the list", clubtest.Req{Method: "GET", Path: invitations, As: "p01"}, want{status: 403})
		c.check(t, "withdraw p02's", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/invitations/%d", c.IDs["p02"]), As: "host"}, want{status: 204})
		c.check(t, "withdraw it again", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/invitations/%d", c.IDs["p02"]), As: "host"}, want{status: 404})
		c.check(t, "invite p02 once more", invite("host", "p02", nil), want{status: 201})
		c.check(t, "p02 accepts now", answer("p02", "p02", "accept"), want{status: 201})

		// A running Swiss: the member who accepts late gets the byes the organiser chose.
		for _, p := range []string{"p03", "p04"} {
			c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: p}, http.StatusCreated)
		}
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/start"), As: "host"}, http.StatusOK)
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "host"}, http.StatusCreated)
		c.check(t, "invite p05 late, half points", invite("host", "p05", map[string]any{"missed_rounds": "half"}), want{status: 201})
		c.check(t, "p05 accepts late", answer("p05", "p05", "accept"), want{status: 201})
		var late *tournament.Player
		for _, p := range entries() {
			if p.MemberID == c.IDs["p05"] {
				late = &p
			}
		}
		if late == nil || late.FirstRound != 2 || late.StartRank == nil || *late.StartRank != 5 {
			t.Fatalf("the late entry: %+v", late)
		}
		var r1 struct {
			Byes []struct {
				Player tournament.PlayerRef `json:"player"`
				Kind   string               `json:"kind"`
			} `json:"byes"`
		}
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &r1)
		found := false
		for _, b := range r1.Byes {
			if b.Player.MemberID == c.IDs["p05"] {
				found = b.Kind == "half"
			}
		}
		if !found {
			t.Errorf("round 1's byes %+v: p05 has no half-point bye", r1.Byes)
		}
	})
}
