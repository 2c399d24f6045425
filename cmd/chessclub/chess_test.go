package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
	"campus.example/apps/internal/servicetest"
)

// runCmd runs the command line as main would, returning stdout, stderr and the exit status
// main would use.
func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(t.Context(), args, servicetest.Env(nil), &out, &errOut)
	status := 0
	if err != nil {
		status = exitStatus(err)
		errOut.WriteString("chessclub: " + err.Error() + "\n")
	}
	return out.String(), errOut.String(), status
}

// writeFile writes a file in a temporary directory and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBerger(t *testing.T) {
	dir := oracletest.Dir(t, "berger")
	for _, n := range []int{3, 10, 20} {
		out, errOut, status := runCmd(t, "berger", fmt.Sprint(n))
		want, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("n%02d.json", n)))
		if err != nil {
			t.Fatal(err)
		}
		if status != 0 || out != string(want) {
			t.Errorf("berger %d: status %d, stderr %q\n%s\nwant the oracle's\n%s", n, status, errOut, out, want)
		}
	}
	out, _, status := runCmd(t, "berger", "-double", "4")
	var double struct {
		Players int        `json:"players"`
		Rounds  [][][2]int `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(out), &double); err != nil || status != 0 {
		t.Fatalf("berger -double 4: status %d, %v\n%s", status, err, out)
	}
	// Single 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1; the double swaps rounds 2 and 3, then reverses.
	want := [][][2]int{{{1, 4}, {2, 3}}, {{2, 4}, {3, 1}}, {{4, 3}, {1, 2}}, {{4, 1}, {3, 2}}, {{3, 4}, {2, 1}}, {{4, 2}, {1, 3}}}
	if double.Players != 4 || fmt.Sprint(double.Rounds) != fmt.Sprint(want) {
		t.Errorf("berger -double 4 = %v, want %v", double.Rounds, want)
	}
}

func TestChessCommandErrors(t *testing.T) {
	garbage := writeFile(t, "bad.trf", "012 Bad\n001    1      A                                                                  1.0          2 w 1\n")
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"berger one player", []string{"berger", "1"}, "2 to 1000"},
		{"berger not a number", []string{"berger", "ten"}, `players "ten"`},
		{"berger no N", []string{"berger"}, "exactly one number"},
		{"berger bad flag", []string{"berger", "-triple", "4"}, "flag provided but not defined"},
		{"standings no file", []string{"standings"}, "exactly one FILE.trf"},
		{"standings missing file", []string{"standings", filepath.Join(t.TempDir(), "none.trf")}, "no such file"},
		{"standings invalid file", []string{"standings", garbage}, "line 2, column 92: opponent 2 is not a player"},
		{"standings unknown code", []string{"standings", "-tiebreaks", "PTS,BH,XYZ", garbage}, "XYZ"},
		{"standings code twice", []string{"standings", "-tiebreaks", "PTS,SB,SB", garbage}, `item 3: "SB" is item 2 already`},
		{"standings points second", []string{"standings", "-tiebreaks", "SB,PTS", garbage}, `item 2: "PTS" may only come first`},
		{"standings empty item", []string{"standings", "-tiebreaks", "SB,,BH", garbage}, "item 2: empty"},
		{"standings bad format", []string{"standings", "-format", "knockout", garbage}, "knockout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.args...)
			if status != 2 || out != "" || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want status 2, nothing on stdout, %q on stderr", status, out, errOut, tt.stderr)
			}
		})
	}
}

// TestStandings runs the subcommand on an oracle tournament with the oracle's list and
// compares the JSON with the oracle's values and order.
func TestStandings(t *testing.T) {
	dir := oracletest.Dir(t, "tiebreaks")
	raw, err := os.ReadFile(filepath.Join(dir, "072-p137-r10.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	var list []string
	var tour string
	json.Unmarshal(want["tiebreaks"], &list)
	json.Unmarshal(want["tournament"], &tour)
	out, errOut, status := runCmd(t, "standings", "-tiebreaks", strings.Join(list, ","), filepath.Join(filepath.Dir(dir), tour))
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, key := range []string{"tiebreaks", "rank"} {
		if !bytes.Equal(compact(got[key]), compact(want[key])) {
			t.Errorf("%s = %s, want %s", key, got[key], want[key])
		}
	}
	var gp, wp map[string]map[string]json.Number
	json.Unmarshal(got["players"], &gp)
	json.Unmarshal(want["players"], &wp)
	for sr, fields := range wp {
		for k, v := range fields {
			g, _ := gp[sr][k].Float64()
			w, _ := v.Float64()
			if g != w {
				t.Errorf("player %s %s = %s, want %s", sr, k, gp[sr][k], v)
			}
		}
	}
}

// TestStandingsFormat: the format comes from the 092 line unless -format says otherwise, and
// chooses the default tie-breaks.
// TestStandingsRealFiles ranks real files as written: the JaVaFo manual's open after round 4,
// whose file holds the byes announced for round 5 (C.07 counts the rounds played: the
// leader's Buchholz is their four opponents' scores after round 4), under the rules of its
// start date (24/09/2010: 2024) or those asked for; and a start date that is no date.
func TestStandingsRealFiles(t *testing.T) {
	javafo := filepath.Join(corpusDir, "javafo-gros-2010-round5.trf")
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"standings", "-tiebreaks", "PTS,BH", javafo}, 0, `"1": {"PTS": 4.0, "BH": 10.0, "rank": 1}`},
		{[]string{"standings", "-tiebreaks", "PTS,BH", "-rules", "2026", javafo}, 0, `"1": {"PTS": 4.0, "BH": 10.0, "rank": 1}`},
		{[]string{"standings", "-tiebreaks", "PTS,BH", "-rules", "2022", javafo}, 2, "-rules"},
		{[]string{"standings", writeFile(t, "date.trf", "012 Open\n042 next Tuesday\n")}, 2, "042"},
		{[]string{"standings", "-rules", "2024", writeFile(t, "date.trf", "012 Open\n042 next Tuesday\n")}, 0, `"rank": []`},
	} {
		out, errOut, status := runCmd(t, tc.args...)
		if status != tc.status || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%v: status %d, output %s %s; want status %d and %s", tc.args, status, out, errOut, tc.status, tc.want)
		}
	}
}

func TestStandingsFormat(t *testing.T) {
	rr := writeFile(t, "rr.trf", "092 Individual: Round-Robin\n"+
		"001    1      A                                                                  1.0          2 w 1\n"+
		"001    2      B                                                                  0.0          1 b 0\n")
	for _, tt := range []struct {
		args []string
		list string
	}{
		{[]string{"standings", rr}, `["PTS", "DE", "WIN", "SB", "KS"]`},
		{[]string{"standings", "-format", "swiss", rr}, `["PTS", "BH/C1", "BH", "SB", "DE"]`},
		{[]string{"standings", "-tiebreaks", "bh/c1,won", rr}, `["PTS", "BH/C1", "WON"]`},
	} {
		out, errOut, status := runCmd(t, tt.args...)
		if status != 0 || !strings.Contains(out, `"tiebreaks": `+tt.list) {
			t.Errorf("%v: status %d %s\n%s\nwant tiebreaks %s", tt.args, status, errOut, out, tt.list)
		}
	}
	if _, errOut, status := runCmd(t, "standings", "-h"); status != 0 || !strings.Contains(errOut, "round_robin  PTS,DE,WIN,SB,KS") {
		t.Errorf("-h: status %d, usage %q does not name the defaults", status, errOut)
	}
}

func TestExitStatus(t *testing.T) {
	plain := errors.New("boom")
	for _, tt := range []struct {
		err  error
		want int
	}{
		{plain, 1},
		{withStatus(2, plain), 2},
		{fmt.Errorf("context: %w", withStatus(3, plain)), 3},
	} {
		if got := exitStatus(tt.err); got != tt.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
	if withStatus(2, nil) != nil {
		t.Error("withStatus(2, nil) is not nil")
	}
	if err := withStatus(2, plain); !errors.Is(err, plain) || err.Error() != "boom" {
		t.Errorf("withStatus hides its error: %v", err)
	}
}

// compact removes the layout of a JSON value.
func compact(b []byte) []byte {
	var out bytes.Buffer
	json.Compact(&out, b)
	return out.Bytes()
}
