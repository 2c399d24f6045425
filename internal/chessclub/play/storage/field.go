// Package storage reads tournaments from the club's database as the values of package
// tournament: a tournament's row, and its field (players, rounds, boards, byes, forbidden
// pairs), whole, one round's, or what a result on one board needs. It maps rows to values and
// nothing else: who may do what, and when, is package play's; what the rules make of a field
// is package tournament's.
//
// It must never import play, which calls it.
package storage

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// Field reads tournament t's players, rounds, boards and byes through q, which should be
// the transaction that read (and locked) t, so that all of it comes from one moment.
func Field(ctx context.Context, q Querier, t tournament.Tournament) (*tournament.Field, error) {
	return FieldRound(ctx, q, t, 0)
}

// FieldRound is Field with the boards and byes of round only alone (every round's
// when only is 0): enough to show one round, at a fraction of the cost late in a long
// tournament. The other rounds have no boards or byes, and no requested bye is read.
func FieldRound(ctx context.Context, q Querier, t tournament.Tournament, only int) (*tournament.Field, error) {
	f := &tournament.Field{Tournament: t, ByID: map[int64]*tournament.Entrant{}}
	if err := loadPlayers(ctx, q, f, ""); err != nil {
		return nil, err
	}
	if err := loadForbidden(ctx, q, f); err != nil {
		return nil, err
	}
	f.Rounds = make([]*tournament.RoundRecord, t.CurrentRound)
	rows, err := q.QueryContext(ctx, "SELECT number, paired_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", t.ID)
	if err != nil {
		return nil, fmt.Errorf("read rounds: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		r := &tournament.RoundRecord{}
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
	if err := loadBoards(ctx, q, f, only); err != nil {
		return nil, err
	}
	if err := loadByes(ctx, q, f, only); err != nil {
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

// loadPlayers reads into f the players that cond (an SQL condition on p, the tournament's
// players, and m, their members, with its arguments args; "" for all) keeps, in the order
// tournament.Field.SortPlayers gives them.
func loadPlayers(ctx context.Context, q Querier, f *tournament.Field, cond string, args ...any) error {
	// The members' ratings are those of the tournament's rating type's club list.
	rating, status := ClubRatingColumns(f.Tournament.RatingType)
	rows, err := q.QueryContext(ctx, "SELECT p.member_id, m.username, m.full_name, m.guest, p.start_rank, p.rating, "+rating+", "+status+", "+
		"p.entered_at, p.first_round, p.withdrawn_after FROM tournament_players p JOIN members m ON m.id = p.member_id WHERE p.tournament_id = ?"+cond,
		append([]any{f.Tournament.ID}, args...)...)
	if err != nil {
		return fmt.Errorf("read players: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		e := &tournament.Entrant{}
		var rank, withdrawn sql.NullInt64
		var status string
		if err := rows.Scan(&e.MemberID, &e.Username, &e.FullName, &e.Guest, &rank, &e.Rating, &e.MemberRating, &status,
			&e.EnteredAt, &e.FirstRound, &withdrawn); err != nil {
			return err
		}
		e.StartRank = int(rank.Int64)
		e.MemberRated = status != tournament.StatusUnrated
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
	f.SortPlayers()
	return nil
}

func loadBoards(ctx context.Context, q Querier, f *tournament.Field, only int) error {
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

func loadByes(ctx context.Context, q Querier, f *tournament.Field, only int) error {
	cond, args := roundFilter(f.Tournament.ID, only)
	rows, err := q.QueryContext(ctx, "SELECT round, member_id, kind, requested FROM tournament_byes WHERE tournament_id = ?"+cond+" ORDER BY round, member_id", args...)
	if err != nil {
		return fmt.Errorf("read byes: %w", err)
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		b := &tournament.ByeRecord{}
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

// FieldOfBoard reads what a result of board number of round needs, and no more: every round,
// the one board (no other board, no bye) and its two players (no other player). Setting a
// result then takes the same time in a field of 4 000 as of 10, where Field would read every
// player and board. Callers must use nothing else of the Field: its rounds are not complete
// (see PendingResults for whether one is), its players are the board's. When the round has
// no such board, the Field has none either.
func FieldOfBoard(ctx context.Context, q Querier, t tournament.Tournament, round, number int) (*tournament.Field, error) {
	f := &tournament.Field{Tournament: t, ByID: map[int64]*tournament.Entrant{}, Rounds: make([]*tournament.RoundRecord, t.CurrentRound)}
	for i := range f.Rounds {
		f.Rounds[i] = &tournament.RoundRecord{Number: i + 1}
	}
	if round < 1 || round > t.CurrentRound {
		return f, nil
	}
	r := f.Rounds[round-1]
	if err := q.QueryRowContext(ctx, "SELECT paired_at FROM tournament_rounds WHERE tournament_id = ? AND number = ?", t.ID, round).Scan(&r.PairedAt); err != nil {
		return nil, fmt.Errorf("read round %d: %w", round, err)
	}
	r.PairedAt = r.PairedAt.UTC()
	b, err := scanBoard(q.QueryRowContext(ctx, "SELECT "+boardColumns+" FROM tournament_boards WHERE tournament_id = ? AND round = ? AND board = ?",
		t.ID, round, number).Scan)
	if err == sql.ErrNoRows {
		return f, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read board %d of round %d: %w", number, round, err)
	}
	if err := loadPlayers(ctx, q, f, " AND p.member_id IN (?, ?)", b.White, b.Black); err != nil {
		return nil, err
	}
	if f.ByID[b.White] == nil || f.ByID[b.Black] == nil {
		return nil, fmt.Errorf("board %d of round %d does not fit the tournament", b.Number, b.Round)
	}
	r.Boards = []*tournament.BoardRecord{b}
	return f, nil
}

// PendingResults counts the boards of round that have no result yet: 0 when the round is
// complete (as tournament.RoundRecord.Complete says of a round Field read whole).
func PendingResults(ctx context.Context, q Querier, id int64, round int) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM tournament_boards WHERE tournament_id = ? AND round = ? AND result IS NULL", id, round).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the results of round %d: %w", round, err)
	}
	return n, nil
}

// boardColumns are the columns of tournament_boards that scanBoard reads, in its order.
const boardColumns = "round, board, white, black, result, version, game, stage"

// scanBoard reads one row of boardColumns through scan (a Row's or Rows' Scan).
func scanBoard(scan func(dest ...any) error) (*tournament.BoardRecord, error) {
	b := &tournament.BoardRecord{}
	var result sql.NullString
	if err := scan(&b.Round, &b.Number, &b.White, &b.Black, &result, &b.Version, &b.Game, &b.Stage); err != nil {
		return nil, err
	}
	b.Result = sqldb.StringPtr(result)
	return b, nil
}

// loadForbidden reads into f the tournament's forbidden pairs, in the order of their players.
func loadForbidden(ctx context.Context, q Querier, f *tournament.Field) error {
	rows, err := q.QueryContext(ctx, "SELECT member_a, member_b, from_round, to_round FROM tournament_forbidden_pairs WHERE tournament_id = ? ORDER BY member_a, member_b", f.Tournament.ID)
	if err != nil {
		return fmt.Errorf("read forbidden pairs: %w", err)
	}
	f.Forbidden = nil
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var p tournament.ForbiddenPair
		var to sql.NullInt64
		if err := rows.Scan(&p.A, &p.B, &p.FromRound, &to); err != nil {
			return err
		}
		if to.Valid {
			r := int(to.Int64)
			p.ToRound = &r
		}
		f.Forbidden = append(f.Forbidden, p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read forbidden pairs: %w", err)
	}
	return nil
}

// ClubRatingColumns are SQL expressions over a member (table alias m) of their rating on the
// club list of a rating type (the club keeps one a type, like FIDE), and its status. On the
// rapid and blitz lists a member not yet rated there counts with the rating the list starts
// them from (their FIDE rating of that type, as declared: rapid_declared, blitz_declared),
// when they have one: that is where those lists start from (package ratings).
func ClubRatingColumns(ratingType string) (rating, status string) {
	var prefix, start string
	switch ratingType {
	case tournament.RatingRapid:
		prefix, start = "m.rapid_", "m.rapid_declared"
	case tournament.RatingBlitz:
		prefix, start = "m.blitz_", "m.blitz_declared"
	default:
		return "m.rating", "m.rating_status"
	}
	unrated := prefix + "status = 'unrated'"
	return "CASE WHEN " + unrated + " AND " + start + " IS NOT NULL THEN " + start + " ELSE " + prefix + "rating END",
		"CASE WHEN " + unrated + " AND " + start + " IS NOT NULL THEN 'declared' ELSE " + prefix + "status END"
}

// Querier is what reading a tournament needs: the pool or a transaction.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}
