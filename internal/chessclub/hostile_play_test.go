package chessclub_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/hostiletest"
)

// playTables are the tables of tournament play, whose rows a refused request must leave as
// they were.
var playTables = []string{"tournament_players", "tournament_rounds", "tournament_boards", "tournament_byes", "tournament_events", "rating_history", "tournament_invitations"}

// hostileTRF are files that POST /api/tournaments/import must refuse without harm.
var hostileTRF = []struct{ name, body string }{
	{"empty file", ""},
	{"binary", "\x00\x01\x02\xff\xfe"},
	{"a player line of 100 000 characters", "012 X\n001    1      A" + strings.Repeat(" ", 100000) + "\n"},
	{"a round beyond 200", "012 X\nXXR 500\n001    1      A\n001    2      B\n"},
	{"start rank 0", "012 X\nXXR 1\n001    0      A\n001    2      B\n"},
	{"an opponent who is not there", "012 X\nXXR 1\n001    1      A                                                                  1.0          9 w 1\n001    2      B\n"},
	{"a one-sided game", "012 X\nXXR 1\n001    1      A                                                                  1.0          2 w 1\n001    2      B\n"},
	{"CR only", "012 X\rXXR 1\r001    1      A\r001    2      B\r"},
	{"a bidi control in a name", "012 X\nXXR 1\n001    1      \u202eA\n001    2      B\n"},
	{"a 240 record for no one", "012 X\nXXR 2\n001    1      A\n001    2      B\n240 H 001 9999\n"},
	{"a 240 record of nonsense", "012 X\nXXR 2\n001    1      A\n001    2      B\n240 Q xyz\n"},
	{"SQL in the name", "012 X'); DROP TABLE tournaments; --\nXXR 1\n001    1      A\n001    2      B\n"},
}

// playCases crosses the generic attacks with the endpoints of tournament play: alice
// organises a running Swiss that bob and root play in, with round 1 paired; carol has no
// part. Bodies, content types, injections, paths, queries, methods, foreign objects (bob
// acting on alice's tournament), hostile TRF files and Last-Event-ID values. No case opens a
// valid live stream, which would stay open by design.
func (c *hostileClub) playCases(t *testing.T) []hostiletest.Case {
	jsonAs := func(token string) http.Header {
		h := http.Header{"Content-Type": {"application/json"}}
		if token != "" {
			h.Set("Authorization", "Bearer "+token)
		}
		return h
	}
	var cases []hostiletest.Case
	add := func(hc hostiletest.Case) { cases = append(cases, hc) }
	tp := func(format string, args ...any) string {
		return fmt.Sprintf("/api/tournaments/%d", c.running) + fmt.Sprintf(format, args...)
	}
	bodies := []struct {
		name, method, path, token string
		valid                     map[string]any
	}{
		{"patch tournament", "PATCH", tp(""), c.alice, map[string]any{"description": "Edited", "name": "Hostile Swiss"}},
		{"enter", "POST", tp("/players"), c.alice, map[string]any{"member_id": c.aliceID, "missed_rounds": "half"}},
		{"set result", "PUT", tp("/rounds/1/boards/1"), c.alice, map[string]any{"result": "1/2-1/2"}},
		{"patch member", "PATCH", fmt.Sprintf("/api/members/%d", c.aliceID), c.alice, map[string]any{"declared_rating": 1800, "birth_year": 1990}},
	}
	for _, ep := range bodies {
		for _, b := range hostiletest.MalformedJSON(ep.valid, 1<<20) {
			if len(b.Body) == 0 && ep.name == "enter" {
				continue // an empty body enters the caller: a valid request
			}
			add(hostiletest.Case{Name: ep.name + ": " + b.Name, Method: ep.method, Path: ep.path, Header: jsonAs(ep.token), Body: b.Body})
		}
		for _, ct := range hostiletest.ContentTypes {
			h := jsonAs(ep.token)
			h.Set("Content-Type", ct)
			add(hostiletest.Case{Name: fmt.Sprintf("%s with Content-Type %q", ep.name, ct), Method: ep.method, Path: ep.path, Header: h, Body: mustJSON(ep.valid)})
		}
	}
	for _, inj := range hostiletest.Injections {
		for _, field := range []string{"name", "location", "description", "time_control", "format", "initial_colour", "start_date"} {
			add(hostiletest.Case{Name: fmt.Sprintf("patch tournament: %s in %s", inj.Name, field), Method: "PATCH", Path: tp(""),
				Header: jsonAs(c.alice), Body: mustJSON(map[string]any{field: string(inj.Body)})})
		}
		add(hostiletest.Case{Name: "set result: " + inj.Name, Method: "PUT", Path: tp("/rounds/1/boards/1"), Header: jsonAs(c.alice), Body: mustJSON(map[string]any{"result": string(inj.Body)})})
		add(hostiletest.Case{Name: "enter: " + inj.Name + " in missed_rounds", Method: "POST", Path: tp("/players"), Header: jsonAs(c.alice),
			Body: mustJSON(map[string]any{"member_id": c.aliceID, "missed_rounds": string(inj.Body)})})
		add(hostiletest.Case{Name: "standings: " + inj.Name + " in tiebreaks", Method: "GET", Path: tp("/standings?tiebreaks=") + url.QueryEscape(string(inj.Body))})
		add(hostiletest.Case{Name: "events: " + inj.Name + " in Last-Event-ID", Method: "GET", Path: tp("/events"),
			Header: http.Header{"Last-Event-ID": {strings.Map(func(r rune) rune {
				if r < 0x20 || r == 0x7f {
					return -1
				}
				return r
			}, "x"+string(inj.Body))}}})
		add(hostiletest.Case{Name: "import: " + inj.Name, Method: "POST", Path: "/api/tournaments/import",
			Header: http.Header{"Authorization": {"Bearer " + c.bob}, "Content-Type": {"text/plain"}}, Body: inj.Body})
	}
	for _, f := range hostileTRF {
		add(hostiletest.Case{Name: "import: " + f.name, Method: "POST", Path: "/api/tournaments/import",
			Header: http.Header{"Authorization": {"Bearer " + c.bob}, "Content-Type": {"text/plain"}}, Body: []byte(f.body)})
	}
	add(hostiletest.Case{Name: "import: over the body limit", Method: "POST", Path: "/api/tournaments/import",
		Header: http.Header{"Authorization": {"Bearer " + c.bob}, "Content-Type": {"text/plain"}}, Body: []byte(strings.Repeat("### x\n", play.MaxImportBytes/6+1000))})
	for _, q := range hostiletest.BadQueries {
		add(hostiletest.Case{Name: "standings with " + q.Name, Method: "GET", Path: tp("/standings?") + string(q.Body)})
		add(hostiletest.Case{Name: "rounds with " + q.Name, Method: "GET", Path: tp("/rounds?") + string(q.Body)})
	}
	for _, sub := range []string{"/players/", "/rounds/", "/rounds/1/boards/", "/players/%d/byes/"} {
		prefix := tp("%s", sub)
		if strings.Contains(sub, "%d") {
			prefix = tp("%s", fmt.Sprintf(sub, c.bobID))
		}
		for _, p := range hostiletest.BadPaths(prefix) {
			add(hostiletest.Case{Name: "PUT " + sub + " " + p.Name, Method: "PUT", Path: string(p.Body), Header: jsonAs(c.alice), Body: mustJSON(map[string]any{"result": "1-0"})})
			add(hostiletest.Case{Name: "DELETE " + sub + " " + p.Name, Method: "DELETE", Path: string(p.Body), Header: jsonAs(c.carol)})
		}
	}
	for _, p := range hostiletest.BadPaths("/api/tournaments/") {
		for _, tail := range []string{"/standings", "/rounds", "/players", "/events", "/report.trf", "/crosstable"} {
			if tail == "/events" && p.Name == "id with leading zeros" {
				continue // 0001 is tournament 1: a valid stream, which stays open
			}
			add(hostiletest.Case{Name: "GET tournament " + p.Name + tail, Method: "GET", Path: string(p.Body) + tail})
		}
	}
	for _, m := range hostiletest.Methods {
		for _, p := range []string{tp("/players"), tp("/rounds"), tp("/rounds/1"), tp("/rounds/1/boards/1"), tp("/standings"), tp("/start"), "/api/tournaments/import"} {
			add(hostiletest.Case{Name: m + " " + p, Method: m, Path: p, Header: jsonAs(c.alice)})
		}
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH"} {
		add(hostiletest.Case{Name: m + " events", Method: m, Path: tp("/events"), Header: jsonAs(c.alice)})
	}
	for _, id := range []string{"-1", "1.5", "99999999999999999999", "1 2", "0x10"} {
		add(hostiletest.Case{Name: "events with Last-Event-ID " + id, Method: "GET", Path: tp("/events"), Header: http.Header{"Last-Event-ID": {id}}})
	}
	add(hostiletest.Case{Name: "events of no tournament", Method: "GET", Path: "/api/tournaments/999999/events"})

	// Foreign objects: bob and carol act on alice's tournament, on another's board, on
	// alice's member record.
	for _, x := range []struct{ name, method, path, token string }{
		{"bob patches alice's tournament", "PATCH", tp(""), c.bob},
		{"bob pairs alice's round", "POST", tp("/rounds"), c.bob},
		{"bob un-pairs alice's round", "DELETE", tp("/rounds/1"), c.bob},
		{"bob finishes alice's tournament", "POST", tp("/finish"), c.bob},
		{"carol sets a result", "PUT", tp("/rounds/1/boards/1"), c.carol},
		{"carol withdraws bob", "DELETE", tp("/players/%d", c.bobID), c.carol},
		{"carol asks for bob's bye", "PUT", tp("/players/%d/byes/2", c.bobID), c.carol},
		{"carol enters bob again", "POST", tp("/players"), c.carol},
		{"bob patches alice's rating", "PATCH", fmt.Sprintf("/api/members/%d", c.aliceID), c.bob},
	} {
		var body []byte
		switch x.method {
		case "PATCH":
			body = mustJSON(map[string]any{"name": "Taken over", "declared_rating": 2999})
		case "PUT":
			body = mustJSON(map[string]any{"result": "0-1"})
		case "POST":
			body = mustJSON(map[string]any{"member_id": c.bobID})
		}
		add(hostiletest.Case{Name: "IDOR: " + x.name, Method: x.method, Path: x.path, Header: jsonAs(x.token), Body: body})
	}
	return cases
}

// setUpPlay makes alice's running Swiss: bob and root enter, carol registers but plays no
// part, and round 1 is paired.
func (c *hostileClub) setUpPlay(t *testing.T) {
	t.Helper()
	call := func(method, path, token string, body any) []byte {
		t.Helper()
		status, out := c.send(t, method, path, token, body)
		if status >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, status, out)
		}
		return out
	}
	var tm struct{ ID int64 }
	_ = json.Unmarshal(call("POST", "/api/tournaments", c.alice, map[string]any{"name": "Hostile Swiss", "start_date": "2026-12-01", "rounds": 3, "players_report": true}), &tm)
	c.running = tm.ID
	for _, tok := range []string{c.bob, c.admin} {
		call("POST", fmt.Sprintf("/api/tournaments/%d/players", c.running), tok, nil)
	}
	call("POST", "/api/user", "", map[string]any{"username": "carol", "password": "carol's password", "full_name": "Carol"})
	var tok struct{ Token string }
	_ = json.Unmarshal(call("POST", "/api/login", "", map[string]any{"username": "carol", "password": "carol's password"}), &tok)
	c.carol = tok.Token
	var me struct{ ID int64 }
	_ = json.Unmarshal(call("GET", "/api/me", c.bob, nil), &me)
	c.bobID = me.ID
	call("POST", fmt.Sprintf("/api/tournaments/%d/start", c.running), c.alice, nil)
	call("POST", fmt.Sprintf("/api/tournaments/%d/rounds", c.running), c.alice, nil)
}
