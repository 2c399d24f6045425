package play_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// twoPlayers is the rest of a small valid file, after its tournament section.
const twoPlayers = "XXR 1\n001    1      Anna Alpha                        1500\n001    2      Bert Beta                         1400\n"

// TestImportPathological sends files near the body limit that no pairing program writes:
// each is refused with a short problem that names one fault, the first, and the limit it
// broke where there is one.
func TestImportPathological(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 0)
	fill := func(prefix, unit string) string {
		return prefix + strings.Repeat(unit, (play.MaxImportBytes-len(prefix))/len(unit))
	}
	tests := []struct {
		name, body string
		// mention is what the fault must say, such as the limit broken.
		mention string
	}{
		{"8 MiB of newlines", fill("", "\n"), fmt.Sprintf("%d lines", input.MaxImportLines)},
		{"8 MiB of CRs", fill("", "\r"), fmt.Sprintf("%d lines", input.MaxImportLines)},
		{"one line of 8 MiB", fill("012 ", "x"), "8192 bytes"},
		{"a player line of 8 MiB", fill("001    1      A", " "), "8192 bytes"},
		{"a comment after a valid start", fill("012 Club\n"+twoPlayers+"### ", "#"), "line 5"},
		{"a bad line, 200 000 times", fill("", "001 abcd\n"), "line 1"},
		{"a fault that quotes a long value", "012 Club\nXXC " + strings.Repeat("y", 8000) + "\n" + twoPlayers, "XXC"},
		{"a 240 record that quotes itself", "012 Club\nXXR 2\n001    1      A\n001    2      B\n240 H 002 0001 " + strings.Repeat("9999 ", 1500) + "\n", "240"},
		// A file numbers at most 9 999 players (four digits), tournament.MaxPlayers: the next one's
		// start rank runs into the column after its field.
		{"a player more than a file can number", players(tournament.MaxPlayers + 1), fmt.Sprintf("line %d, column 9", tournament.MaxPlayers+3)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: tc.body, ContentType: "text/plain"})
			clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusUnprocessableEntity, Slug: "validation", Fields: []string{"file"}})
			msg := res.Problem(t).Errors["file"]
			if !strings.Contains(msg, tc.mention) {
				t.Errorf("errors.file = %q, want it to say %q", msg, tc.mention)
			}
			if n := utf8.RuneCountInString(msg); n > tournament.MaxImportMessage {
				t.Errorf("errors.file has %d characters, more than %d", n, tournament.MaxImportMessage)
			}
			if len(res.Body) > 1024 {
				t.Errorf("the problem has %d bytes", len(res.Body))
			}
		})
	}
}

// players is a file of n players without games, announcing 5 rounds.
func players(n int) string {
	var b strings.Builder
	b.WriteString("012 Big\nXXR 5\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "001 %4d      %-33s 1500\n", i, fmt.Sprintf("Player %d", i))
	}
	return b.String()
}

// TestImportTexts checks that the texts of a file obey the rules of the same texts sent as
// JSON: a control character (NUL, ESC of an ANSI sequence, DEL, C1), a tab, or a
// bidirectional control in a field of the tournament section or a player's name is refused,
// naming the line and the field, as POST /api/tournaments refuses it in a name.
func TestImportTexts(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 0)
	bad := []struct{ name, text string }{
		{"NUL", "Open\x00Cup"},
		{"an ANSI escape", "\x1b[31mRed Open\x1b[0m"},
		{"DEL", "Open\x7f"},
		{"a C1 control", "Open\u0085Cup"},
		{"a tab", "Open\tCup"},
		{"a right-to-left override", "Open \u202eCup"},
		{"a left-to-right embedding", "\u202aOpen"},
		{"a right-to-left isolate", "Open \u2067Cup\u2069"},
	}
	fields := []struct {
		name, file, want string
	}{
		{"tournament name", "012 %s\n" + twoPlayers, "line 1 (012, the tournament's name)"},
		{"city", "012 Club\n022 %s\n" + twoPlayers, "line 2 (022, the city)"},
		{"time control", "012 Club\n042 2026/03/07\n122 %s\n" + twoPlayers, "line 3 (122, the time control)"},
		{"chief arbiter", "012 Club\n102 %s\n" + twoPlayers, "line 2 (102, the chief arbiter)"},
		{"deputy arbiter", "012 Club\n112 Dora Deputy\n112 %s\n" + twoPlayers, "line 3 (112, a deputy arbiter)"},
		{"player's name", "012 Club\nXXR 1\n001    1      Anna Alpha                        1500\n001    2      %-33s 1400\n", "line 4 (001, player 2's name)"},
	}
	for _, f := range fields {
		for _, b := range bad {
			t.Run(f.name+" with "+b.name, func(t *testing.T) {
				file := strings.Replace(f.file, "%-33s", b.text+strings.Repeat(" ", max(0, 33-utf8.RuneCountInString(b.text))), 1)
				file = strings.Replace(file, "%s", b.text, 1)
				res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: file, ContentType: "text/plain"})
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusUnprocessableEntity, Slug: "validation", Fields: []string{"file"}})
				if msg := res.Problem(t).Errors["file"]; !strings.HasPrefix(msg, f.want+": must ") {
					t.Errorf("errors.file = %q, want it to begin %q", msg, f.want+": must ")
				}
			})
		}
	}
	// The same texts are refused as JSON: the two routes share one rule.
	for _, b := range bad {
		res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org", Body: map[string]any{"name": b.text, "start_date": "2026-03-07"}})
		clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusUnprocessableEntity, Slug: "validation", Fields: []string{"name"}})
	}
	// Letters of any script, and a Latin-1 file, import as they are.
	for _, tc := range []struct{ sent, stored string }{
		{"Åsa Öberg-Ñúñez", "Åsa Öberg-Ñúñez"},
		{"Владимир Крамник", "Владимир Крамник"},
		{"Zoë Ñ", "Zoë Ñ"},
		{"M\xfcller, J\xfcrgen", "Müller, Jürgen"},
	} {
		width := utf8.RuneCountInString(tc.sent)
		if !utf8.ValidString(tc.sent) {
			width = len(tc.sent) // Latin-1: a character a byte
		}
		file := "012 Club\nXXR 1\n001    1      Anna Alpha                        1500\n001    2      " + tc.sent + strings.Repeat(" ", 33-width) + " 1400\n"
		var tr tournament.Tournament
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: file, ContentType: "text/plain"}, http.StatusCreated).Decode(t, &tr)
		var list []tournament.Player
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/players", tr.ID)}, http.StatusOK).Decode(t, &list)
		if len(list) != 2 || list[1].FullName != tc.stored {
			t.Errorf("%q stored as %+v, want %q", tc.sent, list, tc.stored)
		}
	}
}
