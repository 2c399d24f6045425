package play_test

import (
	"bytes"
	"net/http"
	"testing"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestFIDEReport plays a rapid Swiss whose players have FIDE fields and checks, on each
// database, that report.trf reads back with internal/chess/trf and carries them all: the
// tournament section's records (022 to 132, the round dates given and those spread over the
// event), and for each player the FIDE rapid rating fixed at the start (not the club rating,
// not a rating changed since, blank without one), FIDE id, federation, title, sex and birth
// date; and that the file is named after the tournament. The public report.trf is the same
// file without the birth dates, which are private.
func TestFIDEReport(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		patch := func(who string, body map[string]any) {
			c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: who, Body: body}, http.StatusOK)
		}
		patch("p01", map[string]any{"fide_id": 1503014, "federation": "NOR", "title": "GM", "sex": "m", "birth_date": "1990-11-30", "fide_rating_rapid": 2820})
		patch("p02", map[string]any{"fide_id": 8602980, "federation": "CHN", "title": "WGM", "sex": "w", "birth_year": 1994, "fide_rating_rapid": 2580})
		patch("p03", map[string]any{"federation": "ENG"}) // a standard rating only: none for rapid
		tr := c.create(map[string]any{"name": "Spring Open 2026", "rounds": 3, "end_date": "2026-03-21", "rating_type": "rapid",
			"city": "Oslo", "federation": "NOR", "chief_arbiter": "IA Jane Arbiter", "deputy_arbiters": []string{"FA John Deputy", "Joan Deputy"},
			"time_control_code": "15'+10\"", "time_control": "15+10", "round_dates": []string{"2026-03-07"}})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		patch("p01", map[string]any{"fide_rating_rapid": 2830}) // a new list after the start changes nothing
		for r := 1; r <= 3; r++ {
			rd := c.pair(tr.ID)
			for _, b := range rd.Boards {
				c.result(tr.ID, r, b.Board, tournament.ResultDraw)
			}
		}
		c.finish(tr.ID)

		public := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/report.trf")}, http.StatusOK)
		res := c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/fide-report.trf"), As: "org"}, http.StatusOK)
		if got := public.Header.Get("Content-Disposition"); got != `attachment; filename="spring-open-2026.trf"` {
			t.Errorf("public Content-Disposition = %q", got)
		}
		if got := res.Header.Get("Content-Disposition"); got != `attachment; filename="spring-open-2026.trf"` {
			t.Errorf("Content-Disposition = %q", got)
		}
		file, err := trf.Read(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatalf("the report does not read back: %v\n%s", err, res.Body)
		}
		header := []any{file.Name, file.City, file.Federation, file.StartDate, file.EndDate, file.NumPlayers, file.NumRated,
			file.ChiefArbiter, file.DeputyArbiters, file.TimeControl, file.RoundDates}
		diffValues(t, "tournament section", header, []any{"Spring Open 2026", "Oslo", "NOR", "2026/03/07", "2026/03/21", 4, 2,
			"IA Jane Arbiter", []string{"FA John Deputy", "Joan Deputy"}, "15'+10\"", []string{"26/03/07", "26/03/14", "26/03/21"}})

		type fields struct{ Sex, Title, Name, Federation, FIDEID, BirthDate string }
		got := map[string]fields{}
		ratings := map[string]int{}
		for _, p := range file.Players {
			got[p.Name] = fields{p.Sex, p.Title, p.Name, p.Federation, p.FIDEID, p.BirthDate}
			ratings[p.Name] = p.Rating
		}
		diffValues(t, "players", got, map[string]fields{
			"Player 01": {"m", "GM", "Player 01", "NOR", "1503014", "1990/11/30"},
			"Player 02": {"w", "WGM", "Player 02", "CHN", "8602980", "1994/00/00"},
			"Player 03": {Name: "Player 03", Federation: "ENG"},
			"Player 04": {Name: "Player 04"},
		})
		diffValues(t, "FIDE rapid ratings", ratings, map[string]int{"Player 01": 2820, "Player 02": 2580, "Player 03": 0, "Player 04": 0})

		// The public file is the FIDE report but for the birth dates.
		for i := range file.Players {
			file.Players[i].BirthDate = ""
		}
		var blanked bytes.Buffer
		if err := file.Write(&blanked); err != nil {
			t.Fatal(err)
		}
		diffValues(t, "the public report", string(public.Body), blanked.String())

		// The report's fields may be completed after the finish; the rating type may not change
		// once the tournament has started.
		var after tournament.Tournament
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"city": "Bergen", "round_dates": []string{"2026-03-07", "2026-03-08"}}},
			http.StatusOK).Decode(t, &after)
		diffValues(t, "completed after the finish", []any{*after.City, after.RoundDates}, []any{"Bergen", []tournament.Date{"2026-03-07", "2026-03-08"}})
		clubtest.CheckProblem(t, c.Do(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"rating_type": "blitz"}}),
			clubtest.WantProblem{Status: 409, Slug: "conflict", Fields: []string{"rating_type"}})
	})
}

// TestReportSettingsInvalid checks that each bad report field of a new tournament is named in
// a 422.
func TestReportSettingsInvalid(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		long := string(bytes.Repeat([]byte("x"), 101))
		tests := []struct {
			name   string
			body   map[string]any
			fields []string
		}{
			{"rating type", map[string]any{"rating_type": "bullet"}, []string{"rating_type"}},
			{"federation", map[string]any{"federation": "Norway"}, []string{"federation"}},
			{"city too long", map[string]any{"city": long}, []string{"city"}},
			{"chief arbiter on two lines", map[string]any{"chief_arbiter": "Jane\nArbiter"}, []string{"chief_arbiter"}},
			{"deputies not an array", map[string]any{"deputy_arbiters": "John"}, []string{"deputy_arbiters"}},
			{"a deputy without a name", map[string]any{"deputy_arbiters": []string{"John", " "}}, []string{"deputy_arbiters"}},
			{"too many deputies", map[string]any{"deputy_arbiters": []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}}, []string{"deputy_arbiters"}},
			{"time control code too long", map[string]any{"time_control_code": long}, []string{"time_control_code"}},
			{"round date not a date", map[string]any{"round_dates": []string{"2026-02-30"}}, []string{"round_dates"}},
			{"round date before the start", map[string]any{"round_dates": []string{"2026-03-06"}}, []string{"round_dates"}},
			{"round date after the end", map[string]any{"end_date": "2026-03-08", "round_dates": []string{"2026-03-07", "2026-03-09"}}, []string{"round_dates"}},
			{"round dates out of order", map[string]any{"end_date": "2026-03-08", "round_dates": []string{"2026-03-08", "2026-03-07"}}, []string{"round_dates"}},
			{"more dates than rounds", map[string]any{"rounds": 1, "end_date": "2026-03-08", "round_dates": []string{"2026-03-07", "2026-03-08"}}, []string{"round_dates"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				body := map[string]any{"name": "X", "start_date": "2026-03-07"}
				for k, v := range tc.body {
					body[k] = v
				}
				clubtest.CheckProblem(t, c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org", Body: body}),
					clubtest.WantProblem{Status: 422, Slug: "validation", Fields: tc.fields})
			})
		}
	})
}

// TestReportFileName checks the names report.trf is downloaded as.
func TestReportFileName(t *testing.T) {
	for name, want := range map[string]string{
		"Spring Open 2026":          "spring-open-2026.trf",
		"  Club  Championship!  ":   "club-championship.trf",
		"Ærøskøbing Rapid — Åpen":   "roskobing-rapid-apen.trf",
		"Café Blitz":                "cafe-blitz.trf",
		"日本の大会":                     "tournament-7.trf",
		"a/../../etc/passwd\"; x=y": "a-etc-passwd-x-y.trf",
	} {
		if got := (tournament.Tournament{ID: 7, Name: name}).ReportFileName(); got != want {
			t.Errorf("ReportFileName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRatingTypeClubList finishes a rated blitz round robin and then the same as a standard
// one, on each database: the blitz games make the players' blitz ratings (from unrated: a
// declared rating is a standard one) and leave their standard ratings as they were; the
// standard games change the standard ratings and not the blitz ones. Each tournament gives
// every player a history line.
func TestRatingTypeClubList(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 5)
		// The blitz list starts from the players' FIDE blitz ratings.
		for i := 1; i <= 5; i++ {
			c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs[player(i)]), As: player(i), Body: map[string]any{"fide_rating_blitz": 2000 + 50*i}}, http.StatusOK)
		}
		play := func(ratingType string) {
			tr := c.create(map[string]any{"format": "round_robin", "rated": true, "rating_type": ratingType, "end_date": "2026-03-08"})
			c.enterAll(tr.ID, 5)
			c.start(tr.ID)
			for r := 1; r <= 5; r++ {
				rd := c.pair(tr.ID)
				for _, b := range rd.Boards {
					c.result(tr.ID, r, b.Board, tournament.ResultWhiteWins)
				}
			}
			c.finish(tr.ID)
		}
		read := func(who string) members.Member {
			var m members.Member
			c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: "root"}, http.StatusOK).Decode(t, &m)
			return m
		}
		before := read("p01")
		unrated := members.ClubRating{Rating: members.UnratedRating, Status: members.RatingUnrated}
		declared := members.ClubRating{Rating: 2050, Status: members.RatingDeclared}
		diffValues(t, "rapid and blitz before", []members.ClubRating{before.Rapid, before.Blitz}, []members.ClubRating{unrated, declared})
		play(tournament.RatingBlitz)
		afterBlitz := read("p01")
		if afterBlitz.Rating != before.Rating || afterBlitz.RatingStatus != before.RatingStatus || afterBlitz.Rapid != unrated {
			t.Errorf("after a blitz: standard %d %s, rapid %+v; before %d %s", afterBlitz.Rating, afterBlitz.RatingStatus, afterBlitz.Rapid, before.Rating, before.RatingStatus)
		}
		if afterBlitz.Blitz.Status != members.RatingRated || afterBlitz.Blitz.RatedGames != 4 || len(c.history("p01")) != 1 {
			t.Errorf("blitz after a rated blitz tournament: %+v, history %+v", afterBlitz.Blitz, c.history("p01"))
		}
		play(tournament.RatingStandard)
		afterStd := read("p01")
		if afterStd.RatedGames == before.RatedGames || afterStd.Blitz != afterBlitz.Blitz || len(c.history("p01")) != 2 {
			t.Errorf("after a standard tournament: %d games, blitz %+v, history %+v", afterStd.RatedGames, afterStd.Blitz, c.history("p01"))
		}
		var lists []string
		for _, h := range c.history("p01") {
			lists = append(lists, h.RatingType)
		}
		diffValues(t, "the lists of the history's lines", lists, []string{tournament.RatingBlitz, tournament.RatingStandard})
	})
}
