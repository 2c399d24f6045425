package members

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// membersTTL is how long the member list read from the database is served again: like the
// tournaments' views (package play), it may lag a change made through another replica by this
// much, never one made through this process.
const membersTTL = 100 * time.Millisecond

// listCache keeps the rows of GET /api/members for membersTTL: reading and sorting every
// member cost the database most of the answer's time. Every request that may change
// something (any method but GET, HEAD and OPTIONS) makes the list be read again: while one
// is being served nothing is cached or served from the cache, and once it has ended a list
// read before it is not served again. The rows are shared: callers must not change them.
// It is safe for concurrent use.
type listCache struct {
	mu sync.Mutex
	// gen counts the changing requests that ended; writing those under way.
	gen     uint64
	writing int
	rows    []encodedMember
	rowsOf  uint64
	at      time.Time
}

// encodedMember is a member's JSON object as json.Marshal writes it, whole (for the member
// and admins) and as other members see it (Member.VisibleTo).
type encodedMember struct {
	id           int64
	whole, other []byte
}

// encodeMembers encodes each member's two forms once, so that a list is copied bytes.
func encodeMembers(ms []Member) ([]encodedMember, error) {
	out := make([]encodedMember, len(ms))
	for i, m := range ms {
		whole, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		other, err := json.Marshal(m.VisibleTo(Member{}))
		if err != nil {
			return nil, err
		}
		out[i] = encodedMember{id: m.ID, whole: whole, other: other}
	}
	return out, nil
}

// appendMembers appends the JSON array of the members as viewer sees them: the same bytes as
// encoding/json gives for the slice of Member.VisibleTo(viewer).
func appendMembers(b []byte, ms []encodedMember, viewer Member) []byte {
	b = append(b, '[')
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		if m.id == viewer.ID || viewer.IsAdmin() {
			b = append(b, m.whole...)
		} else {
			b = append(b, m.other...)
		}
	}
	return append(b, ']')
}

// changing brackets a request that may change members (or their photos, ratings, roles):
// call the returned function when it has ended.
func (c *listCache) changing() (done func()) {
	c.mu.Lock()
	c.writing++
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		c.writing--
		c.gen++
		c.mu.Unlock()
	}
}

// get returns the members encoded, cached when fresh, else read by read (and kept when no change
// was under way or ended meanwhile).
func (c *listCache) get(ctx context.Context, now time.Time, read func(context.Context) ([]Member, error)) ([]encodedMember, error) {
	c.mu.Lock()
	if c.rows != nil && c.writing == 0 && c.rowsOf == c.gen && now.Sub(c.at) < membersTTL {
		rows := c.rows
		c.mu.Unlock()
		return rows, nil
	}
	gen, quiet := c.gen, c.writing == 0
	c.mu.Unlock()
	ms, err := read(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := encodeMembers(ms)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if quiet && c.writing == 0 && c.gen == gen {
		c.rows, c.rowsOf, c.at = rows, gen, now
	}
	c.mu.Unlock()
	return rows, nil
}
