package play_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/rating"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/ratings"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/chessclub/play/web"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// member is a member as GET /api/members/{id} shows the rating fields.
type member struct {
	Rating       int    `json:"rating"`
	RatingStatus string `json:"rating_status"`
	RatedGames   int    `json:"rated_games"`
	BirthYear    *int   `json:"birth_year"`
}

func (c *club) member(as, who string) member {
	c.t.Helper()
	var m member
	c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: as}, http.StatusOK).Decode(c.t, &m)
	return m
}

func (c *club) history(who string) []ratings.Change {
	c.t.Helper()
	var h []ratings.Change
	c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", c.IDs[who]), As: "org"}, http.StatusOK).Decode(c.t, &h)
	return h
}

// TestRatings plays a rated round robin of five rated players (one of them a junior rated 2100
// who has played 40 rated games, one an adult with the same) and one unrated newcomer, on each
// database, and checks that finishing applies FIDE's changes once: each rated player's change is
// what package rating gives for their games with their K (40 for the junior and for the players
// with few games, 20 for the adult with 40 games), the newcomer gets a first rating from their
// five games, every player's history has one line, and nothing is applied twice.
func TestRatings(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		c.Register("newcomer", "New Comer")
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs["p04"]), As: "p04", Body: map[string]any{"birth_year": 2012}}, http.StatusOK)
		for _, who := range []string{"p04", "p05"} {
			c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: who,
				Body: map[string]any{"declared_rating": 2100, "declared_games": 40}}, http.StatusOK)
		}
		tr := c.create(map[string]any{"format": "round_robin", "rated": true, "end_date": "2026-03-08"})
		c.enterAll(tr.ID, 5)
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/players", tr.ID), As: "newcomer"}, http.StatusCreated)
		c.start(tr.ID)
		before := map[string]member{}
		for _, who := range []string{"p01", "p02", "p03", "p04", "p05", "newcomer"} {
			before[who] = c.member("root", who)
		}
		results := []string{tournament.ResultWhiteWins, tournament.ResultDraw, tournament.ResultBlackWins, tournament.ResultWhiteForfeit}
		i := 0
		for r := 1; r <= 5; r++ {
			for _, b := range c.pair(tr.ID).Boards {
				res := results[i%len(results)]
				if res == tournament.ResultWhiteForfeit && (b.White.Rating == nil || b.Black.Rating == nil) {
					res = tournament.ResultDraw // the newcomer plays all five games, for a first rating
				}
				c.result(tr.ID, r, b.Board, res)
				i++
			}
		}
		var cross web.Crosstable
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/crosstable", tr.ID)}, http.StatusOK).Decode(t, &cross)
		c.finish(tr.ID)

		ratingOf := map[int]int{} // start rank → the tournament's rating
		for _, row := range cross.Players {
			if row.Player.Rating != nil {
				ratingOf[row.Player.StartRank] = *row.Player.Rating
			}
		}
		k := map[string]int{"p01": 40, "p02": 40, "p03": 40, "p04": 40, "p05": 20}
		for _, row := range cross.Players {
			who := playerName(c, row.Player.MemberID)
			var games []rating.Game
			score := 0.0
			for _, cell := range row.Rounds {
				if cell.Opponent == nil || cell.Result == nil || !chess.Result((*cell.Result)[0]).Rated() || ratingOf[*cell.Opponent] == 0 {
					continue
				}
				games = append(games, rating.Game{OpponentRating: ratingOf[*cell.Opponent], Result: chess.Result((*cell.Result)[0])})
				score += *cell.Points
			}
			after := c.member("root", who)
			hist := c.history(who)
			if len(hist) != 1 || hist[0].TournamentID != tr.ID || hist[0].Games != len(games) || hist[0].Score != score {
				t.Errorf("%s: history %+v, want one line of %d games, %v points", who, hist, len(games), score)
				continue
			}
			if who == "newcomer" {
				first, ok := rating.Initial(games)
				if !ok || after.RatingStatus != members.RatingRated || after.Rating != first || hist[0].Rating == nil || *hist[0].Rating != first || hist[0].Change != nil {
					t.Errorf("newcomer: %+v, history %+v; want a first rating of %d (%v)", after, hist[0], first, ok)
				}
				continue
			}
			change, err := rating.Change(before[who].Rating, k[who], games)
			if err != nil {
				t.Fatal(err)
			}
			if after.Rating != before[who].Rating+change || after.RatingStatus != members.RatingRated || after.RatedGames != before[who].RatedGames+len(games) {
				t.Errorf("%s: %+v after, %+v before; want a change of %d (K %d)", who, after, before[who], change, k[who])
			}
			if hist[0].Change == nil || *hist[0].Change != change || *hist[0].RatingBefore != before[who].Rating {
				t.Errorf("%s: history %+v, want change %d", who, hist[0], change)
			}
		}
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/finish", tr.ID), As: "root"}, http.StatusConflict)
		if h := c.history("p01"); len(h) != 1 {
			t.Errorf("history after a second finish: %+v", h)
		}
		// A declared rating cannot change once rated games count.
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs["p01"]), As: "p01", Body: map[string]any{"declared_rating": 2500}}, http.StatusConflict)
		// A finished rated tournament counts: only an admin may delete it, and the ratings are
		// then what the tournaments left make them (here: none), the history without it.
		c.MustDo(clubtest.Req{Method: "DELETE", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org"}, http.StatusConflict)
		c.MustDo(clubtest.Req{Method: "DELETE", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "root"}, http.StatusNoContent)
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/rounds", tr.ID)}, http.StatusNotFound)
		for _, who := range []string{"p01", "p02", "p03", "p04", "p05", "newcomer"} {
			if h := c.history(who); len(h) != 0 {
				t.Errorf("%s: history after the tournament was deleted: %+v", who, h)
			}
			clubtest.Diff(t, who+" after the deletion", c.member("root", who), before[who])
		}
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs["p01"]), As: "p01", Body: map[string]any{"declared_rating": 2500}}, http.StatusOK)
	})
}

// TestDeclaredRatings: declaring, changing and removing a starting rating, the birth year's
// privacy, and who may.
func TestDeclaredRatings(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 1)
	c.Register("fresh", "Fresh Member")
	m := c.member("fresh", "fresh")
	if m.RatingStatus != members.RatingUnrated || m.Rating != members.UnratedRating {
		t.Fatalf("a new member: %+v", m)
	}
	patch := func(as, who string, body any, status int) member {
		var out member
		res := c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: as, Body: body, ContentType: "application/merge-patch+json"}, status)
		if status == http.StatusOK {
			res.Decode(t, &out)
		}
		return out
	}
	if got := patch("fresh", "fresh", map[string]any{"declared_rating": 1650, "birth_year": 2009}, 200); got.Rating != 1650 || got.RatingStatus != members.RatingDeclared || got.BirthYear == nil {
		t.Errorf("declared: %+v", got)
	}
	if got := c.member("p01", "fresh"); got.BirthYear != nil {
		t.Errorf("another member sees the birth year: %+v", got)
	}
	if got := c.member("root", "fresh"); got.BirthYear == nil || *got.BirthYear != 2009 {
		t.Errorf("an admin does not see the birth year: %+v", got)
	}
	patch("p01", "fresh", map[string]any{"declared_rating": 2000}, 403)
	patch("fresh", "fresh", map[string]any{"declared_rating": 99}, 422)
	patch("fresh", "fresh", map[string]any{"rating": 2000}, 422)
	if got := patch("root", "fresh", map[string]any{"declared_rating": nil}, 200); got.RatingStatus != members.RatingUnrated || got.Rating != members.UnratedRating {
		t.Errorf("removed: %+v", got)
	}
	c.MustDo(clubtest.Req{Method: "GET", Path: "/api/members/9999/ratings", As: "org"}, http.StatusNotFound)
	c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", c.IDs["fresh"])}, http.StatusUnauthorized)
}
