package play_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// bracket is GET …/bracket as the tests read it.
type bracket struct {
	GamesPerMatch int `json:"games_per_match"`
	Rounds        []struct {
		Number  int `json:"number"`
		Matches []struct {
			A      tournament.PlayerRef  `json:"a"`
			B      *tournament.PlayerRef `json:"b"`
			Score  string                `json:"score"`
			Boards []int                 `json:"boards"`
			Winner *tournament.PlayerRef `json:"winner"`
		} `json:"matches"`
	} `json:"rounds"`
}

// matchLines shows a bracket's matches as "A-B score boards winner", by seed.
func (b bracket) matchLines() [][]string {
	var out [][]string
	for _, r := range b.Rounds {
		var lines []string
		for _, m := range r.Matches {
			line := fmt.Sprintf("%d-", m.A.StartRank)
			if m.B != nil {
				line += fmt.Sprint(m.B.StartRank)
			}
			line += fmt.Sprintf(" %s %v", m.Score, m.Boards)
			if m.Winner != nil {
				line += fmt.Sprintf(" won by %d", m.Winner.StartRank)
			}
			lines = append(lines, line)
		}
		out = append(out, lines)
	}
	return out
}

// games lists a round's boards as "BOARD: WHITE-BLACK game STAGE", by seed.
func games(r tournament.Round) []string {
	var out []string
	for _, b := range r.Boards {
		out = append(out, fmt.Sprintf("%d: %d-%d %d %s", b.Board, b.White.StartRank, b.Black.StartRank, b.Game, b.Stage))
	}
	return out
}

// TestScenarioKnockoutMatches runs a 4-player knockout of 2-game matches through the API on
// each database: the settings' checks, the games with their numbers, stages and alternating
// colours, a level match that goes to rapid games and then to a drawn Armageddon game won by
// Black, the bracket, the final, the places, the TRF file with one column per game, and the
// audit trail of the tie-break results.
func TestScenarioKnockoutMatches(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		stages := []map[string]any{{"stage": "rapid", "games": 2}, {"stage": "armageddon", "games": 1}}
		for _, tc := range []struct {
			name   string
			fields map[string]any
			field  string
		}{
			{"no armageddon at the end", map[string]any{"format": "knockout", "games_per_match": 2, "tiebreak_stages": []map[string]any{{"stage": "rapid", "games": 2}}}, "tiebreak_stages"},
			{"an unknown stage", map[string]any{"format": "knockout", "games_per_match": 2, "tiebreak_stages": []map[string]any{{"stage": "bullet", "games": 2}, {"stage": "armageddon", "games": 1}}}, "tiebreak_stages"},
			{"too many games", map[string]any{"format": "knockout", "games_per_match": 11}, "games_per_match"},
			{"a Swiss of matches", map[string]any{"format": "swiss", "rounds": 3, "games_per_match": 2}, "games_per_match"},
			{"rated matches", map[string]any{"format": "knockout", "games_per_match": 2, "rated": true}, "rated"},
		} {
			body := map[string]any{"name": "Matches", "start_date": "2026-03-07"}
			for k, v := range tc.fields {
				body[k] = v
			}
			res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org", Body: body})
			if res.Status != http.StatusUnprocessableEntity || res.Problem(t).Errors[tc.field] == "" {
				t.Fatalf("%s: %d %s, want 422 naming %s", tc.name, res.Status, res.Body, tc.field)
			}
		}

		tr := c.create(map[string]any{"format": "knockout", "games_per_match": 2, "tiebreak_stages": stages})
		if tr.GamesPerMatch != 2 || len(tr.TieBreaks) != 2 || tr.TieBreaks[1].Stage != "armageddon" {
			t.Fatalf("settings %d %v", tr.GamesPerMatch, tr.TieBreaks)
		}
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"games_per_match": 4}}, http.StatusConflict)

		r1 := c.pair(tr.ID)
		diffValues(t, "round 1", games(r1), []string{"1: 1-4 1 classical", "2: 4-1 2 classical", "3: 2-3 1 classical", "4: 3-2 2 classical"})
		res := c.Do(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/3"), As: "org", Body: map[string]any{"result": tournament.ResultWhiteDecider}})
		if res.Status != http.StatusUnprocessableEntity || res.Problem(t).Errors["result"] == "" {
			t.Fatalf("a decider in a match: %d %s", res.Status, res.Body)
		}
		// 1 beats 4 1½–½; 2 v 3 is level 1–1.
		c.result(tr.ID, 1, 1, tournament.ResultWhiteWins)
		c.result(tr.ID, 1, 2, tournament.ResultDraw)
		c.result(tr.ID, 1, 3, tournament.ResultDraw)
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"}, http.StatusConflict)
		c.result(tr.ID, 1, 4, tournament.ResultDraw)
		var round tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &round)
		diffValues(t, "round 1 with rapid games", games(round)[4:], []string{"5: 2-3 3 rapid", "6: 3-2 4 rapid"})
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"}, http.StatusConflict)

		// The rapid games are 1–1 too: Armageddon, 2 with White; drawn, so 3 goes through.
		c.result(tr.ID, 1, 5, tournament.ResultWhiteWins)
		c.result(tr.ID, 1, 6, tournament.ResultWhiteWins)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &round)
		diffValues(t, "round 1 with Armageddon", games(round)[6:], []string{"7: 2-3 5 armageddon"})
		c.result(tr.ID, 1, 7, tournament.ResultDraw)
		// The tie-breaks were played because 2 v 3 was level; that may not change now.
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/4"), As: "org", Body: map[string]any{"result": tournament.ResultWhiteWins}}, http.StatusConflict)
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/3"), As: "org", Body: map[string]any{"result": nil}}, http.StatusConflict)

		var br bracket
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/bracket")}, http.StatusOK).Decode(t, &br)
		diffValues(t, "bracket after round 1", br.matchLines(), [][]string{{"1-4 1½–½ [1 2] won by 1", "2-3 1–1, rapid 1–1, armageddon 0–1 [3 4 5 6 7] won by 3"}})

		final := c.pair(tr.ID)
		// 3 had White in no first game yet, 1 in one: 3 starts with White.
		diffValues(t, "final", games(final), []string{"1: 3-1 1 classical", "2: 1-3 2 classical"})
		c.result(tr.ID, 2, 1, tournament.ResultBlackWins)
		// A correction of round 1 that keeps who went through is taken; one that makes the
		// match level, so that it would need tie-break games, is not: round 2 is paired.
		c.result(tr.ID, 1, 1, tournament.ResultWhiteForfeit)
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/2"), As: "org", Body: map[string]any{"result": tournament.ResultWhiteWins}}, http.StatusConflict)
		c.result(tr.ID, 2, 2, tournament.ResultDraw)
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/bracket")}, http.StatusOK).Decode(t, &br)
		diffValues(t, "bracket", br.matchLines(), [][]string{
			{"1-4 1½–½ [1 2] won by 1", "2-3 1–1, rapid 1–1, armageddon 0–1 [3 4 5 6 7] won by 3"},
			{"3-1 ½–1½ [1 2] won by 1"},
		})
		c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/rounds"), As: "org"}, http.StatusConflict)

		places := map[int]int{}
		for _, row := range c.standings(tr.ID, "").Rows {
			places[row.Player.StartRank] = row.Place
		}
		diffValues(t, "places", places, map[int]int{1: 1, 3: 2, 2: 3, 4: 3})

		// The TRF file: one column per game, round 1's five then the final's two; the
		// tie-break games with TRF's unrated codes.
		data, err := os.ReadFile(c.report(tr.ID, "matches.trf"))
		if err != nil {
			t.Fatal(err)
		}
		file, err := trf.ReadLimited(bytes.NewReader(data), trf.Limits{})
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if file.TotalRounds != 7 {
			t.Errorf("XXR %d, want 7", file.TotalRounds)
		}
		cols := map[int]string{}
		for _, p := range file.Players {
			line := ""
			for _, r := range p.Rounds {
				switch {
				case r.Opponent == 0:
					line += fmt.Sprintf("[%c]", r.Result)
				default:
					line += fmt.Sprintf("[%d %c %c]", r.Opponent, map[chess.Colour]rune{chess.White: 'w', chess.Black: 'b'}[r.Colour], r.Result)
				}
			}
			cols[p.StartRank] = line
		}
		diffValues(t, "TRF columns", cols, map[int]string{
			1: "[4 w +][4 b =][Z][Z][Z][3 b 1][3 w =]",
			2: "[3 w =][3 b =][3 w W][3 b L][3 w D][Z][Z]",
			3: "[2 b =][2 w =][2 b L][2 w W][2 b D][1 w 0][1 b =]",
			4: "[1 b -][1 w =][Z][Z][Z][Z][Z]",
		})

		// Every game's result is in the audit trail, the tie-break games' too.
		var trail []audit.Entry
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/audit?limit=100"), As: "org"}, http.StatusOK).Decode(t, &trail)
		seen := map[string]bool{}
		for _, e := range trail {
			if e.Action == audit.ResultSet || e.Action == audit.ResultCorrected {
				seen[e.Action+" "+e.Subject] = true
			}
		}
		for _, want := range []string{audit.ResultSet + " round 1, board 7", audit.ResultSet + " round 1, board 5", audit.ResultCorrected + " round 1, board 1", audit.ResultSet + " round 2, board 2"} {
			if !seen[want] {
				t.Errorf("the trail has no %q: %v", want, seen)
			}
		}
		c.finish(tr.ID)
	})
}

// TestKnockoutBracketOtherFormats checks that a Swiss has no bracket, and that a knockout
// of single games shows its matches with their one game each, a decider counting as won.
func TestKnockoutBracketOtherFormats(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 4)
	sw := c.create(map[string]any{"rounds": 3})
	c.MustDo(clubtest.Req{Method: "GET", Path: tpath(sw.ID, "/bracket")}, http.StatusConflict)
	tr := c.create(map[string]any{"format": "knockout"})
	if tr.GamesPerMatch != 1 || len(tr.TieBreaks) != 3 {
		t.Fatalf("default settings %d %v", tr.GamesPerMatch, tr.TieBreaks)
	}
	c.enterAll(tr.ID, 4)
	c.start(tr.ID)
	r1 := c.pair(tr.ID)
	diffValues(t, "round 1", games(r1), []string{"1: 1-4 1 classical", "2: 2-3 1 classical"})
	c.result(tr.ID, 1, 1, tournament.ResultWhiteWins)
	c.result(tr.ID, 1, 2, tournament.ResultBlackDecider)
	var br bracket
	c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/bracket")}, http.StatusOK).Decode(t, &br)
	diffValues(t, "bracket", br.matchLines(), [][]string{{"1-4 1–0 [1] won by 1", "2-3 0–1 [2] won by 3"}})
}
