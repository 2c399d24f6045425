package web

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

// TestViewCacheBudget fills a cache of a small budget with views of many sizes, revisions and
// use orders, and checks after every step that it holds at most its budget, that it pushes
// out the views used least recently first, that a view over a quarter of the budget is served
// and not kept, and that a view of an older revision never replaces a newer one.
func TestViewCacheBudget(t *testing.T) {
	const budget = 8 << 10
	c := newCache(budget, 2)
	body := func(n int, tag string) []byte { return append([]byte(tag), bytes.Repeat([]byte("x"), n)...) }
	computes := 0
	get := func(what string, rev int64, size int) []byte {
		t.Helper()
		_, got, err := c.get(cacheKey{1, what}, rev, func() (int64, []byte, error) {
			computes++
			return rev, body(size, what), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if b, n := c.usage(); b > budget || n != len(c.entries) || int(c.lru.Len()) != n {
			t.Fatalf("after %s: %d bytes in %d entries (list %d), budget %d", what, b, n, c.lru.Len(), budget)
		}
		return got
	}
	held := func(what string) bool { _, ok := c.entries[cacheKey{1, what}]; return ok }

	// Four views of 1.5 KiB fit (each costs 1 661 bytes with its name and records); the
	// fifth and sixth push out the least recently used.
	for _, w := range []string{"a", "b", "c", "d"} {
		get(w, 1, 1500)
	}
	get("a", 1, 1500) // a is used again: b is now the least recently used, then c
	for _, w := range []string{"e", "f"} {
		get(w, 1, 1500)
	}
	for w, want := range map[string]bool{"a": true, "b": false, "c": false, "d": true, "e": true, "f": true} {
		if held(w) != want {
			t.Errorf("holds %s: %v, want %v", w, held(w), want)
		}
	}
	get("g", 1, 1500)
	if held("d") || !held("a") {
		t.Errorf("after g: holds d %v (the least recently used), a %v", held("d"), held("a"))
	}

	// A view over a quarter of the budget is served, every time, and never kept.
	before := computes
	for range 3 {
		if got := get("huge", 1, budget/4); !bytes.HasPrefix(got, []byte("huge")) {
			t.Fatalf("the huge view came back as %q…", got[:8])
		}
	}
	if held("huge") || computes-before != 3 {
		t.Errorf("the huge view is held (%v), computed %d times", held("huge"), computes-before)
	}

	// A later revision replaces the view; an older one does not.
	get("a", 2, 100)
	c.mu.Lock()
	c.store(&cached{key: cacheKey{1, "a"}, revision: 1, body: body(10, "old")})
	c.mu.Unlock()
	if rev := c.entries[cacheKey{1, "a"}].Value.(*cached).revision; rev != 2 {
		t.Errorf("view a is of revision %d, want 2", rev)
	}

	// Many clients asking at once for ever other views never take it past its budget.
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := c.get(cacheKey{2, fmt.Sprint("view ", i)}, 1, func() (int64, []byte, error) { return 1, body(100+i*40, "v"), nil })
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if b, _ := c.usage(); b > budget {
		t.Errorf("%d bytes held, budget %d", b, budget)
	}
}
