package members

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// TestMembersCache: fresh rows are served again; a changing request under way bypasses the
// cache, and once ended makes the next request read again; so does the time-to-live; a read
// during a change is not kept; errors are not kept.
func TestMembersCache(t *testing.T) {
	var c listCache
	reads := 0
	read := func(context.Context) ([]Member, error) {
		reads++
		return []Member{{ID: int64(reads)}}, nil
	}
	t0 := time.Now()
	get := func(at time.Time, want int64) {
		t.Helper()
		rows, err := c.get(context.Background(), at, read)
		if err != nil || len(rows) != 1 || rows[0].id != want {
			t.Fatalf("get = %v, %v; want read %d", rows, err, want)
		}
	}
	get(t0, 1)
	get(t0.Add(membersTTL/2), 1)
	get(t0.Add(membersTTL), 2)
	done := c.changing()
	get(t0.Add(membersTTL), 3) // under way: read, not kept
	get(t0.Add(membersTTL), 4)
	done()
	get(t0.Add(membersTTL), 5)
	get(t0.Add(membersTTL), 5)

	// A change that ends during a read: the read is not kept.
	rows, err := c.get(context.Background(), t0.Add(3*membersTTL), func(context.Context) ([]Member, error) {
		c.changing()()
		return []Member{{ID: 100}}, nil
	})
	if err != nil || rows[0].id != 100 {
		t.Fatalf("get = %v, %v", rows, err)
	}
	get(t0.Add(3*membersTTL), 6)

	if _, err := c.get(context.Background(), t0.Add(5*membersTTL), func(context.Context) ([]Member, error) { return nil, errors.New("down") }); err == nil {
		t.Fatal("the read's error was lost")
	}
	get(t0.Add(5*membersTTL), 7)
}

// TestAppendMembers: the list from the encoded forms is byte for byte what encoding/json
// writes for the members as each viewer sees them, admins and the member themself included.
func TestAppendMembers(t *testing.T) {
	email, year, photo := "ana@example.org", 1990, "/api/figures/x"
	joined := time.Date(2026, 11, 24, 3, 4, 5, 0, time.UTC)
	ms := []Member{
		{ID: 1, Username: "ana", FullName: "Ana <Ñ> & \"co\"", Email: &email, Rating: 1500, RatingStatus: "rated", BirthYear: &year, Role: "member", JoinedAt: joined},
		{ID: 2, Username: "ben", FullName: "Ben 🐉", Rating: 1200, RatingStatus: "unrated", Role: "admin", PhotoURL: &photo, ThumbnailURL: &photo, JoinedAt: joined},
		{ID: 3, Username: "guest", FullName: "G\u2028uest", Guest: true, Role: "member", Email: &email, JoinedAt: joined.Add(time.Second / 2)},
	}
	enc, err := encodeMembers(ms)
	if err != nil {
		t.Fatal(err)
	}
	for _, viewer := range []Member{{}, ms[0], ms[1], ms[2], {ID: 9, Role: "admin"}} {
		visible := make([]Member, len(ms))
		for i, m := range ms {
			visible[i] = m.VisibleTo(viewer)
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(visible); err != nil {
			t.Fatal(err)
		}
		if got := append(appendMembers(nil, enc, viewer), '\n'); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("viewer %d (%s)\n got %s\nwant %s", viewer.ID, viewer.Role, got, want.Bytes())
		}
	}
}
