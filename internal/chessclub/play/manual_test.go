package play_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// proposalOf writes a round's pairing as the body of a manual pairing: its boards, its
// pairing-allocated bye.
func proposalOf(rd tournament.Round) map[string]any {
	boards := []map[string]any{}
	for _, b := range rd.Boards {
		boards = append(boards, map[string]any{"white": b.White.MemberID, "black": b.Black.MemberID})
	}
	body := map[string]any{"boards": boards, "bye": nil}
	for _, b := range rd.Byes {
		if b.Kind == "pairing" {
			body["bye"] = b.Player.MemberID
		}
	}
	return body
}

// problemBody is a problem document as a client decodes it.
type problemBody struct {
	Errors  map[string]string       `json:"errors"`
	Current tournament.PairingCheck `json:"current"`
}

// TestManualPairing replaces round 2 of a five-player Swiss by hand, on each database: the
// engine's own pairing checks clean; a rematch and a second bye are refused (422, C1 and C2);
// colours swapped score worse (409 without confirm, saved with it); the saved round is what
// was sent, the live stream announces it, the checker then sees it differ, and the audit
// trail has it. A proposal that does
// not pair the round's players once each is 422, field by field; a round with a result is 409.
func TestManualPairing(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5, func(c *chessclub.Config) { c.Play.Live.EventPoll = 20 * time.Millisecond })
		srv := httptest.NewServer(c.Handler)
		t.Cleanup(srv.Close) // after the stream's own cleanup, which ends it
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 5)
		c.start(tr.ID)
		r1 := c.pair(tr.ID)
		for _, b := range r1.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultWhiteWins)
		}
		r2 := c.pair(tr.ID)
		path := func(rest string) string { return clubtest.Path("/api/tournaments/%d/rounds/2", tr.ID) + rest }
		id := func(i int) int64 { return c.IDs[player(i)] }
		// Round 1 has two boards, both won by White, and a bye. Sent back as it is, the
		// engine's pairing of round 2 checks clean.
		var same tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "POST", Path: path("/pairing/check"), As: "org", Body: proposalOf(r2)}, http.StatusOK).Decode(t, &same)
		if same.Differs || len(same.Breaks)+len(same.Worse) != 0 {
			t.Fatalf("the engine's own pairing: %+v", same)
		}

		// A rematch of round 1's board 1, and the bye again to the player who had it.
		rematch := map[string]any{"boards": []map[string]any{
			{"white": r1.Boards[0].White.MemberID, "black": r1.Boards[0].Black.MemberID},
			{"white": r1.Boards[1].White.MemberID, "black": r1.Byes[0].Player.MemberID},
		}, "bye": r1.Boards[1].Black.MemberID}
		secondBye := map[string]any{"boards": []map[string]any{
			{"white": r1.Boards[0].White.MemberID, "black": r1.Boards[1].White.MemberID},
			{"white": r1.Boards[0].Black.MemberID, "black": r1.Boards[1].Black.MemberID},
		}, "bye": r1.Byes[0].Player.MemberID}
		for _, tc := range []struct {
			name, breaks string
			body         map[string]any
		}{{"a rematch", "C1", rematch}, {"a second bye", "C2", secondBye}} {
			var v tournament.PairingCheck
			c.MustDo(clubtest.Req{Method: "POST", Path: path("/pairing/check"), As: "org", Body: tc.body}, http.StatusOK).Decode(t, &v)
			if !v.Differs || len(v.Breaks) != 1 || v.Breaks[0] != tc.breaks {
				t.Errorf("%s: verdict %+v, want it to break %s", tc.name, v, tc.breaks)
			}
			var p problemBody
			c.MustDo(clubtest.Req{Method: "PUT", Path: path("/pairing"), As: "org", Body: withConfirm(tc.body)}, http.StatusUnprocessableEntity).Decode(t, &p)
			if p.Errors["boards"] != "breaks "+tc.breaks {
				t.Errorf("%s: errors %v, want boards: breaks %s", tc.name, p.Errors, tc.breaks)
			}
		}

		// Colours swapped on every board: players who played round 1 lose their strong
		// preference.
		swapped := proposalOf(r2)
		for _, b := range swapped["boards"].([]map[string]any) {
			b["white"], b["black"] = b["black"], b["white"]
		}
		var worse tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "POST", Path: path("/pairing/check"), As: "org", Body: swapped}, http.StatusOK).Decode(t, &worse)
		if !worse.Differs || len(worse.Breaks) != 0 || len(worse.Worse) == 0 || len(worse.Engine.Boards) != len(r2.Boards) {
			t.Fatalf("colours swapped: verdict %+v", worse)
		}
		var conflict problemBody
		c.MustDo(clubtest.Req{Method: "PUT", Path: path("/pairing"), As: "org", Body: swapped}, http.StatusConflict).Decode(t, &conflict)
		diffValues(t, "409's current", conflict.Current, worse)
		if conflict.Errors["confirm"] == "" {
			t.Errorf("409 names no confirm: %v", conflict.Errors)
		}
		live := follow(t, srv.URL, tr.ID, "")
		var saved tournament.Round
		c.MustDo(clubtest.Req{Method: "PUT", Path: path("/pairing"), As: "org", Body: withConfirm(swapped)}, http.StatusOK).Decode(t, &saved)
		if ev := live.next(5 * time.Second); ev.Type != "round_paired" || !strings.Contains(ev.Data, `"manual":true`) || !strings.Contains(ev.Data, `"round":2`) {
			t.Errorf("live event %+v, want round_paired of round 2, manual", ev)
		}
		live.close()
		diffValues(t, "saved round", proposalOf(saved), swapped)
		if saved.Boards[0].Version != 2 {
			t.Errorf("the new boards have version %d, want 2 (after the old boards' 1)", saved.Boards[0].Version)
		}
		var stored tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: path("")}, http.StatusOK).Decode(t, &stored)
		diffValues(t, "stored round", stored, saved)
		var checked tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "GET", Path: path("/check")}, http.StatusOK).Decode(t, &checked)
		diffValues(t, "GET check after saving", checked, worse)
		var trail []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/audit?limit=100", tr.ID), As: "org"}, http.StatusOK).Decode(t, &trail)
		last := trail[len(trail)-1] // the trail is oldest first
		if last.Action != audit.RoundRepaired || last.Subject != "round 2" {
			t.Fatalf("last audit entry %s of %q, want %s of round 2", last.Action, last.Subject, audit.RoundRepaired)
		}
		var after struct{ Worse []string }
		if err := json.Unmarshal(last.After, &after); err != nil || len(after.Worse) != len(worse.Worse) {
			t.Errorf("audit after %s, want the criteria worse %v (%v)", last.After, worse.Worse, err)
		}

		// Proposals that do not pair the round's players once each.
		twice := proposalOf(saved)
		twice["boards"].([]map[string]any)[1]["black"] = twice["boards"].([]map[string]any)[0]["white"]
		short := proposalOf(saved)
		short["boards"] = short["boards"].([]map[string]any)[:1]
		stranger := proposalOf(saved)
		stranger["bye"] = c.IDs["root"]
		for _, tc := range []struct {
			name   string
			body   map[string]any
			status int
			field  string
		}{
			{"a player twice", twice, http.StatusUnprocessableEntity, "boards[1].black"},
			{"players left out", short, http.StatusUnprocessableEntity, "boards"},
			{"not a player", stranger, http.StatusUnprocessableEntity, "bye"},
			{"no boards", map[string]any{"bye": id(1)}, http.StatusUnprocessableEntity, "boards"},
			{"a board without black", map[string]any{"boards": []map[string]any{{"white": id(1)}}}, http.StatusUnprocessableEntity, "boards[0].black"},
			{"boards not an array", map[string]any{"boards": "1-2"}, http.StatusBadRequest, "boards"},
			{"an unknown field", map[string]any{"boards": []map[string]any{}, "colour": "w"}, http.StatusUnprocessableEntity, "colour"},
		} {
			var p problemBody
			c.MustDo(clubtest.Req{Method: "POST", Path: path("/pairing/check"), As: "org", Body: tc.body}, tc.status).Decode(t, &p)
			if p.Errors[tc.field] == "" {
				t.Errorf("%s: errors %v name no %s", tc.name, p.Errors, tc.field)
			}
		}

		// Round 1 is not the last round; once round 2 has a result, it is fixed too.
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds/1/pairing/check", tr.ID), As: "org", Body: proposalOf(r1)}, http.StatusConflict)
		c.result(tr.ID, 2, 1, tournament.ResultDraw)
		c.MustDo(clubtest.Req{Method: "PUT", Path: path("/pairing"), As: "org", Body: withConfirm(proposalOf(saved))}, http.StatusConflict)
		// Round 3 waits for round 2's results; round 4 is not the next.
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/3/pairing", tr.ID), As: "org", Body: proposalOf(saved)}, http.StatusConflict)
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/4/pairing", tr.ID), As: "org", Body: proposalOf(saved)}, http.StatusNotFound)
	})
}

// withConfirm returns body with "confirm": true.
func withConfirm(body map[string]any) map[string]any {
	out := map[string]any{"confirm": true}
	for k, v := range body {
		out[k] = v
	}
	return out
}

// TestPairByHandNextRound makes rounds by hand, on each database: round 2 of a four-player
// Swiss in place of the engine (checked, saved with confirm when worse, with the byes of the
// players who sit it out), and round 2 of a two-player Swiss, which no pairing can meet: the
// engine refuses it, and the arbiter decides (C.04.3 1.9.3) with confirm.
func TestPairByHandNextRound(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 5)
		c.start(tr.ID)
		r1 := c.pair(tr.ID)
		path := func(id int64, rest string) string { return clubtest.Path("/api/tournaments/%d/rounds/2", id) + rest }
		// Round 2 cannot be made while round 1 has results missing.
		c.MustDo(clubtest.Req{Method: "POST", Path: path(tr.ID, "/pairing/check"), As: "org", Body: proposalOf(r1)}, http.StatusConflict)
		for _, b := range r1.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
		}
		// p05 had the bye in round 1 and asks for a half-point bye in round 2.
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/players/%d/byes/2", tr.ID, c.IDs["p05"]), As: "p05"}, http.StatusNoContent)
		a, b := r1.Boards[0], r1.Boards[1]
		mine := map[string]any{"boards": []map[string]any{
			{"white": a.White.MemberID, "black": b.White.MemberID},
			{"white": a.Black.MemberID, "black": b.Black.MemberID},
		}, "bye": nil}
		var v tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "POST", Path: path(tr.ID, "/pairing/check"), As: "org", Body: mine}, http.StatusOK).Decode(t, &v)
		if len(v.Breaks) != 0 || v.NoPairing {
			t.Fatalf("verdict %+v", v)
		}
		withBye := withConfirm(mine)
		withBye["bye"] = c.IDs["p05"]
		var p problemBody
		c.MustDo(clubtest.Req{Method: "PUT", Path: path(tr.ID, "/pairing"), As: "org", Body: withBye}, http.StatusUnprocessableEntity).Decode(t, &p)
		if p.Errors["bye"] == "" {
			t.Errorf("a player who asked for a bye, given the pairing bye: errors %v", p.Errors)
		}
		var saved tournament.Round
		c.MustDo(clubtest.Req{Method: "PUT", Path: path(tr.ID, "/pairing"), As: "org", Body: withConfirm(mine)}, http.StatusOK).Decode(t, &saved)
		diffValues(t, "round 2 by hand", proposalOf(saved), mine)
		if len(saved.Byes) != 1 || saved.Byes[0].Kind != "half" || saved.Byes[0].Player.MemberID != c.IDs["p05"] {
			t.Errorf("round 2's byes %+v, want p05's half-point bye", saved.Byes)
		}
		var tour tournament.Tournament
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d", tr.ID)}, http.StatusOK).Decode(t, &tour)
		if tour.CurrentRound != 2 {
			t.Errorf("current round %d after round 2 was made by hand", tour.CurrentRound)
		}
		var checked tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "GET", Path: path(tr.ID, "/check")}, http.StatusOK).Decode(t, &checked)
		diffValues(t, "GET check of the round made by hand", checked, v)

		// Two players, who met in round 1: no pairing of round 2 meets C1.
		duo := c.create(map[string]any{"rounds": 2})
		c.enterAll(duo.ID, 2)
		c.start(duo.ID)
		d1 := c.pair(duo.ID)
		c.result(duo.ID, 1, 1, tournament.ResultWhiteWins)
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds", duo.ID), As: "org"}, http.StatusConflict)
		again := map[string]any{"boards": []map[string]any{{"white": d1.Boards[0].Black.MemberID, "black": d1.Boards[0].White.MemberID}}}
		var none tournament.PairingCheck
		c.MustDo(clubtest.Req{Method: "POST", Path: path(duo.ID, "/pairing/check"), As: "org", Body: again}, http.StatusOK).Decode(t, &none)
		diffValues(t, "no pairing", none, tournament.PairingCheck{Round: 2, Differs: true, NoPairing: true,
			Engine: tournament.CheckedPairing{Boards: []tournament.CheckedBoard{}},
			Paired: tournament.CheckedPairing{Boards: []tournament.CheckedBoard{{White: d1.Boards[0].Black, Black: d1.Boards[0].White}}},
			Breaks: []string{"C1"}, Worse: []string{}})
		c.MustDo(clubtest.Req{Method: "PUT", Path: path(duo.ID, "/pairing"), As: "org", Body: again}, http.StatusConflict).Decode(t, &p)
		if p.Errors["confirm"] != "breaks C1" {
			t.Errorf("without confirm: errors %v, want confirm: breaks C1", p.Errors)
		}
		c.MustDo(clubtest.Req{Method: "PUT", Path: path(duo.ID, "/pairing"), As: "org", Body: withConfirm(again)}, http.StatusOK)
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/4/pairing", duo.ID), As: "org", Body: again}, http.StatusNotFound)
	})
}
