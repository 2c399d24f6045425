package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/dbtest"
)

// bigNightPlayers sizes BenchmarkBigNight: the largest online Swiss has 4 000 players.
var bigNightPlayers = flag.Int("bignight.players", 4000, "players of BenchmarkBigNight's tournament")

// BenchmarkBigNight runs the night of a very large Swiss through the real server, in a
// process of its own, on each database:
//
//	go test ./cmd/chessclub -run '^$' -bench BigNight -benchtime 1x [-bignight.players 4000]
//
// It reports each step's time: import-ms (a TRF file of the players, 9 rounds to play),
// pair1-ms (round 1), results-ms (every board's result, 16 at once, as several arbiters'
// tablets would send them in bursts), pair2-ms (round 2, whose score groups are the largest
// of the event), and the latency of GET …/standings while nightPollers clients poll it once
// a second for pollFor as round 2's results come in: p50, p99 and max. The server's peak
// resident memory is RSS-peak-MiB. Figures are in docs/BENCHMARKS.md.
func BenchmarkBigNight(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run(fmt.Sprintf("%s/players=%d", d, *bigNightPlayers), func(b *testing.B) {
			url, password := stormDatabase(b, d)
			srv := startServerProcess(b, url, password)
			n := &night{base: srv.url, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}}}
			n.must(b, http.StatusCreated, "POST", "/api/user", map[string]any{"username": "organiser", "password": "a tournament night", "full_name": "Organiser"})
			appoint(b, url, password, "organiser")
			var login struct{ Token string }
			_ = json.Unmarshal(n.must(b, http.StatusOK, "POST", "/api/login", map[string]any{"username": "organiser", "password": "a tournament night"}), &login)
			n.token = login.Token
			file := bigNightFile(b, *bigNightPlayers)
			for b.Loop() {
				bigNight(b, n, srv, file)
			}
		})
	}
}

// bigNight is one run of BenchmarkBigNight over a new import of file.
func bigNight(b *testing.B, n *night, srv *serverProcess, file []byte) {
	step := func(name string, f func()) {
		t0 := time.Now()
		f()
		b.ReportMetric(float64(time.Since(t0).Microseconds())/1000, name+"-ms")
	}
	step("import", func() {
		var tr struct{ ID int64 }
		_ = json.Unmarshal(n.must(b, http.StatusCreated, "POST", "/api/tournaments/import", rawBody(file), "Content-Type", "text/plain"), &tr)
		n.id = tr.ID
	})
	var round nightRoundJSON
	step("pair1", func() { round = n.pair(b) })
	if want := *bigNightPlayers / 2; len(round.Boards) != want {
		b.Fatalf("round 1 has %d boards, want %d", len(round.Boards), want)
	}
	step("results", func() { n.burstResults(b, round, 16) })
	step("pair2", func() { round = n.pair(b) })

	var lat latencies
	stop := make(chan struct{})
	var wg sync.WaitGroup
	polling := time.Now()
	for i := range nightPollers {
		wg.Go(func() { n.pollViews(i, stop, &lat, map[string]string{"standings": n.path("/standings")}) })
	}
	results := time.Now()
	n.burstResults(b, round, 4)
	if rest := pollFor - time.Since(results); rest > 0 {
		time.Sleep(rest)
	}
	close(stop)
	wg.Wait()
	lat.report(b, time.Since(polling), "standings")
	b.ReportMetric(float64(srv.memory(b, "VmHWM"))/(1<<20), "RSS-peak-MiB")
}

// rawBody is a request body sent as it is, not as JSON.
type rawBody []byte

// burstResults enters every result of a round, from workers clients at once.
func (n *night) burstResults(b *testing.B, rd nightRoundJSON, workers int) {
	boards := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for bd := range boards {
				result := []string{"1-0", "0-1", "1/2-1/2", "1-0", "0-1"}[(bd*7+w)%5]
				n.must(b, http.StatusOK, "PUT", n.path("/rounds/%d/boards/%d", rd.Number, bd), map[string]any{"result": result})
			}
		})
	}
	for _, bd := range rd.Boards {
		boards <- bd.Board
	}
	close(boards)
	wg.Wait()
}

// bigNightFile is a TRF file of players players, ratings from 2 700 down, 9 rounds to play.
func bigNightFile(b *testing.B, players int) []byte {
	t := &trf.Tournament{Name: "Big online Swiss", TotalRounds: 9, InitialColour: chess.White}
	for i := 1; i <= players; i++ {
		t.Players = append(t.Players, trf.Player{StartRank: i, Name: fmt.Sprintf("Player %05d", i), Rating: 2700 - i*1500/players})
	}
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		b.Fatal(err)
	}
	return slices.Clip(buf.Bytes())
}
