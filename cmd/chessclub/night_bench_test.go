package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
)

// A tournament night: nightPlayers players, round nightRound just paired, nightPollers
// clients polling the standings and the round's boards once a second each, nightStreams
// live streams open.
const (
	nightPlayers = 400
	nightRounds  = 9
	nightRound   = 7
	nightPollers = 200
	nightStreams = 400
	pollFor      = 15 * time.Second
)

// BenchmarkTournamentNight measures a club's busiest evening against the Chess Club in a
// server process of its own, on each database:
//
//	go test ./cmd/chessclub -run '^$' -bench TournamentNight -benchtime 1x
//
// It registers nightPlayers members, enters them, starts a 9-round Swiss and plays rounds
// 1-6 through the API with random results, then pairs round 7 and reports:
//
//   - pair-ms: pairing round 7 (POST …/rounds), and pair8-ms the median of 5 pairings of
//     round 8 (paired, un-paired, paired again) once round 7's results are in;
//   - the latency of GET …/standings and GET …/rounds/7 while nightPollers clients poll both
//     once a second for pollFor, as the organiser enters round 7's results (so the views
//     change under the pollers): p50, p99 and max, and the polls answered per second;
//   - the server's resident memory with no stream, then with nightStreams live streams open
//     (each on a connection of its own), per stream, and again after pollFor more with
//     events flowing, which must reach every stream.
//
// Figures are in docs/BENCHMARKS.md.
func BenchmarkTournamentNight(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run(d.String(), func(b *testing.B) {
			url, password := stormDatabase(b, d)
			srv := startServerProcess(b, url, password, "-trusted-proxies", "127.0.0.1", "-max-streams", "2000")
			n := setUpNight(b, srv.url, func(username string) { appoint(b, url, password, username) })
			for b.Loop() {
				n.run(b, srv)
			}
		})
	}
}

// night is a tournament night in progress.
type night struct {
	base   string
	client *http.Client
	token  string
	id     int64
	rng    *rand.Rand
}

func (n *night) do(b *testing.B, method, path string, body any, header ...string) (int, []byte) {
	var rd io.Reader
	switch body := body.(type) {
	case nil:
	case rawBody:
		rd = bytes.NewReader(body)
	default:
		enc, _ := json.Marshal(body)
		rd = bytes.NewReader(enc)
	}
	req, _ := http.NewRequest(method, n.base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if n.token != "" {
		req.Header.Set("Authorization", "Bearer "+n.token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := n.client.Do(req)
	if err != nil {
		b.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

func (n *night) must(b *testing.B, want int, method, path string, body any, header ...string) []byte {
	status, out := n.do(b, method, path, body, header...)
	if status != want {
		b.Fatalf("%s %s: %d, want %d: %s", method, path, status, want, out)
	}
	return out
}

// setUpNight registers the organiser and the players (from many client addresses, as a
// club's members would, through the trusted proxy's X-Forwarded-For), has makeArbiter make
// the organiser an arbiter (who enters members without asking them, the club-night case),
// enters and starts them, and plays rounds 1..nightRound-1.
func setUpNight(b *testing.B, base string, makeArbiter func(username string)) *night {
	n := &night{base: base, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}}, rng: rand.New(rand.NewPCG(7, 400))}
	register := func(i int, username string) int64 {
		var m struct{ ID int64 }
		out := n.must(b, http.StatusCreated, "POST", "/api/user", map[string]any{"username": username, "password": "a tournament night",
			"full_name": fmt.Sprintf("Player %03d", i), "declared_rating": 2600 - 3*i}, "X-Forwarded-For", fmt.Sprintf("10.1.%d.%d", i/200, i%200))
		_ = json.Unmarshal(out, &m)
		return m.ID
	}
	register(0, "organiser")
	makeArbiter("organiser")
	var login struct{ Token string }
	_ = json.Unmarshal(n.must(b, http.StatusOK, "POST", "/api/login", map[string]any{"username": "organiser", "password": "a tournament night"}), &login)
	n.token = login.Token
	ids := make([]int64, nightPlayers)
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range 4 {
		wg.Go(func() {
			for i := int(next.Add(1)); i <= nightPlayers; i = int(next.Add(1)) {
				ids[i-1] = register(i, fmt.Sprintf("player%03d", i))
			}
		})
	}
	wg.Wait()
	var tr struct{ ID int64 }
	_ = json.Unmarshal(n.must(b, http.StatusCreated, "POST", "/api/tournaments", map[string]any{"name": "Tournament night", "start_date": fromToday(0), "rounds": nightRounds}), &tr)
	n.id = tr.ID
	for _, id := range ids {
		n.must(b, http.StatusCreated, "POST", n.path("/players"), map[string]any{"member_id": id})
	}
	n.must(b, http.StatusOK, "POST", n.path("/start"), nil)
	for r := 1; r < nightRound; r++ {
		n.playRound(b, n.pair(b), 0)
	}
	return n
}

func (n *night) path(format string, args ...any) string {
	return fmt.Sprintf("/api/tournaments/%d", n.id) + fmt.Sprintf(format, args...)
}

type nightRoundJSON struct {
	Number int `json:"number"`
	Boards []struct {
		Board int `json:"board"`
	} `json:"boards"`
}

func (n *night) pair(b *testing.B) nightRoundJSON {
	var rd nightRoundJSON
	_ = json.Unmarshal(n.must(b, http.StatusCreated, "POST", n.path("/rounds"), nil), &rd)
	return rd
}

// playRound enters every result of a round, one every pause.
func (n *night) playRound(b *testing.B, rd nightRoundJSON, pause time.Duration) {
	for _, bd := range rd.Boards {
		result := []string{"1-0", "0-1", "1/2-1/2", "1-0", "0-1"}[n.rng.IntN(5)]
		n.must(b, http.StatusOK, "PUT", n.path("/rounds/%d/boards/%d", rd.Number, bd.Board), map[string]any{"result": result})
		time.Sleep(pause)
	}
}

// run is one tournament night's measurements.
func (n *night) run(b *testing.B, srv *serverProcess) {
	start := time.Now()
	round := n.pair(b)
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "pair-ms")
	if round.Number != nightRound || len(round.Boards) != nightPlayers/2 {
		b.Fatalf("round %d with %d boards", round.Number, len(round.Boards))
	}

	// The pollers, while the organiser enters round 7's results over the polling time.
	var lat latencies
	stop := make(chan struct{})
	var wg sync.WaitGroup
	polling := time.Now()
	for i := range nightPollers {
		wg.Go(func() { n.poll(b, i, stop, &lat) })
	}
	n.playRound(b, round, pollFor/time.Duration(len(round.Boards)))
	close(stop)
	wg.Wait()
	lat.report(b, time.Since(polling), "standings", "round")

	// Pairing round 8, five times over.
	var pairings []time.Duration
	for i := range 5 {
		if i > 0 {
			n.must(b, http.StatusNoContent, "DELETE", n.path("/rounds/%d", nightRound+1), nil)
		}
		t0 := time.Now()
		n.pair(b)
		pairings = append(pairings, time.Since(t0))
	}
	slices.Sort(pairings)
	b.ReportMetric(float64(pairings[2].Microseconds())/1000, "pair8-ms")
	b.ReportMetric(float64(pairings[4].Microseconds())/1000, "pair8-max-ms")
	n.must(b, http.StatusNoContent, "DELETE", n.path("/rounds/%d", nightRound+1), nil)

	n.streams(b, srv)
}

// latencies collects request durations by view; it is safe for concurrent use.
type latencies struct {
	mu     sync.Mutex
	byView map[string][]time.Duration
	errs   int
}

func (l *latencies) add(view string, d time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byView == nil {
		l.byView = map[string][]time.Duration{}
	}
	if !ok {
		l.errs++
	}
	l.byView[view] = append(l.byView[view], d)
}

func (l *latencies) report(b *testing.B, elapsed time.Duration, views ...string) {
	if l.errs > 0 {
		b.Errorf("%d polls failed", l.errs)
	}
	total := 0
	for _, v := range views {
		d := l.byView[v]
		slices.Sort(d)
		total += len(d)
		pct := func(p float64) float64 { return float64(d[int(p*float64(len(d)-1))].Microseconds()) / 1000 }
		b.ReportMetric(pct(0.5), v+"-p50-ms")
		b.ReportMetric(pct(0.99), v+"-p99-ms")
		b.ReportMetric(pct(1), v+"-max-ms")
	}
	b.ReportMetric(float64(total)/elapsed.Seconds(), "polls/s")
}

// poll is one client: every second it reads the standings and the current round's boards,
// as a phone on the playing hall's wall would, until stop.
func (n *night) poll(b *testing.B, i int, stop <-chan struct{}, lat *latencies) {
	n.pollViews(i, stop, lat, map[string]string{"standings": n.path("/standings"), "round": n.path("/rounds/%d", nightRound)})
}

// pollViews is one client reading each of views (by name, their paths) once a second until
// stop, its first reads spread over the second by its number i among nightPollers.
func (n *night) pollViews(i int, stop <-chan struct{}, lat *latencies, views map[string]string) {
	// Spread the clients over the second, as independent phones are.
	select {
	case <-time.After(time.Duration(i) * time.Second / nightPollers):
	case <-stop:
		return
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		for view, path := range views {
			t0 := time.Now()
			res, err := n.client.Get(n.base + path)
			ok := err == nil
			if ok {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				ok = res.StatusCode == http.StatusOK
			}
			lat.add(view, time.Since(t0), ok)
		}
		select {
		case <-stop:
			return
		case <-tick.C:
		}
	}
}

// streams opens nightStreams live streams, half and then the other half, each on a
// connection of its own, and reports what they cost the server: its Go heap and goroutine
// stacks after a collection, per stream, and its resident size; then, after pollFor with an
// event every 100 ms, each of which must reach every stream, the same again, which must not
// have grown.
func (n *night) streams(b *testing.B, srv *serverProcess) {
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var received atomic.Int64
	var mu sync.Mutex
	var closers []io.Closer
	opened := 0
	openStreams := func(count int) {
		var open sync.WaitGroup
		for range count {
			open.Add(1)
			// Each from an address of its own, as the members' phones are, through the
			// trusted proxy: one address holds only -max-streams-per-client streams.
			req, _ := http.NewRequest("GET", n.base+n.path("/events"), nil)
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.2.%d.%d", opened/200, opened%200))
			opened++
			go func() {
				res, err := client.Do(req)
				if err != nil || res.StatusCode != http.StatusOK {
					b.Errorf("open a stream: %v %v", err, res)
					open.Done()
					return
				}
				mu.Lock()
				closers = append(closers, res.Body)
				mu.Unlock()
				open.Done()
				sc := bufio.NewScanner(res.Body)
				for sc.Scan() {
					if strings.HasPrefix(sc.Text(), "id: ") {
						received.Add(1)
					}
				}
			}()
		}
		open.Wait()
		time.Sleep(time.Second) // every handler has subscribed
	}
	cost := func(st goStats) float64 { return float64(st.heap + st.stacks) }
	none, rssNone := srv.goStats(b), srv.memory(b, "VmRSS")
	openStreams(nightStreams / 2)
	half := srv.goStats(b)
	openStreams(nightStreams / 2)
	full, rssFull := srv.goStats(b), srv.memory(b, "VmRSS")
	b.ReportMetric((cost(full)-cost(none))/nightStreams/1024, "KiB/stream")
	b.ReportMetric((cost(half)-cost(none))/(nightStreams/2)/1024, "KiB/stream-first-half")
	b.ReportMetric(float64(full.goroutines-none.goroutines)/nightStreams, "goroutines/stream")
	b.ReportMetric(cost(full)/(1<<20), "go-MiB-streams")
	b.ReportMetric(float64(rssNone)/(1<<20), "RSS-MiB-no-streams")
	b.ReportMetric(float64(rssFull)/(1<<20), "RSS-MiB-streams")
	events := 0
	for end := time.Now().Add(pollFor); time.Now().Before(end); events++ {
		n.must(b, http.StatusOK, "PATCH", n.path(""), map[string]any{"description": fmt.Sprintf("Update %d", events)})
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // a poll interval and then some
	later, rssLater := srv.goStats(b), srv.memory(b, "VmRSS")
	b.ReportMetric(cost(later)/(1<<20), "go-MiB-streams-later")
	b.ReportMetric(float64(rssLater)/(1<<20), "RSS-MiB-streams-later")
	if got, want := received.Load(), int64(events*nightStreams); got != want {
		b.Errorf("the streams received %d events, want %d (%d events × %d streams)", got, want, events, nightStreams)
	}
	b.ReportMetric(float64(events), "events")
	mu.Lock()
	for _, c := range closers {
		c.Close()
	}
	mu.Unlock()
}
