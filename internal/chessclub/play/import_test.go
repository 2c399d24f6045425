package play_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// playSwiss creates a Swiss of n players and rounds rounds, starts it and plays upTo of them
// with random results; p03 has asked for a bye in the round after upTo.
func playSwiss(t *testing.T, c *club, n, rounds, upTo int, seed uint64) int64 {
	t.Helper()
	tr := c.create(map[string]any{"rounds": rounds, "location": "Hall 2", "time_control": "90+30"})
	c.enterAll(tr.ID, n)
	c.start(tr.ID)
	rng := rand.New(rand.NewPCG(seed, 1))
	for r := 1; r <= upTo; r++ {
		for _, b := range c.pair(tr.ID).Boards {
			c.result(tr.ID, r, b.Board, randomResult(rng))
		}
	}
	if upTo < rounds {
		c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/players/%d/byes/%d", tr.ID, c.IDs["p03"], upTo+1), As: "p03"}, http.StatusNoContent)
	}
	return tr.ID
}

// importFile posts a TRF file as org and returns the new tournament.
func (c *club) importFile(data []byte) tournament.Tournament {
	c.t.Helper()
	var tr tournament.Tournament
	c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: data, ContentType: "text/plain; charset=utf-8"}, http.StatusCreated).Decode(c.t, &tr)
	return tr
}

// playerLines returns a TRF file's 001 lines.
func playerLines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "001") {
			out = append(out, l)
		}
	}
	return out
}

// TestImportRoundTrip exports a Swiss after three of its five rounds (with a bye asked for
// round 4), imports the file as a new tournament, and checks on each database that the copy
// exports the same players and rounds, that it is running at round 3 with the bye asked, that
// both pair round 4 alike, and that, played to the end with the same results, both finish
// with the same standings; the copy's players are guests, unrated for the club.
func TestImportRoundTrip(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 11)
		orig := playSwiss(t, c, 11, 5, 3, 42)
		file, err := os.ReadFile(c.report(orig, "orig.trf"))
		if err != nil {
			t.Fatal(err)
		}
		cp := c.importFile(file)
		if cp.State != tournament.StateRunning || cp.CurrentRound != 3 || cp.Rounds == nil || *cp.Rounds != 5 || cp.Rated || cp.Format != tournament.FormatSwiss {
			t.Fatalf("imported: %+v", cp)
		}
		if cp.Location == nil || *cp.Location != "Hall 2" || cp.TimeControl == nil || *cp.TimeControl != "90+30" || cp.StartDate != "2026-03-07" {
			t.Errorf("imported details: %+v", cp)
		}
		copyFile, err := os.ReadFile(c.report(cp.ID, "copy.trf"))
		if err != nil {
			t.Fatal(err)
		}
		diffValues(t, "player lines", playerLines(copyFile), playerLines(file))
		var players []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/players", cp.ID)}, http.StatusOK).Decode(t, &players)
		for _, p := range players {
			if !p.Guest {
				t.Errorf("player %d is not a guest", p.MemberID)
			}
			if p.FullName == "Player 03" && fmt.Sprint(p.RequestedByes) != "[4]" {
				t.Errorf("p03's bye in round 4 is lost: %v", p.RequestedByes)
			}
		}
		rng := rand.New(rand.NewPCG(7, 7))
		for r := 4; r <= 5; r++ {
			a, b := c.pair(orig), c.pair(cp.ID)
			diffValues(t, fmt.Sprintf("round %d", r), apiPairing(b), apiPairing(a))
			for i, bd := range a.Boards {
				res := randomResult(rng)
				c.result(orig, r, bd.Board, res)
				c.result(cp.ID, r, b.Boards[i].Board, res)
			}
		}
		c.finish(orig)
		c.finish(cp.ID)
		st1, st2 := c.standings(orig, ""), c.standings(cp.ID, "")
		for i := range st1.Rows {
			st1.Rows[i].Player.MemberID, st2.Rows[i].Player.MemberID = 0, 0
		}
		diffValues(t, "standings", st2, st1)
		// A finished file imports as finished.
		done, err := os.ReadFile(c.report(orig, "done.trf"))
		if err != nil {
			t.Fatal(err)
		}
		if fin := c.importFile(done); fin.State != tournament.StateFinished || fin.CurrentRound != 5 {
			t.Errorf("a finished file: state %s, round %d", fin.State, fin.CurrentRound)
		}
	})
}

// TestImportRefusals checks what import refuses, and how.
func TestImportRefusals(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 0)
	players := func(n int) string {
		var b strings.Builder
		b.WriteString("012 Big\nXXR 5\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "001 %4d      %-33s 1500\n", i, fmt.Sprintf("Player %d", i))
		}
		return b.String()
	}
	// line is a player record in TRF's columns (C.04 Annex 2): sex in 10, title in 11-13,
	// federation in 54-56, FIDE id in 58-68, birth date in 70-79, round 1 from 92.
	line := func(rank int, sex, title, name, fed, birth, points, round string) string {
		return fmt.Sprintf("001 %4d %1s%-3s %-33s 1500 %-3s %11s %-10s %4s       %s", rank, sex, title, name, fed, "", birth, points, round)
	}
	p1 := line(1, "", "", "A", "", "", "1.0", "   2 w 1")
	// two is a finished game between two players, after the tournament section given.
	two := func(section, p1 string) string {
		return section + "XXR 1\n" + p1 + "\n" + line(2, "", "", "B", "", "", "0.0", "   1 b 0") + "\n"
	}
	tests := []struct {
		name, body, ct string
		status         int
		field          string
		says           string // in the refusal of the file, when given
	}{
		{"a start date that does not read", two("012 X\n042 31/31/2026\n", p1), "text/plain", 422, "file", "line 2, column 5: the start date"},
		{"an end date that does not read", two("012 X\n042 2026/03/07\n052 next week\n", p1), "text/plain", 422, "file", "line 3, column 5: the end date"},
		{"a round date that does not read", two("012 X\n132                                                                                        26/02/30\n", p1), "text/plain", 422, "file", "line 2, column 92: round 1's date"},
		{"an end before the start", two("012 X\n042 2026/03/07\n052 2026/03/06\n", p1), "text/plain", 422, "file", "line 3: the end date (052) is before the start date"},
		{"a title that is no FIDE title", two("012 X\n", line(1, "", "XGM", "A", "", "", "1.0", "   2 w 1")), "text/plain", 422, "file", "line 3, column 11: player 1: the title \"XGM\""},
		{"a sex that is neither", two("012 X\n", line(1, "x", "", "A", "", "", "1.0", "   2 w 1")), "text/plain", 422, "file", "line 3, column 10: player 1: the sex \"x\""},
		{"a federation that is no code", two("012 X\n", line(1, "", "", "A", "Ger", "", "1.0", "   2 w 1")), "text/plain", 422, "file", "line 3, column 54: player 1: the federation \"Ger\""},
		{"a birth date that does not read", two("012 X\n", line(1, "", "", "A", "", "12/13/14", "1.0", "   2 w 1")), "text/plain", 422, "file", "line 3, column 70: player 1: the birth date"},
		{"a name longer than the club keeps", two("012 "+strings.Repeat("n", tournament.MaxTournamentName+1)+"\n", p1), "text/plain", 422, "file", "line 1 (012, the tournament's name): 101 characters"},
		{"a team competition", two("012 X\n", p1) + "013 Team A                             1    2\n", "text/plain", 422, "file", "line 5: a team competition's file"},
		{"pairing in the file's order, not the numbers'", "012 X\nXXR 2\nXXC rank white1\n" + line(2, "", "", "B", "", "", "1.0", "   1 b 1") + "\n" + line(1, "", "", "A", "", "", "0.0", "   2 w 0") + "\n", "text/plain", 422, "file", "line 3: XXC rank"},
		{"not TRF", "hello\n", "text/plain", 422, "file", ""},
		{"a knockout", "012 Cup\n092 Individual: Knockout\nXXR 3\n001    1      A                                 1500\n001    2      B                                 1400\n", "text/plain", 422, "file", ""},
		{"one player", players(1), "text/plain", 422, "file", ""},
		{"too many players", players(tournament.MaxPlayers + 1), "text/plain", 422, "file", ""},
		{"no rounds at all", "012 X\n001    1      A\n001    2      B\n", "text/plain", 422, "file", ""},
		{"unrated games", "012 X\nXXR 1\n001    1      A                                 1500              1.0          2 w W\n001    2      B                                 1400              0.0          1 b L\n", "text/plain", 422, "file", ""},
		{"JSON", `{"name":"x"}`, "application/json", 415, "", ""},
		{"too big", strings.Repeat("### padding\n", play.MaxImportBytes/12+1000), "text/plain", 413, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: tc.body, ContentType: tc.ct})
			if res.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", res.Status, tc.status, res.Body)
			}
			doc := res.Problem(t)
			if tc.field != "" && doc.Errors[tc.field] == "" {
				t.Errorf("the problem names no %s: %s", tc.field, res.Body)
			}
			if !strings.Contains(doc.Errors["file"], tc.says) {
				t.Errorf("the refusal %q does not say %q", doc.Errors["file"], tc.says)
			}
		})
	}
	c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", Body: players(2), ContentType: "text/plain"}, http.StatusUnauthorized)

	// A tournament of the most players there may be is full.
	full := c.importFile([]byte(players(tournament.MaxPlayers)))
	if full.PlayerCount != tournament.MaxPlayers || full.State != tournament.StateRunning {
		t.Fatalf("%d players imported: %+v", tournament.MaxPlayers, full)
	}
	c.check(t, "a late entry into a full tournament", clubtest.Req{Method: "POST", Path: tpath(full.ID, "/players"), As: "org",
		Body: map[string]any{"member_id": c.IDs["org"]}}, want{status: 409, state: "running"})
}
