package play_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestWalkInRefusals checks, on each database, who may enter a player without an account
// and what a walk-in's fields may be: every refusal names its fields, and enters no one.
func TestWalkInRefusals(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3})
		ko := c.create(map[string]any{"format": "knockout"})
		c.enterAll(ko.ID, 4)
		c.start(ko.ID)
		cases := []struct {
			name string
			as   string
			id   int64
			body map[string]any
			want clubtest.WantProblem
		}{
			{"a player", "p01", tr.ID, map[string]any{"full_name": "Walter Walk"}, clubtest.WantProblem{Status: 403, Slug: "forbidden"}},
			{"anonymous", "", tr.ID, map[string]any{"full_name": "Walter Walk"}, clubtest.WantProblem{Status: 401, Slug: "unauthorized"}},
			{"empty name", "org", tr.ID, map[string]any{"full_name": " "}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"full_name"}}},
			{"name too long", "org", tr.ID, map[string]any{"full_name": strings.Repeat("W", tournament.MaxWalkInName+1)}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"full_name"}}},
			{"rating low", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "rating": 99}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"rating"}}},
			{"rating high", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "rating": 3001}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"rating"}}},
			{"rating text", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "rating": "1500"}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"rating"}}},
			{"federation", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "federation": "eng"}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"federation"}}},
			{"FIDE id", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "fide_id": 0}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"fide_id"}}},
			{"both", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "member_id": c.IDs["p01"]}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"member_id"}}},
			{"unknown field", "org", tr.ID, map[string]any{"full_name": "Walter Walk", "email": "w@example.org"}, clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"email"}}},
			{"knockout drawn", "org", ko.ID, map[string]any{"full_name": "Walter Walk"}, clubtest.WantProblem{Status: 409, Slug: "conflict"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := c.Do(clubtest.Req{Method: "POST", Path: tpath(tc.id, "/players"), As: tc.as, Body: tc.body})
				clubtest.CheckProblem(t, res, tc.want)
			})
		}
		var players []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &players)
		if len(players) != 0 {
			t.Errorf("refused walk-ins entered %d players: %+v", len(players), players)
		}
	})
}

// TestWalkIn runs a Swiss with two players who have no account, on each database: one entered
// before the start with a starting rating, FIDE id and federation by the organiser who is a
// plain member, one entered late by an arbiter with half-point byes for the rounds missed. It
// checks that each is a guest seeded by the rating given, paired and scored like anyone, in
// the FIDE report with their FIDE fields, in the audit trail as a walk-in, and that an admin
// may link the late one to the member who played.
func TestWalkIn(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		var tr tournament.Tournament
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "host", Body: map[string]any{"name": "Friday Blitz", "start_date": "2026-03-07", "rounds": 3}}, http.StatusCreated).Decode(t, &tr)
		c.enterAll(tr.ID, 4)
		var early tournament.Player
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: "host",
			Body: map[string]any{"full_name": "Wanda Walker", "rating": 2395, "fide_id": 1503014, "federation": "NOR"}}, http.StatusCreated).Decode(t, &early)
		if !early.Guest || early.FullName != "Wanda Walker" || early.MemberID == 0 {
			t.Fatalf("walk-in entered as %+v", early)
		}
		started := c.start(tr.ID)
		var players []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &players)
		// 2395 seeds her between p01 (2400) and p02 (2390).
		if len(players) != 5 || players[1].MemberID != early.MemberID || *players[1].StartRank != 2 || *players[1].Rating != 2395 {
			t.Fatalf("after the start (%s): players %+v", started.State, players)
		}
		r1 := c.pair(tr.ID)
		for _, b := range r1.Boards {
			c.result(tr.ID, 1, b.Board, tournament.ResultDraw)
		}

		var late tournament.Player
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: "org",
			Body: map[string]any{"full_name": "Lars Late", "missed_rounds": "half"}}, http.StatusCreated).Decode(t, &late)
		if !late.Guest || *late.StartRank != 6 || late.Rating != nil {
			t.Fatalf("late walk-in entered as %+v", late)
		}
		st := c.standings(tr.ID, "")
		points := map[int64]float64{}
		for _, row := range st.Rows {
			points[row.Player.MemberID] = *row.Values["PTS"]
		}
		if points[late.MemberID] != 0.5 || points[early.MemberID] != 0.5 && points[early.MemberID] != 1 {
			t.Errorf("points after round 1: late %v (want ½ for the round missed), early %v", points[late.MemberID], points[early.MemberID])
		}
		r2 := c.pair(tr.ID)
		paired := false
		for _, b := range r2.Boards {
			paired = paired || b.White.MemberID == late.MemberID || b.Black.MemberID == late.MemberID
		}
		if !paired {
			t.Errorf("round 2 does not pair the late walk-in: %+v", r2)
		}

		res := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/fide-report.trf"), As: "org"}, http.StatusOK)
		var line string
		for l := range strings.Lines(string(res.Body)) {
			if strings.HasPrefix(l, "001") && strings.Contains(l, "Wanda Walker") {
				line = l
			}
		}
		if !strings.Contains(line, "NOR") || !strings.Contains(line, "1503014") {
			t.Errorf("FIDE report line of the walk-in: %q", line)
		}

		var trail []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/audit?limit=100"), As: "org"}, http.StatusOK).Decode(t, &trail)
		walkIns := map[string]string{}
		for _, e := range trail {
			var after map[string]any
			_ = json.Unmarshal(e.After, &after)
			if e.Action == audit.EntryAdded && after["walk_in"] == true {
				walkIns[e.Subject] = e.ActorUsername
			}
		}
		if walkIns["Wanda Walker"] != "host" || walkIns["Lars Late"] != "org" || len(walkIns) != 2 {
			t.Errorf("walk-ins in the trail (subject: actor): %v", walkIns)
		}

		var linked tournament.Player
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players/%d/link", late.MemberID), As: "root", Body: map[string]any{"member_id": c.IDs["host"]}}, http.StatusOK).Decode(t, &linked)
		if linked.Guest || linked.MemberID != c.IDs["host"] || *linked.StartRank != 6 {
			t.Errorf("the late walk-in linked to host: %+v", linked)
		}
	})
}
