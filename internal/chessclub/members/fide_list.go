package members

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"

	"campus.example/apps/internal/chess/ratinglist"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// MaxFIDEListBytes is the largest rating list the API takes (POST /api/admin/fide-ratings):
// FIDE's combined list of every player, the largest, is under 200 MB. The list is read as it
// arrives, never held, so the limit bounds the upload's time, not memory; the command line
// (chessclub fide-ratings) has none.
const MaxFIDEListBytes = 256 << 20

// FIDEListChange is what a FIDE rating list changed of one member: the fields (by their
// JSON names) before and after.
type FIDEListChange struct {
	MemberID int64          `json:"member_id"`
	Username string         `json:"username"`
	FullName string         `json:"full_name"`
	FIDEID   int64          `json:"fide_id"`
	Before   map[string]any `json:"before"`
	After    map[string]any `json:"after"`
}

// FIDEListResult is what applying a FIDE rating list did.
type FIDEListResult struct {
	// Types are the rating types the list carries: one for a single list, all three for
	// the combined one.
	Types []string `json:"types"`
	// Players is the number of players the list holds; Matched the members found in it by
	// their FIDE id.
	Players int `json:"players"`
	Matched int `json:"matched"`
	// Changes are the members whose FIDE ratings or title changed, by id.
	Changes []FIDEListChange `json:"changes"`
	// Skipped are the members, by id, whose FIDE id was set or changed while the list was
	// read, to one it was not searched for: nothing of theirs changed. Apply the list again
	// to give them its ratings.
	Skipped []FIDEListMember `json:"skipped"`
}

// FIDEListMember names a member in a FIDEListResult.
type FIDEListMember struct {
	MemberID int64  `json:"member_id"`
	Username string `json:"username"`
	FullName string `json:"full_name"`
	FIDEID   int64  `json:"fide_id"`
}

// listMember is a member with a FIDE id, as a list import compares them.
type listMember struct {
	id                 int64
	username, fullName string
	fideID             int64
	title              *string
	ratings            map[string]*int
}

// ApplyFIDEList reads a FIDE rating list from r (single: the rating type of a single list,
// which its header does not name) and sets, for every member (guests aside) whose FIDE id is
// in it, the FIDE ratings of the types the list carries (none for a type the player has no
// rating of) and their title (the open title, else the women's title; none when the list
// gives neither), recording each member's change in the audit trail on behalf of by. The
// list is streamed: only the records of the FIDE ids the club's members had when it began
// are held, and the lines of other players are read no further than their id.
//
// A list takes as long to arrive as its upload (up to MaxFIDEListBytes), and members change
// their records meanwhile: each change is made against the member as she is in the writing
// transaction, which locks the members' rows, so that the audit's "before" is what was
// overwritten and a member whose FIDE id changed meanwhile gets the record of the id she has
// now, or, when the list was not searched for that id, nothing (Skipped). Nothing changes
// unless the whole list reads: a line that does not is an Invalid problem naming it.
func (s *Store) ApplyFIDEList(ctx context.Context, r io.Reader, single string, by audit.Actor) (FIDEListResult, error) {
	wanted, err := s.fideIDs(ctx)
	if err != nil {
		return FIDEListResult{}, err
	}
	rd, err := ratinglist.NewReader(r, single)
	if err != nil {
		return FIDEListResult{}, listProblem(err)
	}
	res := FIDEListResult{Types: rd.Types(), Changes: []FIDEListChange{}, Skipped: []FIDEListMember{}}
	found := map[int64]ratinglist.Record{}
	for {
		id, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return FIDEListResult{}, listProblem(err)
		}
		res.Players++
		if _, ok := wanted[id]; !ok {
			continue
		}
		rec, err := rd.Record(id)
		if err != nil {
			return FIDEListResult{}, listProblem(err)
		}
		if err := checkListRatings(rec, rd.Types()); err != nil {
			return FIDEListResult{}, err
		}
		found[id] = rec
	}
	err = s.db.Transact(ctx, func(tx *sql.Tx) error {
		res.Matched, res.Changes, res.Skipped = 0, res.Changes[:0], res.Skipped[:0]
		club, err := s.listMembers(ctx, tx)
		if err != nil {
			return err
		}
		now := s.now()
		for _, m := range club {
			rec, inList := found[m.fideID]
			if _, searched := wanted[m.fideID]; !searched {
				res.Skipped = append(res.Skipped, FIDEListMember{MemberID: m.id, Username: m.username, FullName: m.fullName, FIDEID: m.fideID})
				continue
			}
			if !inList {
				continue
			}
			res.Matched++
			c := listChange(m, rec, rd.Types())
			if len(c.After) == 0 {
				continue
			}
			res.Changes = append(res.Changes, c)
			if err := applyListChange(ctx, tx, c); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, now, audit.Change{Actor: by, Member: c.MemberID, Action: audit.FIDEListApplied, Subject: c.Username,
				Before: c.Before, After: c.After}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return FIDEListResult{}, err
	}
	return res, nil
}

// listTitle is the title a list gives a player, as a TRF player record carries it: the open
// title, else the women's title; nil for neither (or for one TRF does not name).
func listTitle(rec ratinglist.Record) *string {
	for _, t := range []string{rec.Title, rec.WomanTitle} {
		if ValidTitle(t) {
			return &t
		}
	}
	return nil
}

// checkListRatings returns an Invalid problem when the list gives rec a rating no FIDE list
// has: the club keeps only FIDE ratings from MinFIDERating to MaxFIDERating.
func checkListRatings(rec ratinglist.Record, types []string) error {
	for _, typ := range types {
		if n := rec.Ratings[typ]; n != 0 && (n < MinFIDERating || n > MaxFIDERating) {
			return problem.New(problem.Invalid, "The list gives FIDE id %d a %s rating of %d; a FIDE rating is from %d to %d.", rec.ID, typ, n, MinFIDERating, MaxFIDERating)
		}
	}
	return nil
}

// listChange compares member m with their record in the list, whose ratings
// checkListRatings has passed.
func listChange(m listMember, rec ratinglist.Record, types []string) FIDEListChange {
	c := FIDEListChange{MemberID: m.id, Username: m.username, FullName: m.fullName, FIDEID: m.fideID, Before: map[string]any{}, After: map[string]any{}}
	for _, typ := range types {
		var after *int
		if n := rec.Ratings[typ]; n != 0 {
			after = &n
		}
		if !equalInt(m.ratings[typ], after) {
			name := "fide_rating_" + typ
			c.Before[name], c.After[name] = m.ratings[typ], after
		}
	}
	if title := listTitle(rec); !equalString(m.title, title) {
		c.Before["title"], c.After["title"] = m.title, title
	}
	return c
}

// applyListChange writes a change in tx.
func applyListChange(ctx context.Context, tx *sql.Tx, c FIDEListChange) error {
	columns := map[string]string{"fide_rating_standard": "fide_standard", "fide_rating_rapid": "fide_rapid", "fide_rating_blitz": "fide_blitz", "title": "title"}
	for name, v := range c.After {
		if _, err := tx.ExecContext(ctx, "UPDATE members SET "+columns[name]+" = ? WHERE id = ?", v, c.MemberID); err != nil {
			return fmt.Errorf("apply the FIDE list to member %d: %w", c.MemberID, err)
		}
	}
	return startClubLists(ctx, tx, c.MemberID)
}

// fideIDs reads the FIDE ids of the members (guests aside): those whose records a list's
// application holds.
func (s *Store) fideIDs(ctx context.Context) (map[int64]struct{}, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT DISTINCT fide_id FROM members WHERE fide_id IS NOT NULL AND guest = 0")
	if err != nil {
		return nil, fmt.Errorf("read members' FIDE ids: %w", err)
	}
	out := map[int64]struct{}{}
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		out[id] = struct{}{}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read members' FIDE ids: %w", err)
	}
	return out, nil
}

// listMembers reads in tx the members (guests aside) who have a FIDE id, by member id,
// locking their rows until tx ends.
func (s *Store) listMembers(ctx context.Context, tx *sql.Tx) ([]listMember, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, username, full_name, fide_id, title, fide_standard, fide_rapid, fide_blitz FROM members "+
		"WHERE fide_id IS NOT NULL AND guest = 0 ORDER BY id"+s.db.Dialect.ForUpdate())
	if err != nil {
		return nil, fmt.Errorf("read members' FIDE ids: %w", err)
	}
	var out []listMember
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var m listMember
		var title sql.NullString
		var std, rapid, blitz sql.NullInt64
		if err := rows.Scan(&m.id, &m.username, &m.fullName, &m.fideID, &title, &std, &rapid, &blitz); err != nil {
			return err
		}
		if title.Valid {
			m.title = &title.String
		}
		m.ratings = map[string]*int{ratinglist.Standard: intPtr(std), ratinglist.Rapid: intPtr(rapid), ratinglist.Blitz: intPtr(blitz)}
		out = append(out, m)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read members' FIDE ids: %w", err)
	}
	return out, nil
}

// listProblem makes a list's syntax error an Invalid problem naming its line, and a list
// that could not be read at all (a body cut short) a Malformed one; a body over its limit
// stays an *http.MaxBytesError, for the handler to say so.
func listProblem(err error) error {
	var se *ratinglist.SyntaxError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &se):
		return problem.New(problem.Invalid, "This is not a FIDE rating list that can be read: %s.", se.Error())
	case errors.As(err, &tooBig):
		return err
	}
	return &problem.Error{Kind: problem.Malformed, Detail: "The rating list could not be read.", Err: err}
}

func intPtr(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

func equalInt(a, b *int) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func equalString(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
