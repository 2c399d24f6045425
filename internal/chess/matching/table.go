package matching

// A table holds each distinct edge weight once, and the graph stores, per ordered pair of
// vertices, only the 4-byte number of its weight in the table (0 for the absent edge). The
// weights of a Swiss bracket take few distinct values: they are made of a handful of criteria
// that depend on the two players' scores, colours and floats, and of a small tail. A weight of
// several words per pair would make the graph's memory grow as words·n² (1.2 GB at 4 000
// players for six-word weights); a number per pair makes it 4·n² bytes, and the loops that
// read a row of weights touch a twelfth of the memory.
//
// Numbers are never taken back: a weight replaced by another stays in the table. The table
// grows with the distinct weights set over the graph's life, which stays far below n².

// table is a set of numbers of a fixed number of words, each under a small id. The zero number
// has id 0.
type table struct {
	words int
	nums  []uint64 // number id at nums[id*words:]
	slots []int32  // open addressing: id of the number hashed there, 0 for an empty slot
	count int      // numbers held, the zero number included
}

func newTable(words int) *table {
	t := &table{words: words, nums: make([]uint64, words, 64*words), slots: make([]int32, 64), count: 1}
	return t
}

// at returns number id, in place.
func (t *table) at(id int32) []uint64 {
	i := int(id) * t.words
	return t.nums[i : i+t.words : i+t.words]
}

// intern returns the id of w, adding it to the table when it is new.
func (t *table) intern(w []uint64) int32 {
	if isZero(w) {
		return 0
	}
	mask := len(t.slots) - 1
	for i := hash(w) & uint64(mask); ; i = (i + 1) & uint64(mask) {
		id := t.slots[i]
		if id == 0 {
			break
		}
		if cmp(t.at(id), w) == 0 {
			return id
		}
	}
	id := int32(t.count)
	t.count++
	t.nums = append(t.nums, w...)
	if 2*t.count > len(t.slots) {
		t.grow()
	} else {
		t.place(id)
	}
	return id
}

// place puts id in the first empty slot from its hash.
func (t *table) place(id int32) {
	mask := uint64(len(t.slots) - 1)
	i := hash(t.at(id)) & mask
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = id
}

// grow doubles the slots and places every number again.
func (t *table) grow() {
	t.slots = make([]int32, 2*len(t.slots))
	for id := int32(1); id < int32(t.count); id++ {
		t.place(id)
	}
}

// hash mixes the words of w (a multiply-xorshift per word).
func hash(w []uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range w {
		h ^= x
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}
