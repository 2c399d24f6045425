package matching

import "testing"

// TestTable interns numbers of three words, enough of them to make the table grow several
// times: the zero number is 0, a number seen before gets its first id back, a new one a new
// id, and every id reads back its number.
func TestTable(t *testing.T) {
	tb := newTable(3)
	if id := tb.intern([]uint64{0, 0, 0}); id != 0 {
		t.Fatalf("zero interned as %d, want 0", id)
	}
	const count = 5000
	num := func(i int) []uint64 { return []uint64{uint64(i) * 7919, uint64(i % 3), uint64(i) << 40} }
	ids := make([]int32, count)
	for i := 1; i < count; i++ {
		ids[i] = tb.intern(num(i))
		if ids[i] != int32(i) {
			t.Fatalf("number %d interned as %d, want %d (new numbers take the next id)", i, ids[i], i)
		}
	}
	for i := 1; i < count; i++ {
		if id := tb.intern(num(i)); id != ids[i] {
			t.Errorf("number %d again: id %d, want %d", i, id, ids[i])
		}
		if got, want := tb.at(ids[i]), num(i); cmp(got, want) != 0 {
			t.Errorf("id %d reads %v, want %v", ids[i], got, want)
		}
	}
	if tb.count != count {
		t.Errorf("%d numbers held, want %d", tb.count, count)
	}
}
