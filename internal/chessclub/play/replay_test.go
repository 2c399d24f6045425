package play_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/ratings"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// replayModel is what a test knows of the club's rated tournaments from what it did
// through the API: who played, when the tournament started, which results, and in which
// order the tournaments finished.
type replayModel struct {
	bases  []ratings.Base
	events map[int64]*replayEvent
}

type replayEvent struct {
	id       int64
	name     string
	started  time.Time
	finished time.Time
	players  []int64
	boards   map[[2]int]*replayBoard
}

type replayBoard struct {
	white, black int64
	result       string
}

// inputs are the model as ratings.Replay takes it: the events in the order they finished.
func (m *replayModel) inputs() ([]ratings.Base, []ratings.Event) {
	var evs []*replayEvent
	for _, ev := range m.events {
		evs = append(evs, ev)
	}
	slices.SortFunc(evs, func(a, b *replayEvent) int {
		if c := a.finished.Compare(b.finished); c != 0 {
			return c
		}
		return int(a.id - b.id)
	})
	var out []ratings.Event
	for _, ev := range evs {
		games := map[int64][]ratings.Game{}
		for _, b := range ev.boards {
			o := tournament.Outcomes[b.result]
			if o.White.Rated() {
				games[b.white] = append(games[b.white], ratings.Game{Opponent: b.black, Result: o.White})
			}
			if o.Black.Rated() {
				games[b.black] = append(games[b.black], ratings.Game{Opponent: b.white, Result: o.Black})
			}
		}
		e := ratings.Event{Tournament: ev.id, Name: ev.name, Year: ev.finished.Year(), FinishedAt: ev.finished}
		for _, member := range ev.players {
			e.Players = append(e.Players, ratings.Participant{Member: member, FixedAt: ev.started, Games: games[member]})
		}
		out = append(out, e)
	}
	return m.bases, out
}

// TestRatingsReplay runs random sequences of finishes, corrections of results after the
// finish, and deletions of finished rated tournaments, on both databases, and after each
// step checks that every member's rating and history are what a replay from scratch of the
// tournaments left, in the order they finished, gives (ratings.Replay over the test's own
// record of what it did).
func TestRatingsReplay(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		for seed := range uint64(2) {
			t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { replaySequence(t, d, seed) })
		}
	})
}

func replaySequence(t *testing.T, d sqldb.Dialect, seed uint64) {
	c := newClub(t, d, 0)
	rng := rand.New(rand.NewPCG(seed, 20))
	m := &replayModel{events: map[int64]*replayEvent{}}
	var names []string
	for i := range 8 {
		name := fmt.Sprintf("r%02d", i)
		extra := map[string]any{}
		base := ratings.Base{}
		switch i % 4 {
		case 0, 1:
			base.Declared = 1500 + rng.IntN(900)
			extra["declared_rating"] = base.Declared
		case 2:
			base.Declared, base.Games = 1800+rng.IntN(300), 30+rng.IntN(20)
			extra["declared_rating"], extra["declared_games"] = base.Declared, base.Games
			base.BirthYear = 2012
			extra["birth_year"] = base.BirthYear
		}
		base.Member = c.Register(name, "Replay "+name, extra).ID
		m.bases = append(m.bases, base)
		names = append(names, name)
	}
	// The other members of the club (the organiser, the admin, the host) have no games.
	for _, u := range []string{"org", "root", "host"} {
		m.bases = append(m.bases, ratings.Base{Member: c.IDs[u]})
	}
	results := []string{tournament.ResultWhiteWins, tournament.ResultBlackWins, tournament.ResultDraw, tournament.ResultWhiteForfeit}
	var live []int64 // finished and not deleted
	play := func(n int) {
		players := slices.Clone(names)
		rng.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
		players = players[:4]
		tr := c.create(map[string]any{"name": fmt.Sprintf("Replay %d", n), "format": "round_robin", "rated": true})
		for _, p := range players {
			c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: p}, http.StatusCreated)
		}
		started := c.start(tr.ID)
		ev := &replayEvent{id: tr.ID, name: tr.Name, started: *started.StartedAt, boards: map[[2]int]*replayBoard{}}
		for _, p := range players {
			ev.players = append(ev.players, c.IDs[p])
		}
		for r := 1; r <= 3; r++ {
			rd := c.pair(tr.ID)
			for _, b := range rd.Boards {
				res := results[rng.IntN(len(results))]
				c.result(tr.ID, r, b.Board, res)
				ev.boards[[2]int{r, b.Board}] = &replayBoard{white: b.White.MemberID, black: b.Black.MemberID, result: res}
			}
		}
		c.Clock.Add(time.Hour) // the finishes have an order of their own
		done := c.finish(tr.ID)
		ev.finished = *done.FinishedAt
		m.events[tr.ID] = ev
		live = append(live, tr.ID)
	}
	correct := func() {
		id := live[rng.IntN(len(live))]
		ev := m.events[id]
		keys := make([][2]int, 0, len(ev.boards))
		for k := range ev.boards {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b [2]int) int { return a[0]*10 + a[1] - b[0]*10 - b[1] })
		k := keys[rng.IntN(len(keys))]
		res := results[rng.IntN(len(results))]
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(id, "/rounds/%d/boards/%d", k[0], k[1]), As: "org", Body: map[string]any{"result": res}}, http.StatusOK)
		ev.boards[k].result = res
	}
	remove := func() {
		i := rng.IntN(len(live))
		c.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(live[i], ""), As: "root"}, http.StatusNoContent)
		delete(m.events, live[i])
		live = slices.Delete(live, i, i+1)
	}
	for step := range 14 {
		switch k := rng.IntN(4); {
		case len(live) < 2 || k < 2:
			play(step)
		case k == 2:
			correct()
		default:
			remove()
		}
		c.checkReplay(t, step, m)
	}
}

// checkReplay compares every member's rating and history with ratings.Replay of m.
func (c *club) checkReplay(t *testing.T, step int, m *replayModel) {
	t.Helper()
	bases, events := m.inputs()
	states, lines, err := ratings.Replay(bases, events)
	if err != nil {
		t.Fatal(err)
	}
	byMember := map[int64][]ratings.Line{}
	for _, l := range lines {
		byMember[l.Member] = append(byMember[l.Member], l)
	}
	for _, b := range bases {
		var got members.Member
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", b.Member), As: "root"}, http.StatusOK).Decode(t, &got)
		want := states[b.Member]
		if got.Rating != want.Rating || got.RatingStatus != want.Status || got.RatedGames != want.RatedGames {
			t.Errorf("step %d: member %d is %d %s (%d games), the replay says %d %s (%d games)",
				step, b.Member, got.Rating, got.RatingStatus, got.RatedGames, want.Rating, want.Status, want.RatedGames)
		}
		var hist []ratings.Change
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", b.Member), As: "root"}, http.StatusOK).Decode(t, &hist)
		wantLines := byMember[b.Member]
		if len(hist) != len(wantLines) {
			t.Errorf("step %d: member %d has %d history lines, the replay %d", step, b.Member, len(hist), len(wantLines))
			continue
		}
		for i, h := range hist {
			w := wantLines[i]
			if h.TournamentID != w.Tournament || h.Games != w.Games || h.Score != w.Score.Float() ||
				!samePtr(h.RatingBefore, w.Before) || !samePtr(h.Change, w.Change) || !samePtr(h.Rating, w.After) || !h.AppliedAt.Equal(w.AppliedAt) {
				t.Errorf("step %d: member %d, line %d: %+v, the replay %+v", step, b.Member, i, h, w)
			}
		}
	}
}

func samePtr(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
