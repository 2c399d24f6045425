package chessclub

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestMembersCache: fresh rows are served again; a changing request under way bypasses the
// cache, and once ended makes the next request read again; so does the time-to-live; a read
// during a change is not kept; errors are not kept.
func TestMembersCache(t *testing.T) {
	var c membersCache
	reads := 0
	read := func(context.Context) ([]Member, error) {
		reads++
		return []Member{{ID: int64(reads)}}, nil
	}
	t0 := time.Now()
	get := func(at time.Time, want int64) {
		t.Helper()
		rows, err := c.get(context.Background(), at, read)
		if err != nil || len(rows) != 1 || rows[0].ID != want {
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
	if err != nil || rows[0].ID != 100 {
		t.Fatalf("get = %v, %v", rows, err)
	}
	get(t0.Add(3*membersTTL), 6)

	if _, err := c.get(context.Background(), t0.Add(5*membersTTL), func(context.Context) ([]Member, error) { return nil, errors.New("down") }); err == nil {
		t.Fatal("the read's error was lost")
	}
	get(t0.Add(5*membersTTL), 7)
}
