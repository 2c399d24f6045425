package creatures

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// MaxLimit is the largest page a client may ask for; without limit the whole list streams.
const MaxLimit = 1000

// ListOptions selects and orders creatures for a list.
type ListOptions struct {
	// Limit is the page size; 0 means no limit.
	Limit  int
	Offset int
	// Sort is a column; Desc reverses it. Ties are broken by id ascending.
	Sort string
	Desc bool
	// Species matches exactly, ignoring case; Query is a case-insensitive substring of name or
	// description. Empty means no filter.
	Species string
	Query   string
	// Paged is true when the client gave limit or offset, which asks for paging headers.
	Paged bool
}

// ListParameters are the query parameters of GET /creatures.
var ListParameters = []string{"limit", "offset", "sort", "species", "q"}

// sortColumns maps the sort keys a client may use to columns.
var sortColumns = map[string]string{
	"id": "id", "name": "name_key", "species": "species", "danger_level": "danger_level",
	"created_at": "created_at", "updated_at": "updated_at",
}

// ParseListOptions reads list options from a query string. Unknown, repeated or malformed
// options are a Malformed problem, so a typo never silently returns the wrong list.
func ParseListOptions(q url.Values) (ListOptions, error) {
	opts := ListOptions{Sort: "id"}
	bad := map[string]string{}
	for key, vals := range q {
		if len(vals) > 1 {
			bad[key] = "must be given once"
			continue
		}
		v := vals[0]
		switch key {
		case "limit":
			opts.Limit = parseBound(bad, key, v, 1, MaxLimit)
			opts.Paged = true
		case "offset":
			opts.Offset = parseBound(bad, key, v, 0, math.MaxInt32)
			opts.Paged = true
		case "sort":
			opts.Desc = strings.HasPrefix(v, "-")
			col := strings.TrimPrefix(v, "-")
			if _, ok := sortColumns[col]; !ok {
				bad[key] = "must be one of id, name, species, danger_level, created_at, updated_at, optionally prefixed by -"
			}
			opts.Sort = col
		case "species":
			opts.Species = textOption(bad, key, v, MaxSpecies)
		case "q":
			opts.Query = textOption(bad, key, v, MaxName)
		default:
			bad[key] = "is not a known option (limit, offset, sort, species, q)"
		}
	}
	if len(bad) > 0 {
		return ListOptions{}, &problem.Error{Kind: problem.Malformed, Detail: "The list options are not valid.", Fields: bad}
	}
	return opts, nil
}

func parseBound(bad map[string]string, key, v string, lo, hi int) int {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		bad[key] = fmt.Sprintf("must be an integer from %d to %d", lo, hi)
	}
	return n
}

func textOption(bad map[string]string, key, v string, maxLen int) string {
	v = strings.TrimSpace(v)
	if v == "" || !utf8.ValidString(v) || utf8.RuneCountInString(v) > maxLen {
		bad[key] = fmt.Sprintf("must be 1 to %d characters", maxLen)
	}
	return v
}

// where returns the filter clause and its arguments.
func (s *Store) where(opts ListOptions) (string, []any) {
	// Both sides are folded by Go: the query here, the columns' *_key twins when the row was
	// written. Folding a column in SQL would use the database's own case tables, and MariaDB's
	// disagree with Go's on newer letters.
	var conds []string
	var args []any
	if opts.Species != "" {
		conds = append(conds, "species_key = ?")
		args = append(args, sqldb.Fold(opts.Species))
	}
	if opts.Query != "" {
		pattern := "%" + escapeLike(sqldb.Fold(opts.Query)) + "%"
		conds = append(conds, "(name_key LIKE ? ESCAPE '!' OR description_key LIKE ? ESCAPE '!')")
		args = append(args, pattern, pattern)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// escapeLike makes a search text literal inside a LIKE pattern whose escape character is "!".
func escapeLike(s string) string {
	return strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(s)
}

// Count returns how many creatures match the options' filters.
func (s *Store) Count(ctx context.Context, opts ListOptions) (int, error) {
	where, args := s.where(opts)
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+s.table+where, args...).Scan(&n)
	return n, err
}

// List calls yield with the JSON object of each creature that matches opts, in order,
// reading rows from the database as yield consumes them: memory stays flat however large the
// table. The bytes are valid only during the call. It stops at the first error from yield and
// returns it.
//
// The rows are read as text (listColumns) and written out as they are: parsing the stored
// timestamps into time.Time and encoding them again took about a quarter of a list's time.
func (s *Store) List(ctx context.Context, opts ListOptions, yield func(object []byte) error) error {
	where, args := s.where(opts)
	dir := ""
	if opts.Desc {
		dir = " DESC"
	}
	query := "SELECT " + s.listCols + " FROM " + s.table + where + " ORDER BY " + sortColumns[opts.Sort] + dir
	if opts.Sort != "id" {
		query += ", id"
	}
	if opts.Limit > 0 || opts.Offset > 0 {
		limit := opts.Limit
		if limit == 0 {
			limit = math.MaxInt32
		}
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, opts.Offset)
	}
	var r row
	var buf []byte
	var yieldErr error // returned as it is; the database's errors say they come from the list
	encode := func() (err error) {
		if buf, err = r.appendJSON(buf[:0]); err != nil {
			return fmt.Errorf("creature %d: %w", r.id, err)
		}
		yieldErr = yield(buf)
		return yieldErr
	}
	var err error
	if direct := s.db.Direct(); direct != nil {
		err = eachDirectRow(ctx, direct, query, args, &r, encode)
	} else if rows, qerr := s.db.QueryContext(ctx, query, args...); qerr != nil {
		err = qerr
	} else {
		err = eachRow(rows, &r, encode)
	}
	if err != nil && err != yieldErr {
		return fmt.Errorf("list creatures: %w", err)
	}
	return err
}

// listColumns returns the columns the list reads, in row's order. The timestamps come as
// text that appendTimestamp writes out without parsing in the common case: SQLite's as stored,
// read through sqlitedirect (the CAST makes any other value another program stored text too,
// which appendTimestamp then refuses as not a date and time). MariaDB's come as the driver
// decodes them (cheaply: a few bytes on the wire) and column.Scan formats them.
func listColumns(d sqldb.Dialect) string {
	ts := func(col string) string {
		if d == sqldb.MySQL {
			return col
		}
		return "CAST(" + col + " AS TEXT)"
	}
	return "id, name, species, habitat, danger_level, description, " + ts("created_at") + ", " + ts("updated_at")
}
