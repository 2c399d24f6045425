package play_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/proctest"
	"campus.example/apps/internal/sqldb"
)

// club is a server with an organiser who is an arbiter ("org": they direct rated
// tournaments and enter members directly), an organiser who is a plain member ("host"), an
// admin ("root") and players p01, p02, …
type club struct {
	*clubtest.Env
	t testing.TB
}

// newClub registers the organiser, the admin and n players, named p01… with ratings
// declared from 2400 down in steps of 10 (so that p01 is the top seed), and the same FIDE
// standard ratings (which the TRF report writes, so that a program reading it counts with
// the club's figures), on a server whose configuration change adjusts.
func newClub(t testing.TB, d sqldb.Dialect, n int, change ...func(*chessclub.Config)) *club {
	t.Helper()
	e := clubtest.New(t, d, change...)
	e.Register("org", "Olga Organiser")
	e.Register("root", "Rita Root")
	e.MakeAdmin("root")
	e.MakeArbiter("org")
	e.Register("host", "Hana Host")
	for i := 1; i <= n; i++ {
		rating := 2400 - 10*(i-1)
		m := e.Register(player(i), fmt.Sprintf("Player %02d", i), map[string]any{"declared_rating": rating})
		if rating >= members.MinFIDERating {
			e.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", m.ID), As: player(i), Body: map[string]any{"fide_rating_standard": rating}}, http.StatusOK)
		}
	}
	return &club{Env: e, t: t}
}

func player(i int) string { return fmt.Sprintf("p%02d", i) }

// create makes a tournament as org with the fields given over the defaults.
func (c *club) create(fields map[string]any) tournament.Tournament {
	c.t.Helper()
	body := map[string]any{"name": "Club Championship", "start_date": "2026-03-07"}
	for k, v := range fields {
		body[k] = v
	}
	var tr tournament.Tournament
	c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org", Body: body}, http.StatusCreated).Decode(c.t, &tr)
	return tr
}

// enterAll enters players 1..n themselves.
func (c *club) enterAll(id int64, n int) {
	c.t.Helper()
	for i := 1; i <= n; i++ {
		c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/players", id), As: player(i)}, http.StatusCreated)
	}
}

func (c *club) start(id int64) tournament.Tournament {
	c.t.Helper()
	var tr tournament.Tournament
	c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/start", id), As: "org"}, http.StatusOK).Decode(c.t, &tr)
	return tr
}

func (c *club) pair(id int64) tournament.Round {
	c.t.Helper()
	var r tournament.Round
	c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/rounds", id), As: "org"}, http.StatusCreated).Decode(c.t, &r)
	return r
}

func (c *club) result(id int64, round, board int, result string) tournament.Board {
	c.t.Helper()
	var b tournament.Board
	c.MustDo(clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/%d/boards/%d", id, round, board), As: "org",
		Body: map[string]any{"result": result}}, http.StatusOK).Decode(c.t, &b)
	return b
}

func (c *club) finish(id int64) tournament.Tournament {
	c.t.Helper()
	var tr tournament.Tournament
	c.MustDo(clubtest.Req{Method: "POST", Path: clubtest.Path("/api/tournaments/%d/finish", id), As: "org"}, http.StatusOK).Decode(c.t, &tr)
	return tr
}

// standings is tournament.Standings as a client decodes it: values as numbers (nil where a
// tie-break has none).
type standings struct {
	Round     int      `json:"round"`
	Tiebreaks []string `json:"tiebreaks"`
	Rows      []struct {
		Place     int                  `json:"place"`
		Player    tournament.PlayerRef `json:"player"`
		Values    map[string]*float64  `json:"values"`
		Withdrawn bool                 `json:"withdrawn"`
	} `json:"rows"`
}

func (c *club) standings(id int64, tiebreaks string) standings {
	c.t.Helper()
	path := clubtest.Path("/api/tournaments/%d/standings", id)
	if tiebreaks != "" {
		path += "?tiebreaks=" + tiebreaks
	}
	var st standings
	c.MustDo(clubtest.Req{Method: "GET", Path: path}, http.StatusOK).Decode(c.t, &st)
	return st
}

// report downloads the tournament's TRF file into a file of the test's and returns its path.
func (c *club) report(id int64, name string) string {
	c.t.Helper()
	res := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/report.trf", id)}, http.StatusOK)
	path := filepath.Join(c.t.TempDir(), name)
	writeFile(c.t, path, res.Body)
	return path
}

// runCLI runs the real chessclub command with args and returns its standard output.
func runCLI(t testing.TB, args ...string) []byte {
	t.Helper()
	bin := proctest.Build(t, "campus.example/apps/cmd/chessclub")
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("chessclub %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return out
}

// cliStandings is what `chessclub standings` prints.
type cliStandings struct {
	Tiebreaks []string                      `json:"tiebreaks"`
	Players   map[string]map[string]float64 `json:"players"`
	Rank      []int                         `json:"rank"`
}

// checkStandingsMatchCLI compares the API's standings with `chessclub standings` on the
// API's own TRF export: the same tie-breaks, the same values for every player, the same
// order and places.
func checkStandingsMatchCLI(t *testing.T, c *club, id int64, tiebreaks string) {
	t.Helper()
	st := c.standings(id, tiebreaks)
	file := c.report(id, "standings.trf")
	args := []string{"standings"}
	if tiebreaks != "" {
		args = append(args, "-tiebreaks", tiebreaks)
	}
	var cli cliStandings
	if err := json.Unmarshal(runCLI(t, append(args, file)...), &cli); err != nil {
		t.Fatal(err)
	}
	diffValues(t, "tie-breaks", st.Tiebreaks, cli.Tiebreaks)
	var order []int
	for _, row := range st.Rows {
		order = append(order, row.Player.StartRank)
		want := cli.Players[fmt.Sprint(row.Player.StartRank)]
		got := map[string]float64{"rank": float64(row.Place)}
		for code, v := range row.Values {
			if v != nil {
				got[code] = *v
			}
		}
		diffValues(t, fmt.Sprintf("player %d", row.Player.StartRank), got, want)
	}
	diffValues(t, "order", order, cli.Rank)
}
