package play_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestBakuAcceleration runs a Swiss of eight with the Baku acceleration on each database:
// round 1 pairs group A (players 1-4, one virtual point) among themselves and group B among
// themselves, where an unaccelerated Swiss pairs top half against bottom half; the TRF export
// writes the 250 records, and `chessclub pair` given the file before each round pairs it as
// the club does. The setting is only for a Swiss, frozen once started, and an import keeps it.
func TestBakuAcceleration(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 8)
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org",
			Body: map[string]any{"name": "RR", "start_date": "2026-03-07", "format": "round_robin", "acceleration": "baku"}}, http.StatusUnprocessableEntity)
		c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "org",
			Body: map[string]any{"name": "X", "start_date": "2026-03-07", "acceleration": "fast"}}, http.StatusUnprocessableEntity)

		tr := c.create(map[string]any{"rounds": 5, "acceleration": "baku"})
		if tr.Acceleration != tournament.AccelerationBaku {
			t.Fatalf("acceleration %q, want baku", tr.Acceleration)
		}
		plain := c.create(map[string]any{"rounds": 5})
		if plain.Acceleration != tournament.AccelerationNone {
			t.Fatalf("default acceleration %q, want none", plain.Acceleration)
		}
		c.enterAll(tr.ID, 8)
		c.enterAll(plain.ID, 8)
		c.start(tr.ID)
		c.start(plain.ID)
		c.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/tournaments/%d", tr.ID), As: "org",
			Body: map[string]any{"acceleration": "none"}}, http.StatusConflict)

		// Five rounds: three accelerated, 1 point in rounds 1-2 and ½ in round 3, for players
		// 1-4 (eight players: group A is 2·⌈8/4⌉ = 4).
		file, err := os.ReadFile(c.report(tr.ID, "baku.trf"))
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range []string{"\n250       1.0 001 002    1    4\n", "\n250       0.5 003 003    1    4\n"} {
			if !strings.Contains(string(file), rec) {
				t.Errorf("the export lacks %q:\n%s", strings.TrimSpace(rec), file)
			}
		}
		want := cliPair(t, c.report(tr.ID, "before-1.trf"))
		rd := c.pair(tr.ID)
		diffValues(t, "round 1 against chessclub pair", apiPairing(rd), want)
		diffValues(t, "round 1", apiPairing(rd), []string{"1 3", "4 2", "5 7", "8 6"})
		diffValues(t, "round 1 unaccelerated", apiPairing(c.pair(plain.ID)), []string{"1 5", "6 2", "3 7", "8 4"})

		for round := 1; round < 5; round++ {
			for board := 1; board <= 4; board++ {
				c.result(tr.ID, round, board, []string{tournament.ResultWhiteWins, tournament.ResultDraw, tournament.ResultBlackWins}[(round+board)%3])
			}
			want := cliPair(t, c.report(tr.ID, "next.trf"))
			diffValues(t, "the next round against chessclub pair", apiPairing(c.pair(tr.ID)), want)
		}

		// An import of the file keeps the acceleration, and one whose virtual points are not
		// Baku's is refused by name.
		if cp := c.importFile(file); cp.Acceleration != tournament.AccelerationBaku {
			t.Errorf("the import's acceleration is %q, want baku", cp.Acceleration)
		}
		other := strings.Replace(string(file), "250       1.0 001 002    1    4", "250       1.0 001 002    1    2", 1)
		res := c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: []byte(other),
			ContentType: "text/plain; charset=utf-8"}, http.StatusUnprocessableEntity)
		if doc := res.Problem(t); !strings.Contains(doc.Errors["file"], "250       1.0 001 002    1    2") {
			t.Errorf("the refusal does not name the record: %+v", doc)
		}
	})
}

// TestImportRefusesOtherSystems: a file with rounds still to pair that names another pairing
// system than the Dutch one is refused by name, since the club would pair the rest by the
// Dutch system; a finished one, which will not be paired again, is taken.
func TestImportRefusesOtherSystems(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 4)
		tr := c.create(map[string]any{"rounds": 3})
		c.enterAll(tr.ID, 4)
		c.start(tr.ID)
		file, err := os.ReadFile(c.report(tr.ID, "running.trf"))
		if err != nil {
			t.Fatal(err)
		}
		burstein := string(file) + "192 FIDE_BURSTEIN_2025\n"
		res := c.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: []byte(burstein),
			ContentType: "text/plain; charset=utf-8"}, http.StatusUnprocessableEntity)
		if doc := res.Problem(t); !strings.Contains(doc.Errors["file"], "192 FIDE_BURSTEIN_2025") {
			t.Errorf("the refusal does not name the record: %+v", doc)
		}
		c.importFile([]byte(string(file) + "192 FIDE_DUTCH_2025\n"))

		for round := 1; round <= 3; round++ {
			c.pair(tr.ID)
			for board := 1; board <= 2; board++ {
				c.result(tr.ID, round, board, tournament.ResultDraw)
			}
		}
		finished, err := os.ReadFile(c.report(tr.ID, "played.trf"))
		if err != nil {
			t.Fatal(err)
		}
		c.importFile([]byte(string(finished) + "192 FIDE_BURSTEIN_2025\n"))
	})
}
