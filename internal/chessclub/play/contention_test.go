package play_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// bigSwissTRF returns a TRF file of a Swiss of n players (n even) and rounds rounds, with
// round 1 paired top half against bottom half (1 v n/2+1, 2 v n/2+2, …, colours alternating)
// and, when played, its results drawn from seed; without them round 1 awaits its results.
func bigSwissTRF(t testing.TB, n, rounds int, played bool, seed uint64) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	f := &trf.Tournament{Name: fmt.Sprintf("Open of %d", n), TotalRounds: rounds}
	f.Players = make([]trf.Player, n)
	for i := range f.Players {
		f.Players[i] = trf.Player{StartRank: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Rating: 2700 - i}
	}
	half := n / 2
	for i := range half {
		top, bottom := &f.Players[i], &f.Players[i+half]
		tc, bc := chess.White, chess.Black
		if i%2 == 1 {
			tc, bc = bc, tc
		}
		tr, br := chess.NoResult, chess.NoResult
		if played {
			switch rng.IntN(3) {
			case 0:
				tr, br = chess.Win, chess.Loss
			case 1:
				tr, br = chess.Loss, chess.Win
			default:
				tr, br = chess.Draw, chess.Draw
			}
		}
		top.Rounds = []chess.Round{{Opponent: bottom.StartRank, Colour: tc, Result: tr}}
		bottom.Rounds = []chess.Round{{Opponent: top.StartRank, Colour: bc, Result: br}}
		top.Points, bottom.Points = top.PointsAfter(1), bottom.PointsAfter(1)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestResultBurst enters the 500 results of round 1 of an imported 1 000-player Swiss from
// 16 clients at once, each client working through its share of the boards, on each
// database. Every entry waits its turn for the write lock: none may fail.
func TestResultBurst(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		tr := c.importFile(bigSwissTRF(t, 1000, 9, false, 1))
		var rd tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &rd)
		if len(rd.Boards) != 500 {
			t.Fatalf("%d boards in round 1, want 500", len(rd.Boards))
		}
		const clients = 16
		recs := make([]*httptest.ResponseRecorder, len(rd.Boards))
		var wg sync.WaitGroup
		for k := range clients {
			wg.Go(func() {
				for i := k; i < len(rd.Boards); i += clients {
					recs[i] = c.Serve(clubtest.Req{Method: "PUT", Path: tpath(tr.ID, "/rounds/1/boards/%d", rd.Boards[i].Board), As: "org",
						Body: map[string]any{"result": tournament.ResultDraw}})
				}
			})
		}
		wg.Wait()
		failed := 0
		for i, rec := range recs {
			if rec.Code != http.StatusOK {
				if failed++; failed <= 3 {
					t.Errorf("board %d: %d %s", rd.Boards[i].Board, rec.Code, rec.Body)
				}
			}
		}
		if failed > 0 {
			t.Fatalf("%d of %d results failed", failed, len(recs))
		}
		var after tournament.Round
		c.MustDo(clubtest.Req{Method: "GET", Path: tpath(tr.ID, "/rounds/1")}, http.StatusOK).Decode(t, &after)
		if !after.Complete {
			t.Error("round 1 is not complete")
		}
	})
}
