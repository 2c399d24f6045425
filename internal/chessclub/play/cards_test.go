package play_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestSchedule reads the whole schedule of round robins on each database: before the start
// and for a Swiss it is refused; from the start on it is FIDE's Berger tables by pairing number
// (`chessclub berger`, single or double), with the free round of an odd field named; and every
// round paired later is the round the schedule showed.
func TestSchedule(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		swiss := c.create(map[string]any{"rounds": 3})
		c.enterAll(swiss.ID, 5)
		c.start(swiss.ID)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(swiss.ID, "/schedule")}, http.StatusConflict)

		for _, tc := range []struct {
			name    string
			players int
			double  bool
		}{
			{"single, odd", 5, false},
			{"double, even", 4, true},
		} {
			// One club (and its test) for every case: the club's helpers fail the test they
			// were made with, so the cases run in it, named in each message.
			rr := c.create(map[string]any{"name": tc.name, "format": "round_robin", "double_round_robin": tc.double})
			c.enterAll(rr.ID, tc.players)
			c.MustDo(clubtest.Req{Method: "GET", Path: tpath(rr.ID, "/schedule")}, http.StatusConflict)
			c.start(rr.ID)
			c.pair(rr.ID)
			checkSchedule(t, c, tc.name, rr.ID, tc.players, tc.double)
		}
	})
}

// checkSchedule compares the schedule of tournament id (the case name) with the Berger tables of the CLI, then
// pairs and plays every round and compares each with its round of the schedule.
func checkSchedule(t *testing.T, c *club, name string, id int64, n int, double bool) {
	args := []string{"berger", fmt.Sprint(n)}
	if double {
		args = []string{"berger", "-double", fmt.Sprint(n)}
	}
	var berger struct {
		Rounds [][][2]int `json:"rounds"`
	}
	if err := json.Unmarshal(runCLI(t, args...), &berger); err != nil {
		t.Fatal(err)
	}
	var sched web.Schedule
	c.MustDo(clubtest.Req{Method: "GET", Path: tpath(id, "/schedule")}, http.StatusOK).Decode(t, &sched)
	if len(sched.Rounds) != len(berger.Rounds) {
		t.Fatalf("%s: %d rounds scheduled; want %d", name, len(sched.Rounds), len(berger.Rounds))
	}
	for i, sr := range sched.Rounds {
		var got [][2]int
		if sr.Free != nil {
			got = append(got, [2]int{sr.Free.StartRank, 0})
		}
		for _, g := range sr.Games {
			got = append(got, [2]int{g.White.StartRank, g.Black.StartRank})
		}
		diffValues(t, fmt.Sprintf("%s, round %d", name, i+1), got, berger.Rounds[i])
		if want := i == 0; sr.Paired != want {
			t.Errorf("%s, round %d: paired %v; want %v", name, i+1, sr.Paired, want)
		}
	}
	for r := 1; r <= len(sched.Rounds); r++ {
		if r > 1 {
			c.pair(id)
		}
		var round tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(id, "/rounds/%d", r)}, http.StatusOK).Decode(t, &round)
		var got, want [][2]int64
		for _, b := range round.Boards {
			got = append(got, [2]int64{b.White.MemberID, b.Black.MemberID})
			c.result(id, r, b.Board, tournament.ResultDraw)
		}
		for _, g := range sched.Rounds[r-1].Games {
			want = append(want, [2]int64{g.White.MemberID, g.Black.MemberID})
		}
		diffValues(t, fmt.Sprintf("%s, round %d paired", name, r), got, want)
	}
}

// TestPlayerCard reads players' cards without logging in, on each database: each round's
// opponent, colour, result and points as the crosstable has them, the performance rating as
// the standings' TPR computes it, the rating's status, nothing private, and 404 for a member
// who has not entered.
func TestPlayerCard(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 2})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		for r := 1; r <= 2; r++ {
			round := c.pair(tr.ID)
			for _, b := range round.Boards {
				c.result(tr.ID, r, b.Board, tournament.ResultWhiteWins)
			}
		}
		var cross web.Crosstable
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/crosstable")}, http.StatusOK).Decode(t, &cross)
		st := c.standings(tr.ID, "PTS,TPR")
		for _, row := range cross.Players {
			res := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players/%d", row.Player.MemberID)}, http.StatusOK)
			var card web.PlayerCard
			res.Decode(t, &card)
			if card.Player.RatingStatus != "declared" || card.Player.Rating == nil {
				t.Errorf("%s: rating %v, %s; want the declared rating", row.Player.FullName, card.Player.Rating, card.Player.RatingStatus)
			}
			if card.Points != row.Points {
				t.Errorf("%s: %v points; the crosstable has %v", row.Player.FullName, card.Points, row.Points)
			}
			var got, want []string
			for _, cr := range card.Rounds {
				got = append(got, fmt.Sprintf("%d %d %s %s", cr.Round, cr.Opponent.StartRank, *cr.Colour, *cr.Result))
			}
			for _, cell := range row.Rounds {
				want = append(want, fmt.Sprintf("%d %d %s %s", cell.Round, *cell.Opponent, *cell.Colour, *cell.Result))
			}
			diffValues(t, row.Player.FullName+" rounds", got, want)
			for _, s := range st.Rows {
				if s.Player.MemberID != row.Player.MemberID {
					continue
				}
				if s.Values["TPR"] == nil || card.Performance == nil || float64(*card.Performance) != *s.Values["TPR"] {
					t.Errorf("%s: performance %v; the standings' TPR is %v", row.Player.FullName, card.Performance, s.Values["TPR"])
				}
			}
			var raw struct {
				Player map[string]any `json:"player"`
			}
			res.Decode(t, &raw)
			for _, private := range []string{"username", "email", "birth_year"} {
				if _, ok := raw.Player[private]; ok {
					t.Errorf("%s: the card shows %s", row.Player.FullName, private)
				}
			}
		}
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players/999999")}, http.StatusNotFound)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players/x")}, http.StatusBadRequest)
	})
}

// TestRatingStatus shows each entry's rating for what it is on each database: an unrated
// member has no rating and the status unrated (never the placeholder 1200), a declared one
// keeps its status in the list of players and on the card.
func TestRatingStatus(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 2)
		unrated := c.Register("newbie", "Nina Newbie")
		tr := c.create(nil)
		c.enterAll(tr.ID, 2)
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: "newbie"}, http.StatusCreated)
		var list []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players")}, http.StatusOK).Decode(t, &list)
		var got []string
		for _, p := range list {
			got = append(got, fmt.Sprintf("%s %v %s", p.FullName, p.Rating != nil, p.RatingStatus))
		}
		slices.Sort(got)
		diffValues(t, "players", got, []string{"Nina Newbie false unrated", "Player 01 true declared", "Player 02 true declared"})
		var card web.PlayerCard
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/players/%d", unrated.ID)}, http.StatusOK).Decode(t, &card)
		if card.Player.Rating != nil || card.Player.RatingStatus != "unrated" || len(card.Rounds) != 0 {
			t.Errorf("unrated card before the start: %+v", card)
		}
	})
}
