// Package ratings keeps the club's ratings. The rating list is a pure function of the rated
// tournaments in the order they finished (Replay, replay.go): whenever one finishes, has a
// result corrected, is made rated or unrated, or is deleted, the store computes the whole list
// again and writes what changed, saying on each history line it changes when and why
// (store.go); a member's history is read by History (history.go).
//
// It must never import play, which calls it, or the club's other packages but members, whose
// rating states it uses; it reads and writes the members' rating columns directly.
package ratings

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"time"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// Store computes and reads ratings in the database. It is safe for concurrent use.
type Store struct{ db *sqldb.DB }

// NewStore returns a store over db, which must hold the Chess Club's migrated schema.
func NewStore(db *sqldb.DB) *Store { return &Store{db: db} }

// Loader reads a tournament with everything in it, in tx: package play's, which knows how
// tournaments are stored.
type Loader func(ctx context.Context, tx *sql.Tx, id int64) (*tournament.Field, error)

// ratingColumns are the members' columns of each rating type's club list: rating, status,
// rated games and whether the rating ever reached 2400.
var ratingColumns = map[string][4]string{
	tournament.RatingStandard: {"rating", "rating_status", "rated_games", "reached_2400"},
	tournament.RatingRapid:    {"rapid_rating", "rapid_status", "rapid_games", "rapid_reached_2400"},
	tournament.RatingBlitz:    {"blitz_rating", "blitz_status", "blitz_games", "blitz_reached_2400"},
}

// Recompute replays the club's three rating lists (standard, rapid, blitz) in tx, each from
// every finished rated tournament of its rating type (Replay), and writes what differs from
// what is stored: the members' ratings, and their history, where a line that changes records
// now and reason, a line of a tournament that no longer counts goes, and a new line comes in.
// A declared rating starts the standard list; the rapid and blitz lists start from the
// member's FIDE rating of that type as it was when their first rated game of it was entered
// (rapid_declared, blitz_declared: members.startClubLists), as a declared rating resting on
// no games, or unrated without one. Replays take turns across replicas (the row of rating_replay). It returns
// the number of history lines of tournament id, the one whose change asked for the replay (0
// when it no longer counts).
func (s *Store) Recompute(ctx context.Context, tx *sql.Tx, id int64, reason string, now time.Time, load Loader) (int, error) {
	if _, err := tx.ExecContext(ctx, "UPDATE rating_replay SET replayed_at = ? WHERE id = 1", now); err != nil {
		return 0, fmt.Errorf("replay ratings: %w", err)
	}
	bases, stored, starts, err := s.members(ctx, tx)
	if err != nil {
		return 0, err
	}
	var lines []Line
	for _, typ := range tournament.RatingTypes {
		events, err := s.events(ctx, tx, load, typ)
		if err != nil {
			return 0, err
		}
		typeBases := bases
		if typ != tournament.RatingStandard {
			typeBases = make([]Base, len(bases))
			for i, b := range bases {
				typeBases[i] = Base{Member: b.Member, Declared: starts[typ][b.Member], BirthYear: b.BirthYear}
			}
		}
		states, typeLines, err := Replay(typeBases, events)
		if err != nil {
			return 0, err
		}
		cols := ratingColumns[typ]
		for member, st := range states {
			if stored[typ][member] == st.stored() {
				continue
			}
			if _, err := tx.ExecContext(ctx, "UPDATE members SET "+cols[0]+" = ?, "+cols[1]+" = ?, "+cols[2]+" = ?, "+cols[3]+" = ? WHERE id = ?",
				st.Rating, st.Status, st.RatedGames, st.Reached2400, member); err != nil {
				return 0, fmt.Errorf("replay ratings: member %d: %w", member, err)
			}
		}
		lines = append(lines, typeLines...)
	}
	return s.writeHistory(ctx, tx, lines, id, reason, now)
}

// storedState is what the members table keeps of a State.
type storedState struct {
	rating      int
	status      string
	ratedGames  int
	reached2400 bool
}

func (st State) stored() storedState {
	return storedState{rating: st.Rating, status: st.Status, ratedGames: st.RatedGames, reached2400: st.Reached2400}
}

// members reads every member's base, and the rating columns of each list as they are,
// locking the rows (on MySQL) so that no declared rating changes while the replay runs.
// Guests, the players of imported tournaments, are not members and have no rating.
func (s *Store) members(ctx context.Context, tx *sql.Tx) ([]Base, map[string]map[int64]storedState, map[string]map[int64]int, error) {
	q := "SELECT id, declared_rating, declared_games, birth_year, rapid_declared, blitz_declared"
	for _, typ := range tournament.RatingTypes {
		c := ratingColumns[typ]
		q += ", " + c[0] + ", " + c[1] + ", " + c[2] + ", " + c[3]
	}
	rows, err := tx.QueryContext(ctx, q+" FROM members WHERE guest = 0 ORDER BY id"+s.db.Dialect.ForUpdate())
	if err != nil {
		return nil, nil, nil, fmt.Errorf("replay ratings: read members: %w", err)
	}
	starts := map[string]map[int64]int{tournament.RatingRapid: {}, tournament.RatingBlitz: {}}
	var bases []Base
	stored := map[string]map[int64]storedState{}
	for _, typ := range tournament.RatingTypes {
		stored[typ] = map[int64]storedState{}
	}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var b Base
		var declared, birthYear, rapidStart, blitzStart sql.NullInt64
		var st [3]storedState
		if err := rows.Scan(&b.Member, &declared, &b.Games, &birthYear, &rapidStart, &blitzStart, &st[0].rating, &st[0].status, &st[0].ratedGames, &st[0].reached2400,
			&st[1].rating, &st[1].status, &st[1].ratedGames, &st[1].reached2400, &st[2].rating, &st[2].status, &st[2].ratedGames, &st[2].reached2400); err != nil {
			return err
		}
		b.Declared, b.BirthYear = int(declared.Int64), int(birthYear.Int64)
		starts[tournament.RatingRapid][b.Member], starts[tournament.RatingBlitz][b.Member] = int(rapidStart.Int64), int(blitzStart.Int64)
		bases = append(bases, b)
		for i, typ := range tournament.RatingTypes {
			stored[typ][b.Member] = st[i]
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("replay ratings: read members: %w", err)
	}
	return bases, stored, starts, nil
}

// events reads every finished rated tournament of a rating type, in the order they
// finished, with the games of its players that count: rated games against rated opponents,
// played over the board. Rapid and blitz games are rated on lists of their own (FIDE B.02).
func (s *Store) events(ctx context.Context, tx *sql.Tx, load Loader, ratingType string) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id FROM tournaments WHERE rated = 1 AND state = 'finished' AND rating_type = ? ORDER BY finished_at, id", ratingType)
	if err != nil {
		return nil, fmt.Errorf("replay ratings: read tournaments: %w", err)
	}
	var ids []int64
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		ids = append(ids, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("replay ratings: read tournaments: %w", err)
	}
	events := make([]Event, 0, len(ids))
	for _, id := range ids {
		f, err := load(ctx, tx, id)
		if err != nil {
			return nil, err
		}
		events = append(events, eventOf(f))
	}
	return events, nil
}

// eventOf is what the replay needs of a finished tournament: its members, when each one's
// rating was fixed (the start, or a late entry), and their games played over the board, each
// against a member opponent or a guest with the rating the tournament gave them.
func eventOf(f *tournament.Field) Event {
	t := f.Tournament
	year, _ := strconv.Atoi(string(t.EndDate)[:4])
	ev := Event{Tournament: t.ID, Name: t.Name, Year: year}
	if t.FinishedAt != nil {
		ev.FinishedAt = *t.FinishedAt
	}
	var started time.Time
	if t.StartedAt != nil {
		started = *t.StartedAt
	}
	records := f.Records(len(f.Rounds))
	byRank := f.ByStartRank()
	for _, e := range f.Players {
		if e.Guest {
			continue
		}
		p := Participant{Member: e.MemberID, FixedAt: started}
		if e.EnteredAt.After(started) {
			p.FixedAt = e.EnteredAt
		}
		for _, rd := range records[e.MemberID] {
			if rd.Opponent == 0 || !rd.Result.Rated() {
				continue
			}
			g := Game{Result: rd.Result}
			if opp := byRank[rd.Opponent]; opp.Guest {
				g.GuestRating = opp.Rating
			} else {
				g.Opponent = opp.MemberID
			}
			p.Games = append(p.Games, g)
		}
		ev.Players = append(ev.Players, p)
	}
	return ev
}

// historyKey names one line of the history.
type historyKey struct{ member, tournament int64 }

// writeHistory makes rating_history hold lines, and returns how many of them are of
// tournament id.
func (s *Store) writeHistory(ctx context.Context, tx *sql.Tx, lines []Line, id int64, reason string, now time.Time) (int, error) {
	stored, err := s.storedLines(ctx, tx)
	if err != nil {
		return 0, err
	}
	ofID := 0
	for _, l := range lines {
		if l.Tournament == id {
			ofID++
		}
		k := historyKey{l.Member, l.Tournament}
		old, had := stored[k]
		delete(stored, k)
		switch {
		case !had:
			_, err = tx.ExecContext(ctx, "INSERT INTO rating_history (member_id, tournament_id, tournament_name, games, score_halves, rating_before, rating_change, rating_after, applied_at) "+
				"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", l.Member, l.Tournament, l.Name, l.Games, int(l.Score), l.Before, l.Change, l.After, l.AppliedAt)
		case !old.sameAs(l):
			_, err = tx.ExecContext(ctx, "UPDATE rating_history SET tournament_name = ?, games = ?, score_halves = ?, rating_before = ?, rating_change = ?, rating_after = ?, "+
				"applied_at = ?, recomputed_at = ?, recompute_reason = ? WHERE member_id = ? AND tournament_id = ?",
				l.Name, l.Games, int(l.Score), l.Before, l.Change, l.After, l.AppliedAt, now, reason, l.Member, l.Tournament)
		}
		if err != nil {
			return 0, fmt.Errorf("replay ratings: history of member %d: %w", l.Member, err)
		}
	}
	gone := make([]historyKey, 0, len(stored))
	for k := range stored {
		gone = append(gone, k)
	}
	slices.SortFunc(gone, func(a, b historyKey) int {
		if a.member != b.member {
			return int(a.member - b.member)
		}
		return int(a.tournament - b.tournament)
	})
	for _, k := range gone {
		if _, err := tx.ExecContext(ctx, "DELETE FROM rating_history WHERE member_id = ? AND tournament_id = ?", k.member, k.tournament); err != nil {
			return 0, fmt.Errorf("replay ratings: history of member %d: %w", k.member, err)
		}
	}
	return ofID, nil
}

// storedLine is a history line as rating_history holds it.
type storedLine struct {
	name                  string
	games, halves         int
	before, change, after sql.NullInt64
	appliedAt             time.Time
}

// sameAs reports whether the stored line says what l says.
func (o storedLine) sameAs(l Line) bool {
	return o.name == l.Name && o.games == l.Games && o.halves == int(l.Score) && sameInt(o.before, l.Before) &&
		sameInt(o.change, l.Change) && sameInt(o.after, l.After) && o.appliedAt.Equal(l.AppliedAt)
}

func sameInt(n sql.NullInt64, p *int) bool {
	if p == nil {
		return !n.Valid
	}
	return n.Valid && int(n.Int64) == *p
}

func (s *Store) storedLines(ctx context.Context, tx *sql.Tx) (map[historyKey]storedLine, error) {
	rows, err := tx.QueryContext(ctx, "SELECT member_id, tournament_id, tournament_name, games, score_halves, rating_before, rating_change, rating_after, applied_at FROM rating_history")
	if err != nil {
		return nil, fmt.Errorf("replay ratings: read history: %w", err)
	}
	out := map[historyKey]storedLine{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var k historyKey
		var l storedLine
		if err := rows.Scan(&k.member, &k.tournament, &l.name, &l.games, &l.halves, &l.before, &l.change, &l.after, &l.appliedAt); err != nil {
			return err
		}
		out[k] = l
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay ratings: read history: %w", err)
	}
	return out, nil
}
