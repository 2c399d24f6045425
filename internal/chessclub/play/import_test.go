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
	tests := []struct {
		name, body, ct string
		status         int
		field          string
	}{
		{"not TRF", "hello\n", "text/plain", 422, "file"},
		{"a knockout", "012 Cup\n092 Individual: Knockout\nXXR 3\n001    1      A                                 1500\n001    2      B                                 1400\n", "text/plain", 422, "file"},
		{"one player", players(1), "text/plain", 422, "file"},
		{"too many players", players(tournament.MaxPlayers + 1), "text/plain", 422, "file"},
		{"no rounds at all", "012 X\n001    1      A\n001    2      B\n", "text/plain", 422, "file"},
		{"unrated games", "012 X\nXXR 1\n001    1      A                                 1500              1.0          2 w W\n001    2      B                                 1400              0.0          1 b L\n", "text/plain", 422, "file"},
		{"JSON", `{"name":"x"}`, "application/json", 415, ""},
		{"too big", strings.Repeat("### padding\n", play.MaxImportBytes/12+1000), "text/plain", 413, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: tc.body, ContentType: tc.ct})
			if res.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", res.Status, tc.status, res.Body)
			}
			if doc := res.Problem(t); tc.field != "" && doc.Errors[tc.field] == "" {
				t.Errorf("the problem names no %s: %s", tc.field, res.Body)
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
