package play_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
)

// importField imports, as org, a Swiss of n guest players and the given number of rounds,
// none of them paired, rated from 2600 down, and returns it: the quickest way to a large
// tournament.
func (c *club) importField(n, rounds int) tournament.Tournament {
	c.t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "012 Open of %d\nXXR %d\n", n, rounds)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "001 %4d      %-33s %4d\n", i, fmt.Sprintf("Guest %04d", i), 2600-i)
	}
	return c.importFile([]byte(b.String()))
}

// playRound enters a random result on every board of round rd of tournament id, as org,
// from workers goroutines at once.
func (c *club) playRound(id int64, rd tournament.Round, workers int, seed uint64) {
	c.t.Helper()
	results := make([]string, len(rd.Boards))
	rng := rand.New(rand.NewPCG(seed, uint64(rd.Number)))
	for i := range results {
		results[i] = randomResult(rng)
	}
	var wg sync.WaitGroup
	failed := make(chan string, len(rd.Boards))
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(rd.Boards); i += workers {
				req := clubtest.Req{Method: "PUT", Path: clubtest.Path("/api/tournaments/%d/rounds/%d/boards/%d", id, rd.Number, rd.Boards[i].Board),
					As: "org", Body: map[string]any{"result": results[i]}}
				if rec := c.Serve(req); rec.Code != http.StatusOK {
					failed <- fmt.Sprintf("board %d: %d %s", rd.Boards[i].Board, rec.Code, rec.Body)
				}
			}
		})
	}
	wg.Wait()
	close(failed)
	for f := range failed {
		c.t.Errorf("round %d: %s", rd.Number, f)
	}
}
