package tournament

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/sqldb"
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
	// MemberStatus is the member's rating status on the tournament's list now (members'
	// RatingUnrated, RatingDeclared or RatingRated): it says whether a rating is declared.
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

// Load reads tournament t's players, rounds, boards and byes through q, which should be
// the transaction that read (and locked) t, so that all of it comes from one moment.
func Load(ctx context.Context, q Querier, t Tournament) (*Field, error) {
	return LoadRound(ctx, q, t, 0)
}

// LoadRound is loadField with the boards and byes of round only alone (every round's
// when only is 0): enough to show one round, at a fraction of the cost late in a long
// tournament. The other rounds have no boards or byes, and no requested bye is read.
func LoadRound(ctx context.Context, q Querier, t Tournament, only int) (*Field, error) {
	f := &Field{Tournament: t, ByID: map[int64]*Entrant{}}
	if err := f.loadPlayers(ctx, q); err != nil {
		return nil, err
	}
	if err := f.loadForbidden(ctx, q); err != nil {
		return nil, err
	}
	f.Rounds = make([]*RoundRecord, t.CurrentRound)
	rows, err := q.QueryContext(ctx, "SELECT number, paired_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", t.ID)
	if err != nil {
		return nil, fmt.Errorf("read rounds: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		r := &RoundRecord{}
		if err := rows.Scan(&r.Number, &r.PairedAt); err != nil {
			return err
		}
		if r.Number < 1 || r.Number > t.CurrentRound {
			return fmt.Errorf("round %d stored, but the current round is %d", r.Number, t.CurrentRound)
		}
		r.PairedAt = r.PairedAt.UTC()
		f.Rounds[r.Number-1] = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read rounds: %w", err)
	}
	for i, r := range f.Rounds {
		if r == nil {
			return nil, fmt.Errorf("round %d of tournament %d is missing", i+1, t.ID)
		}
	}
	if err := f.loadBoards(ctx, q, only); err != nil {
		return nil, err
	}
	if err := f.loadByes(ctx, q, only); err != nil {
		return nil, err
	}
	return f, nil
}

// roundFilter is the condition and arguments that keep the rows of round only, or every
// row when only is 0.
func roundFilter(id int64, only int) (string, []any) {
	if only == 0 {
		return "", []any{id}
	}
	return " AND round = ?", []any{id, only}
}

func (f *Field) loadPlayers(ctx context.Context, q Querier) error {
	return f.loadPlayersWhere(ctx, q, "")
}

// loadPlayersWhere reads the players that cond (an SQL condition on p, the tournament's
// players, and m, their members, with its arguments args) keeps.
func (f *Field) loadPlayersWhere(ctx context.Context, q Querier, cond string, args ...any) error {
	// The members' ratings are those of the tournament's rating type's club list.
	rating, status := ClubRatingColumns(f.Tournament.RatingType)
	rows, err := q.QueryContext(ctx, "SELECT p.member_id, m.username, m.full_name, m.guest, p.start_rank, p.rating, "+rating+", "+status+", "+
		"p.entered_at, p.first_round, p.withdrawn_after FROM tournament_players p JOIN members m ON m.id = p.member_id WHERE p.tournament_id = ?"+cond,
		append([]any{f.Tournament.ID}, args...)...)
	if err != nil {
		return fmt.Errorf("read players: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		e := &Entrant{}
		var rank, withdrawn sql.NullInt64
		var status string
		if err := rows.Scan(&e.MemberID, &e.Username, &e.FullName, &e.Guest, &rank, &e.Rating, &e.MemberRating, &status,
			&e.EnteredAt, &e.FirstRound, &withdrawn); err != nil {
			return err
		}
		e.StartRank = int(rank.Int64)
		e.MemberRated = status != members.RatingUnrated
		e.MemberStatus = status
		e.EnteredAt = e.EnteredAt.UTC()
		if withdrawn.Valid {
			n := int(withdrawn.Int64)
			e.WithdrawnAfter = &n
		}
		f.Players = append(f.Players, e)
		f.ByID[e.MemberID] = e
		return nil
	})
	if err != nil {
		return fmt.Errorf("read players: %w", err)
	}
	f.sortPlayers()
	return nil
}

// sortPlayers orders the players by start rank once they have one; before the start, in the
// order the start will give them (seedOrder).
func (f *Field) sortPlayers() {
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

func (f *Field) loadBoards(ctx context.Context, q Querier, only int) error {
	cond, args := roundFilter(f.Tournament.ID, only)
	rows, err := q.QueryContext(ctx, "SELECT "+boardColumns+" FROM tournament_boards WHERE tournament_id = ?"+cond+" ORDER BY round, board", args...)
	if err != nil {
		return fmt.Errorf("read boards: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		b, err := scanBoard(rows.Scan)
		if err != nil {
			return err
		}
		if b.Round < 1 || b.Round > len(f.Rounds) || f.ByID[b.White] == nil || f.ByID[b.Black] == nil {
			return fmt.Errorf("board %d of round %d does not fit the tournament", b.Number, b.Round)
		}
		r := f.Rounds[b.Round-1]
		r.Boards = append(r.Boards, b)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read boards: %w", err)
	}
	return nil
}

func (f *Field) loadByes(ctx context.Context, q Querier, only int) error {
	cond, args := roundFilter(f.Tournament.ID, only)
	rows, err := q.QueryContext(ctx, "SELECT round, member_id, kind, requested FROM tournament_byes WHERE tournament_id = ?"+cond+" ORDER BY round, member_id", args...)
	if err != nil {
		return fmt.Errorf("read byes: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		b := &ByeRecord{}
		var kind string
		if err := rows.Scan(&b.Round, &b.Member, &kind, &b.Requested); err != nil {
			return err
		}
		e := f.ByID[b.Member]
		if len(kind) != 1 || e == nil || b.Round < 1 {
			return fmt.Errorf("bye of member %d in round %d does not fit the tournament", b.Member, b.Round)
		}
		b.Kind = chess.Result(kind[0])
		if b.Round > len(f.Rounds) {
			if e.Requested == nil {
				e.Requested = map[int]chess.Result{}
			}
			e.Requested[b.Round] = b.Kind
			return nil
		}
		r := f.Rounds[b.Round-1]
		r.Byes = append(r.Byes, b)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read byes: %w", err)
	}
	return nil
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

// Querier is what reading a tournament needs: the pool or a transaction.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}
