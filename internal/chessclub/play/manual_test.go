package play_test

import (
	"encoding/json"
	"net/http"
	"testing"

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
// was sent, the checker then sees it differ, and the audit trail has it. A proposal that does
// not pair the round's players once each is 422, field by field; a round with a result is 409.
func TestManualPairing(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
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
		var saved tournament.Round
		c.MustDo(clubtest.Req{Method: "PUT", Path: path("/pairing"), As: "org", Body: withConfirm(swapped)}, http.StatusOK).Decode(t, &saved)
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
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/3/pairing", tr.ID), As: "org", Body: proposalOf(saved)}, http.StatusNotFound)
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
