package play_test

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/ratings"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// A clubHistory is a seeded history of a club's rated Swisses, which a test plays through the
// API at set times: who is a member with which declared rating, and which tournaments start
// when, with whom, and who enters late. The tournaments overlap, so that some start before an
// earlier one finishes and some after.
type clubHistory struct {
	members     []historyMember
	tournaments []historyTournament
	seed        uint64
}

type historyMember struct {
	username        string
	declared, games int // 0: unrated
}

type historyTournament struct {
	name    string
	start   time.Duration // after the history's beginning
	players []string
	late    string // enters after round 1 is paired; "" for none
}

// historyRounds is the rounds of every tournament of a history.
const historyRounds = 3

func newClubHistory(seed uint64) clubHistory {
	rng := rand.New(rand.NewPCG(seed, 7))
	h := clubHistory{seed: seed}
	for i := range 8 {
		m := historyMember{username: fmt.Sprintf("h%02d", i)}
		if i%4 != 3 {
			m.declared = 1500 + 50*rng.IntN(16)
		}
		if i%4 == 1 {
			m.games = 30
		}
		h.members = append(h.members, m)
	}
	at := time.Duration(0)
	for i := range 4 {
		perm := rng.Perm(len(h.members))
		t := historyTournament{name: fmt.Sprintf("History %d", i), start: at}
		for _, p := range perm[:4+rng.IntN(2)] {
			t.players = append(t.players, h.members[p].username)
		}
		if rng.IntN(2) == 0 {
			t.late = h.members[perm[6]].username
		}
		h.tournaments = append(h.tournaments, t)
		at += time.Duration(50+rng.IntN(60)) * time.Minute // a tournament lasts 130 minutes
	}
	return h
}

// historyPlay is how a club plays a history: the tournament left out ("" for none), results
// given by hand (by tournament, round, white and black), and pairings to make by hand rather
// than by the engine (by tournament and round).
type historyPlay struct {
	skip     string
	results  map[historyBoard]string
	pairings map[string][][]historyBoard
}

// historyBoard names a game of a history: its tournament, round and players (Black "" for
// the pairing-allocated bye).
type historyBoard struct {
	tournament   string
	round        int
	white, black string
}

// result is the result of a game of the history: given by hand, or drawn from the seed.
func (h clubHistory) result(p historyPlay, b historyBoard) string {
	if r, ok := p.results[b]; ok {
		return r
	}
	f := fnv.New64a()
	fmt.Fprint(f, h.seed, b)
	return []string{tournament.ResultWhiteWins, tournament.ResultBlackWins, tournament.ResultDraw, tournament.ResultWhiteWins,
		tournament.ResultBlackForfeit}[f.Sum64()%5]
}

// play plays the history in a new club on dialect d, and returns the club, the history's
// beginning, its tournaments' ids by name and the pairings made (by tournament and round).
func (h clubHistory) play(t *testing.T, d sqldb.Dialect, p historyPlay) (*club, time.Time, map[string]int64, map[string][][]historyBoard) {
	c := newClub(t, d, 0)
	for _, m := range h.members {
		extra := map[string]any{}
		if m.declared > 0 {
			extra["declared_rating"] = m.declared
		}
		if m.games > 0 {
			extra["declared_games"] = m.games
		}
		c.Register(m.username, "History "+m.username, extra)
	}
	begin := c.Clock.Now().Truncate(time.Second).Add(time.Hour)
	ids := map[string]int64{}
	made := map[string][][]historyBoard{}
	type step struct {
		at time.Duration
		do func()
	}
	var steps []step
	for _, ht := range h.tournaments {
		if ht.name == p.skip {
			continue
		}
		ht := ht
		steps = append(steps, step{ht.start - 30*time.Minute, func() {
			day := begin.Add(ht.start).Format(time.DateOnly)
			tr := c.create(map[string]any{"name": ht.name, "start_date": day, "rounds": historyRounds, "rated": true})
			ids[ht.name] = tr.ID
			for _, u := range ht.players {
				c.MustDo(clubtest.Req{Method: "POST", Path: tpath(tr.ID, "/players"), As: u}, http.StatusCreated)
			}
		}})
		steps = append(steps, step{ht.start, func() { c.start(ids[ht.name]) }})
		for r := 1; r <= historyRounds; r++ {
			steps = append(steps, step{ht.start + time.Duration(r)*40*time.Minute, func() {
				made[ht.name] = append(made[ht.name], c.historyRound(h, p, ht.name, ids[ht.name], r))
			}})
		}
		if ht.late != "" {
			steps = append(steps, step{ht.start + 50*time.Minute, func() {
				c.MustDo(clubtest.Req{Method: "POST", Path: tpath(ids[ht.name], "/players"), As: "org",
					Body: map[string]any{"member_id": c.IDs[ht.late], "missed_rounds": "zero"}}, http.StatusCreated)
			}})
		}
		steps = append(steps, step{ht.start + 130*time.Minute, func() { c.finish(ids[ht.name]) }})
	}
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].at < steps[j].at })
	for _, s := range steps {
		c.Clock.Set(begin.Add(s.at))
		s.do()
	}
	c.Clock.Set(begin.Add(10 * time.Hour))
	return c, begin, ids, made
}

// historyRound pairs round r of the history's tournament name (id in c), by the engine or by
// hand as p says, enters the results, and returns the round's games.
func (c *club) historyRound(h clubHistory, p historyPlay, name string, id int64, r int) []historyBoard {
	byID := map[int64]string{}
	for u, id := range c.IDs {
		byID[id] = u
	}
	var rd tournament.Round
	if pairing, ok := p.pairings[name]; ok {
		boards := []map[string]any{}
		var bye any
		for _, b := range pairing[r-1] {
			if b.black == "" {
				bye = c.IDs[b.white]
				continue
			}
			boards = append(boards, map[string]any{"white": c.IDs[b.white], "black": c.IDs[b.black]})
		}
		c.MustDo(clubtest.Req{Method: "PUT", Path: tpath(id, "/rounds/%d/pairing", r), As: "org",
			Body: map[string]any{"boards": boards, "bye": bye, "confirm": true}}, http.StatusOK).Decode(c.t, &rd)
	} else {
		rd = c.pair(id)
	}
	var games []historyBoard
	for _, b := range rd.Boards {
		g := historyBoard{name, r, byID[b.White.MemberID], byID[b.Black.MemberID]}
		c.result(id, r, b.Board, h.result(p, g))
		games = append(games, g)
	}
	for _, b := range rd.Byes {
		if b.Kind == "pairing" {
			games = append(games, historyBoard{name, r, byID[b.Player.MemberID], ""})
		}
	}
	return games
}

// ratingList is a club's rating list as a member's profile and history show it, by username
// and tournament name (ids differ between clubs).
type ratingList map[string]ratingListEntry

type ratingListEntry struct {
	Rating, RatedGames int
	Status             string
	Lines              []ratingListLine
}

type ratingListLine struct {
	Tournament            string
	Games                 int
	Score                 float64
	Before, Change, After *int
	AppliedAt             time.Time
}

// ratingList reads the rating list of the history's members.
func (c *club) ratingList(h clubHistory) ratingList {
	out := ratingList{}
	for _, m := range h.members {
		var got members.Member
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", c.IDs[m.username]), As: "root"}, http.StatusOK).Decode(c.t, &got)
		var hist []ratings.Change
		c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", c.IDs[m.username]), As: "root"}, http.StatusOK).Decode(c.t, &hist)
		e := ratingListEntry{Rating: got.Rating, RatedGames: got.RatedGames, Status: got.RatingStatus}
		for _, l := range hist {
			e.Lines = append(e.Lines, ratingListLine{l.TournamentName, l.Games, l.Score, l.RatingBefore, l.Change, l.Rating, l.AppliedAt})
		}
		out[m.username] = e
	}
	return out
}

// TestRatingsDeleteIsNever checks, over seeded histories of overlapping rated Swisses with late
// entries on both databases, that the club's rating list after a finished tournament is
// deleted equals, member by member and line by line, the list of a club that never had it;
// and that after a result of a finished tournament is corrected it equals the list of a club
// where the game ended so. The second club plays the same games: its rounds are paired by
// hand as the first club's were.
func TestRatingsDeleteIsNever(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		for seed := range uint64(3) {
			h := newClubHistory(seed)
			victim := h.tournaments[int(seed)%2].name // the first or the second: others start after it
			t.Run(fmt.Sprintf("seed %d delete", seed), func(t *testing.T) {
				a, _, ids, made := h.play(t, d, historyPlay{})
				a.MustDo(clubtest.Req{Method: "DELETE", Path: tpath(ids[victim], ""), As: "root"}, http.StatusNoContent)
				b, _, _, _ := h.play(t, d, historyPlay{skip: victim, pairings: made})
				clubtest.Diff(t, "the rating list after the deletion (-never +deleted)", a.ratingList(h), b.ratingList(h))
			})
			t.Run(fmt.Sprintf("seed %d correct", seed), func(t *testing.T) {
				a, _, ids, made := h.play(t, d, historyPlay{})
				// A game of the victim's first round, which counts for both players, ends the
				// other way.
				g := made[victim][0][0]
				turned := tournament.ResultBlackWins
				if h.result(historyPlay{}, g) == tournament.ResultBlackWins {
					turned = tournament.ResultWhiteWins
				}
				var rd tournament.Round
				a.MustDo(clubtest.Req{Method: "GET", Path: tpath(ids[victim], "/rounds/1")}, http.StatusOK).Decode(t, &rd)
				board := slices.IndexFunc(rd.Boards, func(b tournament.Board) bool { return b.White.MemberID == a.IDs[g.white] }) + 1
				a.MustDo(clubtest.Req{Method: "PUT", Path: tpath(ids[victim], "/rounds/1/boards/%d", board), As: "root",
					Body: map[string]any{"result": turned}}, http.StatusOK)
				b, _, _, _ := h.play(t, d, historyPlay{results: map[historyBoard]string{g: turned}, pairings: made})
				clubtest.Diff(t, "the rating list after the correction (-corrected from the start +corrected after)", a.ratingList(h), b.ratingList(h))
			})
		}
	})
}

// TestDeclaredRatingFrozen checks, on both databases, that a member may re-declare her
// starting rating until a rated game of hers is entered and then not (409), even while the
// tournament runs and her status is still "declared"; that her history line then gives the
// rating the change was computed from; and that the rapid list, which starts from the FIDE
// rapid rating, keeps the rating its first rated game counted with when the FIDE rating
// changes afterwards, while a member without rapid games follows the FIDE rating.
func TestDeclaredRatingFrozen(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		c.Register("ann", "Ann", map[string]any{"declared_rating": 1500})
		c.Register("bea", "Bea", map[string]any{"declared_rating": 1600})
		c.Register("cat", "Cat")
		patch := func(as, who string, body map[string]any) clubtest.Resp {
			t.Helper()
			return c.Do(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: as, Body: body})
		}
		for _, who := range []string{"ann", "bea", "cat"} {
			if res := patch("root", who, map[string]any{"fide_rating_rapid": 2000}); res.Status != http.StatusOK {
				t.Fatalf("FIDE rapid rating of %s: %d %s", who, res.Status, res.Body)
			}
		}
		// Standard: ann may re-declare after the start, until her result is entered.
		std := c.create(map[string]any{"name": "Frozen Standard", "rounds": 1, "rated": true})
		rapid := c.create(map[string]any{"name": "Frozen Rapid", "rounds": 1, "rated": true, "rating_type": "rapid"})
		for _, id := range []int64{std.ID, rapid.ID} {
			for _, u := range []string{"ann", "bea"} {
				c.MustDo(clubtest.Req{Method: "POST", Path: tpath(id, "/players"), As: u}, http.StatusCreated)
			}
			c.start(id)
			c.pair(id)
		}
		if res := patch("ann", "ann", map[string]any{"declared_rating": 1550}); res.Status != http.StatusOK {
			t.Fatalf("re-declared before a rated game: %d %s", res.Status, res.Body)
		}
		c.result(std.ID, 1, 1, tournament.ResultDraw)
		for _, body := range []map[string]any{{"declared_rating": 2400}, {"declared_rating": nil}, {"declared_games": 40}} {
			for _, as := range []string{"ann", "root"} {
				clubtest.CheckProblem(t, patch(as, "ann", body), clubtest.WantProblem{Status: 409, Slug: "conflict", Fields: slices.Collect(maps.Keys(body))})
			}
		}
		// Rapid: a result entered, the FIDE rapid rating changes; cat, without rapid games,
		// follows it.
		c.result(rapid.ID, 1, 1, tournament.ResultDraw)
		for _, who := range []string{"ann", "cat"} {
			if res := patch("root", who, map[string]any{"fide_rating_rapid": 2300}); res.Status != http.StatusOK {
				t.Fatalf("FIDE rapid rating of %s: %d %s", who, res.Status, res.Body)
			}
		}
		c.finish(std.ID)
		c.finish(rapid.ID)

		line := func(who, list string) ratings.Change {
			t.Helper()
			var hist []ratings.Change
			c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d/ratings", c.IDs[who]), As: "root"}, http.StatusOK).Decode(t, &hist)
			for _, h := range hist {
				if h.RatingType == list {
					return h
				}
			}
			t.Fatalf("%s has no %s line: %+v", who, list, hist)
			return ratings.Change{}
		}
		// K 40 (fewer than 30 games); a draw against 1600 from 1550: 40 × (0.5 − 0.43) = 2.8 → 3.
		diffValues(t, "ann's standard line", line("ann", "standard"), ratings.Change{TournamentID: std.ID, TournamentName: std.Name, RatingType: "standard",
			Games: 1, Score: 0.5, RatingBefore: ptr(1550), Change: ptr(3), Rating: ptr(1553), AppliedAt: line("ann", "standard").AppliedAt})
		// A draw between two 2000s: no change, from the FIDE rapid rating the game counted with.
		l := line("ann", "rapid")
		diffValues(t, "ann's rapid line", []any{l.RatingBefore, l.Change, l.Rating}, []any{ptr(2000), ptr(0), ptr(2000)})
		for who, want := range map[string]members.ClubRating{
			"ann": {Rating: 2000, Status: members.RatingRated, RatedGames: 1},
			"cat": {Rating: 2300, Status: members.RatingDeclared},
		} {
			var m members.Member
			c.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", c.IDs[who]), As: "root"}, http.StatusOK).Decode(t, &m)
			diffValues(t, who+"'s rapid list", m.Rapid, want)
		}
	})
}

func ptr[T any](v T) *T { return &v }
