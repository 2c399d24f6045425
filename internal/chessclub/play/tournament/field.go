package tournament

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
)

// Field is a tournament with everything in it, read in one go: its players, its rounds with
// their boards and byes, and the byes asked for rounds not paired yet. Pairing, standings,
// the crosstable and the TRF file are all computed from it. It is a plain value, read for
// one request and thrown away.
type Field struct {
	Tournament Tournament
	Players    []*Entrant // by start rank once started; before, in entry order
	ByID       map[int64]*Entrant
	Rounds     []*RoundRecord // rounds[r-1] is round r, for r = 1..t.CurrentRound
	// Forbidden are the pairs of players who must not meet (forbidden.go).
	Forbidden []ForbiddenPair
}

// A member's rating statuses on a club list, as package members keeps them: unrated (the
// rating is a placeholder nothing counts with), declared (a starting rating the member gave)
// and rated (from rated games).
const (
	StatusUnrated  = "unrated"
	StatusDeclared = "declared"
	StatusRated    = "rated"
)

// Entrant is one player of a tournament.
type Entrant struct {
	MemberID int64
	Username string
	FullName string
	Guest    bool
	// StartRank is the pairing number, 0 until the tournament starts.
	StartRank int
	// Rating is the rating the tournament counts with, fixed at the start (or at a late
	// entry); 0 for an unrated player. Before the start it is 0, and memberRating and
	// memberRated say what it will be.
	Rating       int
	MemberRating int
	MemberRated  bool
	// MemberStatus is the member's rating status on the tournament's list now
	// (StatusUnrated, StatusDeclared or StatusRated): it says whether a rating is declared.
	MemberStatus string
	EnteredAt    time.Time
	// FirstRound is the first round the player could be paired in: 1, or the round after
	// the last one paired when they entered late.
	FirstRound int
	// WithdrawnAfter is the last round of a player who withdrew; nil while they play on.
	WithdrawnAfter *int
	// Requested holds the byes asked for rounds not paired yet, by round: H or Z.
	Requested map[int]chess.Result
}

// Active reports whether the player is still to be paired in round r.
func (e *Entrant) Active(r int) bool {
	return e.WithdrawnAfter == nil || *e.WithdrawnAfter >= r
}

// RoundRecord is one paired RoundRecord.
type RoundRecord struct {
	Number   int
	PairedAt time.Time
	Boards   []*BoardRecord
	Byes     []*ByeRecord
}

// BoardRecord is one game of a round.
type BoardRecord struct {
	Round, Number int
	White, Black  int64
	// Result is nil until it is reported.
	Result  *string
	Version int64
	// Game is the game's number within its knockout match (from 1) and Stage its stage
	// (knockout.Classical or a tie-break stage); any other board is game 1, classical.
	Game  int
	Stage knockout.Stage
}

// ByeRecord is a round in which a player had no game.
type ByeRecord struct {
	Round  int
	Member int64
	// Kind is chess.PairingBye, HalfBye, FullBye or ZeroBye.
	Kind      chess.Result
	Requested bool
}

// Complete reports whether every board of the round has its result.
func (r *RoundRecord) Complete() bool {
	for _, b := range r.Boards {
		if b.Result == nil {
			return false
		}
	}
	return true
}

// SortPlayers orders the players by start rank once they have one; before the start, in the
// order the start will give them (seedOrder).
func (f *Field) SortPlayers() {
	if f.Tournament.State == StateOpen {
		slices.SortFunc(f.Players, seedOrder)
		return
	}
	slices.SortFunc(f.Players, func(a, b *Entrant) int { return cmp.Compare(a.StartRank, b.StartRank) })
}

// seedOrder is the order of the pairing numbers given at the start: by rating, highest
// first, unrated players last (C.04.2 A.1's initial ranking, by rating), then by name
// without regard to case, then by member id so that the order is total.
func seedOrder(a, b *Entrant) int {
	ra, rb := a.seedRating(), b.seedRating()
	if c := cmp.Compare(rb, ra); c != 0 {
		return c
	}
	if c := strings.Compare(strings.ToLower(a.FullName), strings.ToLower(b.FullName)); c != 0 {
		return c
	}
	return cmp.Compare(a.MemberID, b.MemberID)
}

// seedRating is the rating that orders the player at the start: the member's rating when
// rated or declared, else 0.
func (e *Entrant) seedRating() int {
	if e.MemberRated {
		return e.MemberRating
	}
	return 0
}

// Records returns every player's rounds 1..k as the chess rules see them (opponents by
// start rank), by member id. A round with neither a board nor a bye for a player is one they
// were not in: a knockout's players after they were knocked out. A knockout of matches has
// one record per match (matchRecords).
func (f *Field) Records(k int) map[int64][]chess.Round {
	if f.Tournament.Matches() {
		return f.matchRecords(k)
	}
	out := make(map[int64][]chess.Round, len(f.Players))
	for _, e := range f.Players {
		out[e.MemberID] = make([]chess.Round, 0, k)
	}
	for _, r := range f.Rounds[:k] {
		for _, b := range r.Boards {
			w, bl := f.ByID[b.White], f.ByID[b.Black]
			o := pending
			if b.Result != nil {
				o = Outcomes[*b.Result]
			}
			out[w.MemberID] = setRound(out[w.MemberID], r.Number, chess.Round{Opponent: bl.StartRank, Colour: chess.White, Result: o.White})
			out[bl.MemberID] = setRound(out[bl.MemberID], r.Number, chess.Round{Opponent: w.StartRank, Colour: chess.Black, Result: o.Black})
		}
		for _, b := range r.Byes {
			out[b.Member] = setRound(out[b.Member], r.Number, chess.Round{Result: b.Kind})
		}
	}
	return out
}

// pending is the outcome of a board without a result: paired, not yet played.
var pending = Outcome{White: chess.NoResult, Black: chess.NoResult}

// setRound puts x at round r (from 1) of rounds, filling rounds the player was not in with
// zero-point byes (absent).
func setRound(rounds []chess.Round, r int, x chess.Round) []chess.Round {
	for len(rounds) < r-1 {
		rounds = append(rounds, chess.Round{Result: chess.ZeroBye})
	}
	if len(rounds) == r-1 {
		return append(rounds, x)
	}
	rounds[r-1] = x
	return rounds
}

// lastComplete returns the last round k such that rounds 1..k have all their results.
func (f *Field) lastComplete() int {
	for i, r := range f.Rounds {
		if !r.Complete() {
			return i
		}
	}
	return len(f.Rounds)
}

// TotalRounds is the number of rounds the tournament will have, 0 when not known.
func (f *Field) TotalRounds() int {
	if f.Tournament.Rounds == nil {
		return 0
	}
	return *f.Tournament.Rounds
}

// MissingResults counts the boards of the last round paired that have no result.
func (f *Field) MissingResults() int {
	if len(f.Rounds) == 0 {
		return 0
	}
	n := 0
	for _, b := range f.Rounds[len(f.Rounds)-1].Boards {
		if b.Result == nil {
			n++
		}
	}
	return n
}

// Board returns Board number n of the round, or nil.
func (r *RoundRecord) Board(n int) *BoardRecord {
	if n >= 1 && n <= len(r.Boards) && r.Boards[n-1].Number == n {
		return r.Boards[n-1]
	}
	for _, b := range r.Boards {
		if b.Number == n {
			return b
		}
	}
	return nil
}
