package play_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// want is an expected answer: a status, and for a problem the field it must name and the
// state its "current" member must show (when not empty).
type want struct {
	status int
	field  string
	state  string
}

// check sends r and compares the answer with w.
func (c *club) check(t *testing.T, name string, r clubtest.Req, w want) clubtest.Resp {
	t.Helper()
	res := c.Do(r)
	if res.Status != w.status {
		t.Errorf("%s: status %d, want %d: %s", name, res.Status, w.status, res.Body)
		return res
	}
	if w.status >= 400 {
		doc := res.Problem(t)
		if w.field != "" && doc.Errors[w.field] == "" {
			t.Errorf("%s: the problem names no %q: %s", name, w.field, res.Body)
		}
		if w.state != "" {
			cur, _ := doc.Current.(map[string]any)
			if cur["state"] != w.state {
				t.Errorf("%s: current %v, want state %s", name, doc.Current, w.state)
			}
		}
	}
	return res
}

func tpath(id int64, format string, args ...any) string {
	return fmt.Sprintf("/api/tournaments/%d", id) + fmt.Sprintf(format, args...)
}

// TestEditing: PATCH while open and after the start, If-Match, and validation.
func TestEditing(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"description": "Old"})
		patch := func(body any, header map[string]string) clubtest.Req {
			return clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: body, ContentType: "application/merge-patch+json", Header: header}
		}
		get := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "")}, http.StatusOK)
		etag := get.Header.Get("ETag")
		c.check(t, "not modified", clubtest.Req{Method: "GET", Path: tpath(tr.ID, ""), Header: map[string]string{"If-None-Match": etag}}, want{status: 304})
		res := c.check(t, "rounds and a setting while open", patch(map[string]any{"rounds": 4, "bye_limit": 2, "description": nil}, map[string]string{"If-Match": etag}), want{status: 200})
		var got tournament.Tournament
		res.Decode(t, &got)
		if got.Rounds == nil || *got.Rounds != 4 || got.ByeLimit != 2 || got.Description != nil || got.Name != tr.Name {
			t.Errorf("patched: %+v", got)
		}
		c.check(t, "stale If-Match", patch(map[string]any{"name": "X"}, map[string]string{"If-Match": etag}), want{status: 412})
		c.check(t, "read-only field", patch(map[string]any{"state": "finished"}, nil), want{status: 422, field: "state"})
		c.check(t, "unknown field", patch(map[string]any{"colour": "red"}, nil), want{status: 422, field: "colour"})
		c.check(t, "name removed", patch(map[string]any{"name": nil}, nil), want{status: 422, field: "name"})
		c.check(t, "51 rounds", patch(map[string]any{"rounds": 51}, nil), want{status: 422, field: "rounds"})
		c.check(t, "not a boolean", patch(map[string]any{"rated": "yes"}, nil), want{status: 422, field: "rated"})
		c.check(t, "XML", clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: "<x/>", ContentType: "application/xml"}, want{status: 415})
		c.check(t, "by another member", clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "p01", Body: map[string]any{"name": "Mine"}}, want{status: 403})
		c.check(t, "by an admin", clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "root", Body: map[string]any{"location": "Hall"}}, want{status: 200})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		c.check(t, "rounds after the start", patch(map[string]any{"rounds": 5, "name": "New"}, nil), want{status: 409, field: "rounds", state: "running"})
		c.check(t, "the name after the start", patch(map[string]any{"name": "New", "description": "Now running"}, nil), want{status: 200})
		c.check(t, "the same rounds after the start", patch(map[string]any{"rounds": 4}, nil), want{status: 200})
		c.check(t, "start again", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/start"), As: "org"}, want{status: 409, state: "running"})
	})
}

// TestEntries: entering, leaving, withdrawing and late entries.
func TestEntries(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 6)
		tr := c.create(map[string]any{"rounds": 3})
		players := tpath(tr.ID, "/players")
		enter := func(as string, body any) clubtest.Req {
			return clubtest.Req{Method: "POST", Path: players, As: as, Body: body}
		}
		c.check(t, "start with no one", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/start"), As: "org"}, want{status: 409, state: "open"})
		c.check(t, "self", enter("p01", nil), want{status: 201})
		c.check(t, "twice", enter("p01", nil), want{status: 409, state: "open"})
		c.check(t, "someone else, as a member", enter("p02", map[string]any{"member_id": c.IDs["p03"]}), want{status: 403})
		c.check(t, "someone else, as the arbiter organising it", enter("org", map[string]any{"member_id": c.IDs["p02"]}), want{status: 201})
		c.check(t, "no such member", enter("org", map[string]any{"member_id": 9999}), want{status: 422, field: "member_id"})
		c.check(t, "bad missed_rounds", enter("p03", map[string]any{"missed_rounds": "some"}), want{status: 422, field: "missed_rounds"})
		c.check(t, "unknown field", enter("p03", map[string]any{"board": 1}), want{status: 422, field: "board"})
		c.check(t, "self with a body", enter("p03", map[string]any{}), want{status: 201})
		c.check(t, "p04 enters", enter("p04", nil), want{status: 201})
		c.check(t, "p04 leaves", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", c.IDs["p04"]), As: "p04"}, want{status: 204})
		c.check(t, "leave again", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", c.IDs["p04"]), As: "p04"}, want{status: 404})
		c.check(t, "take out someone else", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", c.IDs["p01"]), As: "p02"}, want{status: 403})
		var list []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: players}, http.StatusOK).Decode(t, &list)
		if len(list) != 3 || list[0].FullName != "Player 01" || list[0].StartRank != nil || list[0].Rating == nil || *list[0].Rating != 2400 {
			t.Fatalf("entries before the start: %+v", list)
		}
		c.start(tr.ID)
		c.check(t, "self after the start", enter("p05", nil), want{status: 409, state: "running"})
		rd := c.pair(tr.ID)
		for _, b := range rd.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
		}
		c.check(t, "late entry by the organiser", enter("org", map[string]any{"member_id": c.IDs["p05"], "missed_rounds": "half"}), want{status: 201})
		c.check(t, "withdraw", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", c.IDs["p02"]), As: "p02"}, want{status: 204})
		c.check(t, "withdraw again", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/players/%d", c.IDs["p02"]), As: "org"}, want{status: 204})
		c.MustDo(clubtest.Req{Method: "GET", Path: players}, http.StatusOK).Decode(t, &list)
		late, gone := list[3], list[1]
		if late.FullName != "Player 05" || late.StartRank == nil || *late.StartRank != 4 || late.FirstRound != 2 {
			t.Errorf("the late entry: %+v", late)
		}
		if gone.FullName != "Player 02" || gone.WithdrawnAfter == nil || *gone.WithdrawnAfter != 1 {
			t.Errorf("the withdrawal: %+v", gone)
		}
		var r1 tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &r1)
		var lateBye string
		for _, b := range r1.Byes {
			if b.Player.FullName == "Player 05" {
				lateBye = fmt.Sprint(b.Kind, " ", b.Points)
			}
		}
		if lateBye != "half 0.5" {
			t.Errorf("the late entry's round 1: %q, want a half-point bye", lateBye)
		}
		rd = c.pair(tr.ID)
		for _, b := range rd.Boards {
			if b.White.FullName == "Player 02" || b.Black.FullName == "Player 02" {
				t.Errorf("the withdrawn player is paired in round 2")
			}
		}
		rr := c.create(map[string]any{"format": "round_robin"})
		c.enterAll(rr.ID, 3)
		c.start(rr.ID)
		c.check(t, "late into a round robin", clubtest.Req{Method: "POST", Path: tpath(rr.ID, "/players"), As: "org", Body: map[string]any{"member_id": c.IDs["p04"]}}, want{status: 409, state: "running"})
	})
}

// TestByes: half-point byes asked for in advance, within the limit.
func TestByes(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 4})
		c.enterAll(tr.ID, 4)
		bye := func(method, as, who string, round int) clubtest.Req {
			return clubtest.Req{Method: method, Path: tpath(tr.ID, "/players/%d/byes/%d", c.IDs[who], round), As: as}
		}
		c.check(t, "ask", bye("PUT", "p01", "p01", 2), want{status: 204})
		c.check(t, "ask again", bye("PUT", "p01", "p01", 2), want{status: 204})
		c.check(t, "over the limit", bye("PUT", "p01", "p01", 3), want{status: 409, state: "open"})
		c.check(t, "for someone else", bye("PUT", "p02", "p01", 3), want{status: 403})
		c.check(t, "the organiser for a player", bye("PUT", "org", "p02", 3), want{status: 204})
		c.check(t, "no such round", bye("PUT", "p03", "p03", 5), want{status: 404})
		c.check(t, "round 0", bye("PUT", "p03", "p03", 0), want{status: 400, field: "round"})
		c.check(t, "not entered", clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/players/%d/byes/2", c.IDs["org"]), As: "org"}, want{status: 404})
		c.check(t, "cancel", bye("DELETE", "org", "p02", 3), want{status: 204})
		c.check(t, "cancel again", bye("DELETE", "org", "p02", 3), want{status: 404})
		c.start(tr.ID)
		rd := c.pair(tr.ID)
		c.check(t, "for a round paired", bye("PUT", "p03", "p03", 1), want{status: 409, state: "running"})
		for _, b := range rd.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultWhiteWins)
		}
		r2 := c.pair(tr.ID)
		if len(r2.Boards) != 1 || len(r2.Byes) != 2 {
			t.Fatalf("round 2 with p01 away: %d boards, %d byes", len(r2.Boards), len(r2.Byes))
		}
		kinds := map[string]string{}
		for _, b := range r2.Byes {
			kinds[b.Player.FullName] = b.Kind
		}
		diffValues(t, "round 2's byes", kinds["Player 01"], "half")
		ko := c.create(map[string]any{"format": "knockout"})
		c.enterAll(ko.ID, 2)
		c.check(t, "in a knockout", clubtest.Req{Method: "PUT", Path: tpath(ko.ID, "/players/%d/byes/1", c.IDs["p01"]), As: "p01"}, want{status: 409, state: "open"})
	})
}

// TestRoundsAndResults: pairing and un-pairing rounds, reporting and correcting results.
func TestRoundsAndResults(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3, "players_report": true})
		pair := clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"}
		c.check(t, "pair while open", pair, want{status: 409, state: "open"})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		c.check(t, "pair as a member", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "p01"}, want{status: 403})
		rd := c.pair(tr.ID)
		c.check(t, "pair with results missing", pair, want{status: 409, state: "running"})
		c.check(t, "round not paired", clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/2")}, want{status: 404})
		c.check(t, "un-pair", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/rounds/1"), As: "org"}, want{status: 204})
		again := c.pair(tr.ID)
		diffValues(t, "paired again", apiPairing(again), apiPairing(rd))
		b1 := again.Boards[0]
		white, black := playerName(c, b1.White.MemberID), playerName(c, b1.Black.MemberID)
		other := playerName(c, again.Boards[1].White.MemberID)
		res := func(as string, board int, result any, header map[string]string) clubtest.Req {
			return clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/%d", board), As: as, Body: map[string]any{"result": result}, Header: header}
		}
		c.check(t, "no such board", res("org", 9, "1-0", nil), want{status: 404})
		c.check(t, "round 0", clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/0/boards/1"), As: "org", Body: map[string]any{"result": "1-0"}}, want{status: 400, field: "n"})
		c.check(t, "a result that does not exist", res("org", 1, "2-0", nil), want{status: 422, field: "result"})
		c.check(t, "a decider in a Swiss", res("org", 1, "1-0 decider", nil), want{status: 422, field: "result"})
		c.check(t, "no result member", clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/1"), As: "org", Body: map[string]any{}}, want{status: 422, field: "result"})
		c.check(t, "a player of another board", res(other, 1, "1-0", nil), want{status: 403})
		c.check(t, "stale If-Match", res(white, 1, "1-0", map[string]string{"If-Match": `"b7"`}), want{status: 412})
		c.check(t, "white reports", res(white, 1, "1-0", map[string]string{"If-Match": `"b1"`}), want{status: 200})
		c.check(t, "black reports too", res(black, 1, "0-1", nil), want{status: 409, state: "running"})
		c.check(t, "the organiser corrects", res("org", 1, "1/2-1/2", map[string]string{"If-Match": `"b2"`}), want{status: 200})
		c.check(t, "un-pair with results", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/rounds/1"), As: "org"}, want{status: 409, state: "running"})
		c.result(tr.ID, 1, 2, tournament.ResultBlackWins)
		r2 := c.pair(tr.ID)
		c.check(t, "un-pair an earlier round", clubtest.Req{Method: "DELETE", Path: tpath(tr.ID, "/rounds/1"), As: "org"}, want{status: 409, state: "running"})
		c.check(t, "clear a result of an earlier round", res("org", 1, nil, nil), want{status: 409, state: "running"})
		c.check(t, "finish with results missing", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/finish"), As: "org"}, want{status: 409, state: "running"})
		for _, b := range r2.Boards {
			c.result(tr.ID, 2, b.Board, tournament.ResultWhiteWins)
		}
		c.check(t, "correct round 1 during round 3's wait", res("org", 1, "1-0", nil), want{status: 200})
		c.finish(tr.ID)
		c.check(t, "the organiser, an arbiter, after the finish", res("org", 1, "0-1", nil), want{status: 200})
		c.check(t, "a player after the finish", res(white, 1, "0-1", nil), want{status: 409, state: "finished"})
		c.check(t, "an admin after the finish", res("root", 1, "0-1", nil), want{status: 200})
		c.check(t, "an admin clears after the finish", res("root", 1, nil, nil), want{status: 409, state: "finished"})
		c.check(t, "pair after the finish", pair, want{status: 409, state: "finished"})
		c.check(t, "enter after the finish", clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: "org", Body: map[string]any{"member_id": c.IDs["root"]}}, want{status: 409, state: "finished"})
		st := c.standings(tr.ID, "PTS")
		if st.Round != 2 {
			t.Errorf("standings count %d rounds, want 2", st.Round)
		}
		c.check(t, "an unknown tie-break", clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?tiebreaks=PTS,XYZ")}, want{status: 400, field: "tiebreaks"})
		c.check(t, "an unknown parameter", clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings?round=1")}, want{status: 400, field: "round"})
		view := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings")}, http.StatusOK)
		c.check(t, "standings not modified", clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/standings"), Header: map[string]string{"If-None-Match": view.Header.Get("ETag")}}, want{status: 304})
	})
}

// playerName returns the username of the club's member with id.
func playerName(c *club, id int64) string {
	for name, m := range c.IDs {
		if m == id {
			return name
		}
	}
	c.t.Fatalf("no member %d", id)
	return ""
}
