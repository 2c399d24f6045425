package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
)

// TestCheck runs `chessclub check` on files whose verdicts are known: an oracle tournament
// (every round agrees), altered copies of oracle tournaments from internal/chess/swiss's
// testdata/check (bbpPairings' checker flags the rounds named), a rematch that no pairing
// can avoid, and files it cannot check.
func TestCheck(t *testing.T) {
	altered := filepath.Join("..", "..", "internal", "chess", "swiss", "testdata", "check")
	oracle := filepath.Join(oracletest.Dir(t, "swiss"), "016-p13-r06.trf")
	for _, tc := range []struct {
		name, path string
		status     int
		lines      []string // the standard output
		stderr     string   // a part of the standard error
	}{
		{"agrees", oracle, 0, nil, ""},
		{"opponents swapped", filepath.Join(altered, "001-opponents.trf"), 1,
			[]string{"round 3: file 36-20 40-9 | engine 36-9 40-20 | totals equal"},
			"1 of 10 rounds differ"},
		{"colours swapped", filepath.Join(altered, "003-colours.trf"), 1, []string{
			"round 5: file 22-23 | engine 23-22 | worse C12",
			"round 6: file 22-24 | engine 24-22 | worse C13",
			"round 8: file 22-19 | engine 19-22 | worse C13",
		}, "3 of 8 rounds differ"},
		{"bye moved", filepath.Join(altered, "006-bye.trf"), 1, []string{
			"round 6: file 20-41 9-0 | engine 20-9 41-0 | worse C5 C6 C7 C12 C13",
			"round 7: file 9-6 10-14 19-2 41-40 43-39 37-0 | engine 10-2 14-6 19-9 43-40 37-39 41-0 | worse C13 C14 C18",
			"round 9: file 7-1 8-2 9-19 | engine 2-1 8-19 7-9 | worse C13",
		}, "3 of 9 rounds differ"},
		// bbpPairings' checker: "No valid pairing exists for round 2."
		{"no pairing", writeFile(t, "rematch.trf", "012 Rematch\nXXR 2\nXXC white1\n"+
			"001    1      Alpha                             1500                             1.5    1     2 w 1     2 b =\n"+
			"001    2      Beta                              1400                             0.5    2     1 b 0     1 w =\n"), 1,
			[]string{"round 2: file 2-1 | engine: no pairing meets the absolute criteria | breaks C1"}, "1 of 2 rounds differ"},
		// bbpPairings: "The score for player 1 does not match the game results."
		{"points column disagrees", writeFile(t, "points.trf", "012 Points\nXXR 2\nXXC white1\n"+
			"001    1      Alpha                             1500                             2.0    1     2 w 1\n"+
			"001    2      Beta                              1400                             0.0    2     1 b 0\n"), 2, nil,
			"player 1 (Alpha): the points column says 2.0, the results of rounds 1-1 give 1.0"},
		// Swiss-Manager writes forfeits without colours; bbpPairings takes either colours.
		{"forfeit without colours", writeFile(t, "forfeit.trf", "012 Forfeit\nXXR 2\n"+
			"001    1      Alpha                             1500                             1.0    1     2 - +\n"+
			"001    2      Beta                              1400                             0.0    2     1 - -\n"), 0, nil, ""},
		{"rank order with records by start rank", writeFile(t, "rank.trf", "012 Rank\nXXR 2\nXXC rank white1\nXXP 1 2\n"+
			"001    2      Beta                              1500                             0.0    2\n"+
			"001    1      Alpha                             1400                             0.0    1\n"), 2, nil, "XXC rank"},
		{"missing file", filepath.Join(t.TempDir(), "none.trf"), 2, nil, "none.trf"},
		{"another system", withLine(t, oracle, "192 FIDE_BURSTEIN_2017"), 2, nil, "192"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, "check", tc.path)
			if status != tc.status {
				t.Fatalf("status %d, want %d; stderr %s", status, tc.status, errOut)
			}
			var lines []string
			if out != "" {
				lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			}
			if strings.Join(lines, "\n") != strings.Join(tc.lines, "\n") {
				t.Errorf("output:\n%s\nwant:\n%s", out, strings.Join(tc.lines, "\n"))
			}
			if !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q does not say %q", errOut, tc.stderr)
			}
		})
	}
	if _, _, status := runCmd(t, "check"); status != 2 {
		t.Errorf("check without a file: status %d, want 2", status)
	}
}

// withLine writes a copy of the file at path with one more line at the end.
func withLine(t *testing.T, path, line string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "copy.trf", string(b)+line+"\n")
}
