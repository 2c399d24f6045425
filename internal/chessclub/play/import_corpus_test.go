package play_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// corpusDir holds tournament files of real events as their programs wrote them; its
// SOURCES.md says where each comes from.
const corpusDir = "../../chess/trf/testdata/corpus"

// corpusFiles returns the corpus's files, by path.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files in %s: %v", corpusDir, err)
	}
	return files
}

// TestImportCorpus imports every file of the corpus of real files on each database. Two kinds
// are refused, naming a line: a team competition's file (team records 013 or 310, which
// bbpPairings refuses too), and a file with rounds to pair that asks to be paired in its order
// of players (XXC rank) where that is not the order of their pairing numbers. Every other file
// is imported, and its FIDE report, downloaded at once, is the file byte for byte: every point,
// result, colour, date, title, sex, birth date and record as its program wrote them. The
// public report is the same file but for the birth dates, which it leaves out.
func TestImportCorpus(t *testing.T) {
	files := corpusFiles(t)
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0, func(c *chessclub.Config) { c.Play.ImportsPerDay = 1 << 20 })
		for _, path := range files {
			t.Run(filepath.Base(path), func(t *testing.T) {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: data, ContentType: "text/plain"})
				file := readTRF(t, data)
				refusal := ""
				switch {
				case file.IsTeam():
					refusal = "team competition"
				case file.RankOrderDiffers() && file.RoundsPlayed() < file.Rounds():
					refusal = "XXC rank"
				}
				if refusal != "" {
					doc := res.Problem(t)
					if res.Status != http.StatusUnprocessableEntity || !strings.Contains(doc.Errors["file"], refusal) || !strings.HasPrefix(doc.Errors["file"], "line ") {
						t.Fatalf("%d %s, want 422 naming the line and %q", res.Status, res.Body, refusal)
					}
					return
				}
				if res.Status != http.StatusCreated {
					t.Fatalf("import: %d %s", res.Status, res.Body)
				}
				var tr tournament.Tournament
				res.Decode(t, &tr)
				fide := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/fide-report.trf", tr.ID), As: "org"}, http.StatusOK)
				if !bytes.Equal(fide.Body, data) {
					t.Errorf("the FIDE report is not the file imported (-file +report):\n%s", cmp.Diff(lines(data), lines(fide.Body)))
				}
				public := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/report.trf", tr.ID)}, http.StatusOK)
				report := readTRF(t, public.Body)
				for i := range file.Players {
					if report.Players[i].BirthDate != "" {
						t.Errorf("the public report gives player %d's birth date %q", report.Players[i].StartRank, report.Players[i].BirthDate)
					}
					file.Players[i].BirthDate, report.Players[i].BirthDate = "", ""
				}
				if diff := cmp.Diff(file.Players, report.Players); diff != "" {
					t.Errorf("the public report's players, but for birth dates, are not the file's (-file +report):\n%s", diff)
				}
				c.checkTieBreakServer(t, tr, filepath.Base(path), file)
				if tr.State == tournament.StateRunning {
					c.checkNextRound(t, tr, filepath.Base(path), file)
				}
			})
		}
	})
}

// tieBreakServerAnswers are TieBreakServer's standings of a corpus file after some of its
// rounds (internal/chess/tiebreak/testdata/corpus/README.md says how they were made): each
// row the place, the pairing number, then the values of the tie-breaks in order ("-0": none).
type tieBreakServerAnswers struct {
	Runs []struct {
		Rounds    int        `json:"rounds"`
		Format    string     `json:"format"` // "round_robin": ranked by the rules of a round robin
		Rules     string     `json:"rules"`
		Tiebreaks []string   `json:"tiebreaks"`
		Rows      [][]string `json:"rows"`
	} `json:"runs"`
}

// checkTieBreakServer compares the standings of tournament tr, imported from the corpus file
// name, with TieBreakServer's after the rounds the file records as played, under the rules of
// the tournament's start date and of its format (a round robin's when 092 names one), where
// the answers have them: every place and every value.
func (c *club) checkTieBreakServer(t *testing.T, tr tournament.Tournament, name string, file *trf.Tournament) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tiebreakAnswers, strings.TrimSuffix(name, ".trf")+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return // a file TieBreakServer has no answers for: a team competition's
	}
	if err != nil {
		t.Fatal(err)
	}
	var answers tieBreakServerAnswers
	if err := json.Unmarshal(data, &answers); err != nil {
		t.Fatal(err)
	}
	rules := tr.TiebreakRules().String()
	compared := 0
	for _, run := range answers.Runs {
		roundRobin := tr.Format == tournament.FormatRoundRobin
		if run.Rounds != file.RoundsPlayed() || (run.Rules != "" && run.Rules != rules) || (run.Format == "round_robin") != roundRobin {
			continue
		}
		st := c.standings(tr.ID, strings.Join(run.Tiebreaks, ","))
		if len(st.Rows) != len(run.Rows) {
			t.Fatalf("%v: %d rows, want %d", run.Tiebreaks, len(st.Rows), len(run.Rows))
		}
		for i, row := range st.Rows {
			want := run.Rows[i]
			if strconv.Itoa(row.Place) != want[0] || strconv.Itoa(row.Player.StartRank) != want[1] {
				t.Errorf("%v: row %d is place %d player %d, want place %s player %s", run.Tiebreaks, i+1, row.Place, row.Player.StartRank, want[0], want[1])
				continue
			}
			for k, code := range run.Tiebreaks {
				got, exp := row.Values[st.Tiebreaks[k]], want[2+k]
				switch {
				case exp == "-0" && got != nil:
					t.Errorf("%v: player %s %s = %v, want none", run.Tiebreaks, want[1], code, *got)
				case exp != "-0" && (got == nil || strconv.FormatFloat(*got, 'f', -1, 64) != strconv.FormatFloat(mustFloat(t, exp), 'f', -1, 64)):
					t.Errorf("%v: player %s %s = %s, want %s", run.Tiebreaks, want[1], code, valueText(got), exp)
				}
			}
		}
		compared++
	}
	t.Logf("%d lists after round %d under the rules of %s equal TieBreakServer's", compared, file.RoundsPlayed(), rules)
	if compared == 0 {
		t.Errorf("TieBreakServer's answers have no standings after round %d under the rules of %s", file.RoundsPlayed(), rules)
	}
}

// checkNextRound pairs the round after those the file records as played in tournament tr,
// imported from the corpus file name, and compares it with bbpPairings' pairing of the file,
// where its answers have one (cmd/chessclub/testdata/corpus-bbp/README.md says how they were
// made): the same games with the same colours, and the same pairing-allocated bye.
func (c *club) checkNextRound(t *testing.T, tr tournament.Tournament, name string, file *trf.Tournament) {
	t.Helper()
	var answers map[string]map[string][]string
	data, err := os.ReadFile("../../../cmd/chessclub/testdata/corpus-bbp/pair.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &answers); err != nil {
		t.Fatal(err)
	}
	next := file.RoundsPlayed() + 1
	want, ok := answers[name][strconv.Itoa(next)]
	if !ok || len(want) == 0 || strings.HasPrefix(want[0], "error") {
		return // bbpPairings did not pair it
	}
	r := c.pair(tr.ID)
	got := []string{strconv.Itoa(len(r.Boards) + countPairingByes(r))}
	for _, b := range r.Boards {
		got = append(got, fmt.Sprintf("%d %d", b.White.StartRank, b.Black.StartRank))
	}
	for _, b := range r.Byes {
		if b.Kind == "pairing" {
			got = append(got, fmt.Sprintf("%d 0", b.Player.StartRank))
		}
	}
	slices.Sort(got[1:])
	want = slices.Clone(want)
	slices.Sort(want[1:])
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round %d as the club pairs it is not bbpPairings' pairing of the file (-bbpPairings +club):\n%s", next, diff)
	}
	t.Logf("round %d: %d boards, as bbpPairings pairs the file", next, len(r.Boards))

	// The report after that round keeps every line of the file but the players' (which have
	// a round more) and the byes announced for it (now paired): the file's spellings stay.
	report := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/fide-report.trf", tr.ID), As: "org"}, http.StatusOK)
	kept := map[string]bool{}
	for _, l := range lines(report.Body) {
		kept[l] = true
	}
	original := mustRead(t, filepath.Join(corpusDir, name))
	file = readTRF(t, original)
	for _, l := range lines(original) {
		if tag := l[:min(3, len(l))]; tag != "001" && tag != "240" && tag != "XXZ" && !kept[l] {
			t.Errorf("the report after round %d lost the file's line %q", next, l)
		}
	}
	played := readTRF(t, report.Body)
	for i, p := range file.Players {
		q := played.Players[i]
		if q.StartRank != p.StartRank || q.Name != p.Name || q.BirthDate != p.BirthDate || !slices.Equal(q.Rounds[:next-1], p.Rounds[:next-1]) {
			t.Errorf("player %d after round %d: %+v, want the file's %+v and a round more", p.StartRank, next, q, p)
		}
	}
}

// mustRead reads a file.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// countPairingByes counts the pairing-allocated byes of a round: bbpPairings counts the bye
// among the boards it pairs.
func countPairingByes(r tournament.Round) int {
	n := 0
	for _, b := range r.Byes {
		if b.Kind == "pairing" {
			n++
		}
	}
	return n
}

// valueText writes a tie-break value of the API, "none" for null.
func valueText(v *float64) string {
	if v == nil {
		return "none"
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

// tiebreakAnswers holds TieBreakServer's answers on the corpus.
const tiebreakAnswers = "../../chess/tiebreak/testdata/corpus"

// mustFloat reads a number of TieBreakServer's answers.
func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("answer %q: %v", s, err)
	}
	return f
}

// lines splits a file into its lines, for a diff.
func lines(b []byte) []string { return strings.SplitAfter(string(b), "\n") }

// readTRF reads a TRF file.
func readTRF(t *testing.T, b []byte) *trf.Tournament {
	t.Helper()
	f, err := trf.Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestImportedReportFollowsChanges edits a tournament imported from a real file (the JaVaFo
// manual's open after round 4, dates written day first, titles g and m, birth years), on each
// database: a new name and a result corrected in round 4. Its FIDE report is then the file
// with those changes and nothing else: the 012 line is the new name, the two players of the
// corrected game have the new result (and their points counted again), every other player's
// record is the file's but for the rank column, which follows the club's standings now that
// they changed, and every other line is the file's, byte for byte.
func TestImportedReportFollowsChanges(t *testing.T) {
	const name = "javafo-gros-2010-round4.trf"
	data := mustRead(t, filepath.Join(corpusDir, name))
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		tr := c.importFile(data)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: tpath(tr.ID, ""), As: "org", Body: map[string]any{"name": "Gros Open 2010"}}, http.StatusOK)
		var round tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/4")}, http.StatusOK).Decode(t, &round)
		b := round.Boards[0]
		result := "1/2-1/2"
		if *b.Result == result {
			result = "1-0"
		}
		c.result(tr.ID, 4, b.Board, result)

		report := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/fide-report.trf", tr.ID), As: "org"}, http.StatusOK)
		kept := map[string]bool{}
		for _, l := range lines(report.Body) {
			kept[l] = true
		}
		for _, l := range lines(data) {
			if tag := l[:min(3, len(l))]; tag != "001" && tag != "012" && !kept[l] {
				t.Errorf("the report lost the file's line %q", l)
			}
		}
		if got := lines(report.Body)[0]; got != "012 Gros Open 2010\n" {
			t.Errorf("the first line is %q, want the new name", got)
		}
		file, after := readTRF(t, data), readTRF(t, report.Body)
		white, black := b.White.StartRank, b.Black.StartRank
		scores := map[string][2]chess.Result{"1-0": {chess.Win, chess.Loss}, "1/2-1/2": {chess.Draw, chess.Draw}}
		for i, p := range file.Players {
			q := after.Players[i]
			switch p.StartRank {
			case white, black:
				side := 0
				if p.StartRank == black {
					side = 1
				}
				p.Rounds[3].Result = scores[result][side]
				p.Points = p.PointsAfter(4)
			}
			p.Rank, q.Rank = 0, 0
			if diff := cmp.Diff(p, q); diff != "" {
				t.Errorf("player %d (-want +report):\n%s", p.StartRank, diff)
			}
		}
	})
}

// TestImportTRFxPlayerData imports a file with Tornelo's TRFx player data (DAT records, an
// e-mail address among them) on each database: the FIDE report, an arbiter's download, is the
// file byte for byte; the public report leaves the DAT records out, and nothing else.
func TestImportTRFxPlayerData(t *testing.T) {
	game := func(rank int, name, round string) string {
		return fmt.Sprintf("001 %4d      %-33s 1500%28s%s       %s\n", rank, name, "", map[bool]string{true: " 1.0", false: " 0.0"}[strings.HasSuffix(round, "1")], round)
	}
	file := "012 Tuesday Rapid\n042 2026/03/03\n052 2026/03/03\nXXR 1\n" +
		game(1, "Able, Ann", "   2 w 1") + "DAT 0001 EMAIL ann@example.org\nDAT 0001 GROUP Team Penguin\n" +
		game(2, "Baker, Bob", "   1 b 0") + "DAT 2 ID:TORNELO 39d162db-023a-4974-aa71-a1df73babc33\n"
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		tr := c.importFile([]byte(file))
		fide := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/fide-report.trf", tr.ID), As: "org"}, http.StatusOK)
		if diff := cmp.Diff(lines([]byte(file)), lines(fide.Body)); diff != "" {
			t.Errorf("the FIDE report is not the file (-file +report):\n%s", diff)
		}
		public := c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/tournaments/%d/report.trf", tr.ID)}, http.StatusOK)
		var want []string
		for _, l := range lines([]byte(file)) {
			if !strings.HasPrefix(l, "DAT") {
				want = append(want, l)
			}
		}
		if diff := cmp.Diff(want, lines(public.Body)); diff != "" {
			t.Errorf("the public report is not the file without its DAT records (-want +report):\n%s", diff)
		}
	})
}
