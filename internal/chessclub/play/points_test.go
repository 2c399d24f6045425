package play_test

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestPointSystem runs a Swiss of seven scored three points a win on each database: the
// setting is validated, frozen once started, written to the TRF export as the point-system
// records (162, BBW to BBU) with the points column counted by it, and every round the club
// pairs is what `chessclub pair` makes of the export before it; the standings count the
// points; an import keeps the system, and refuses a file whose points column disagrees with
// its results, naming the player.
func TestPointSystem(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 7)
		for _, bad := range []map[string]any{
			{"points_win": "three"},
			{"points_draw": 0.3},
			{"points_win": 1, "points_draw": 2},
			{"points_loss": 1},
			{"points_win": 0, "points_draw": 0},
			{"points_bye": 100},
			{"acceleration": "baku", "points_win": 3, "points_draw": 1, "points_bye": 3},
		} {
			body := map[string]any{"name": "X", "start_date": "2026-03-07"}
			for k, v := range bad {
				body[k] = v
			}
			c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org", Body: body}, http.StatusUnprocessableEntity)
		}
		if plain := c.create(map[string]any{"rounds": 3}); plain.PointSystem() != tournament.DefaultSettings.PointSystem() || plain.PointsWin != 2 {
			t.Fatalf("default points %+v", plain.Settings)
		}

		tr := c.create(map[string]any{"rounds": 3, "points_win": 3, "points_draw": 1, "points_loss": 0, "points_bye": 3})
		if tr.PointsWin != 6 || tr.PointsDraw != 2 || tr.PointsLoss != 0 || tr.PointsBye != 6 {
			t.Fatalf("points %+v, want 3-1-0 and 3 for the bye", tr.Settings)
		}
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org",
			Body: map[string]any{"points_bye": 1}}, http.StatusOK).Decode(t, &tr)
		if tr.PointsBye != 2 {
			t.Fatalf("patched bye points %d half points, want 2", tr.PointsBye)
		}
		c.enterAll(tr.ID, 7)
		c.start(tr.ID)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org",
			Body: map[string]any{"points_win": 2}}, http.StatusConflict)

		for round := 1; round <= 3; round++ {
			want := cliPair(t, c.report(tr.ID, fmt.Sprintf("before-%d.trf", round)))
			rd := c.pair(tr.ID)
			diffValues(t, fmt.Sprintf("round %d against chessclub pair", round), apiPairing(rd), want)
			for board := 1; board <= len(rd.Boards); board++ {
				c.result(tr.ID, round, board, []string{tournament.ResultWhiteWins, tournament.ResultDraw, tournament.ResultBlackWins}[(round+board)%3])
			}
		}
		path := c.report(tr.ID, "final.trf")
		file, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range []string{"\n162  W 3.0    D 1.0    P 1.0\n", "\nBBW  3.0\n", "\nBBD  1.0\n", "\nBBU  1.0\n"} {
			if !strings.Contains(string(file), rec) {
				t.Errorf("the export lacks %q:\n%s", strings.TrimSpace(rec), file)
			}
		}
		// The standings' points are those the export's points column gives.
		st := c.standings(tr.ID, "")
		columns := map[int]string{}
		for _, line := range strings.Split(string(file), "\n") {
			if strings.HasPrefix(line, "001") {
				var rank int
				fmt.Sscanf(line[4:8], "%d", &rank)
				columns[rank] = strings.TrimSpace(line[80:84])
			}
		}
		wins := 0
		for _, row := range st.Rows {
			pts := row.Values["PTS"]
			if pts == nil || fmt.Sprintf("%.1f", *pts) != columns[row.Player.StartRank] {
				t.Errorf("player %d: standings %v points, export %s", row.Player.StartRank, pts, columns[row.Player.StartRank])
			}
			if pts != nil && *pts >= 3 {
				wins++
			}
		}
		if wins == 0 {
			t.Error("nobody has three points: the standings do not count three a win")
		}

		if cp := c.importFile(file); cp.PointsWin != 6 || cp.PointsDraw != 2 || cp.PointsLoss != 0 || cp.PointsBye != 2 {
			t.Errorf("the import's points are %+v, want 3-1-0 and 1 for the bye", cp.Settings)
		}
		var wrong []string
		for _, line := range strings.Split(string(file), "\n") {
			if strings.HasPrefix(line, "001    1") {
				line = line[:80] + "99.0" + line[84:]
			}
			wrong = append(wrong, line)
		}
		res := c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: []byte(strings.Join(wrong, "\n")),
			ContentType: "text/plain; charset=utf-8"}, http.StatusUnprocessableEntity)
		if doc := res.Problem(t); !strings.Contains(doc.Errors["file"], "player 1 (") || !strings.Contains(doc.Errors["file"], "the points column says 99.0") {
			t.Errorf("the refusal does not name the player: %+v", doc)
		}
	})
}
