package creatures

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// TestReadJSON_ManyIDsMatchOneByOne reads batches of ids in one query, as coalesced point reads
// do, and checks every object against json.Marshal of the creature Get returns: rows with
// NULLs, escapes and multi-byte text, ids that do not exist, and batches of one, of several
// and of the group's largest size, on both databases.
func TestReadJSON_ManyIDsMatchOneByOne(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			s, err := NewStore(db, "creatures")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Migrate(t.Context(), false); err != nil {
				t.Fatal(err)
			}
			// The encoder's texts that fit the columns and that a database stores (MariaDB
			// refuses invalid UTF-8, and the API never sends it).
			var texts []string
			for _, x := range encodeTexts() {
				if utf8.ValidString(x) && utf8.RuneCountInString(x) <= 80 {
					texts = append(texts, x)
				}
			}
			var ids []int64
			for i := range 140 {
				in := Input{Name: fmt.Sprintf("Batch %03d %s", i, texts[i%len(texts)]), Species: "Test", DangerLevel: i % 11}
				if i%3 != 0 {
					in.Habitat = &texts[(i+1)%len(texts)]
				}
				if i%4 != 0 {
					in.Description = &texts[(i+2)%len(texts)]
				}
				c, err := s.Create(t.Context(), in)
				if err != nil {
					t.Fatalf("create %d: %v", i, err)
				}
				ids = append(ids, c.ID)
			}
			want := map[int64][]byte{}
			for _, id := range ids {
				c, err := s.Get(t.Context(), id)
				if err != nil {
					t.Fatal(err)
				}
				b, err := json.Marshal(c)
				if err != nil {
					t.Fatal(err)
				}
				want[id] = b
			}
			missing := []int64{ids[len(ids)-1] + 1, ids[len(ids)-1] + 1000, 1 << 60}
			for _, batch := range [][]int64{
				ids[:1],
				missing[:1],
				{ids[5], missing[0], ids[2], ids[99]},
				append(slices.Clone(ids[:128-len(missing)]), missing...),
			} {
				got := map[int64][]byte{}
				err := s.readJSON(t.Context(), batch, func(id int64, e encoded) {
					if e.err != nil {
						t.Errorf("id %d: %v", id, e.err)
					}
					if _, dup := got[id]; dup {
						t.Errorf("id %d found twice", id)
					}
					got[id] = e.json
				})
				if err != nil {
					t.Fatalf("readJSON of %d ids: %v", len(batch), err)
				}
				for _, id := range batch {
					w, exists := want[id]
					if g, found := got[id]; found != exists || !bytes.Equal(g, w) {
						t.Errorf("batch of %d, id %d:\n got %s (found %v)\nwant %s (exists %v)", len(batch), id, g, found, w, exists)
					}
				}
				if len(got) > len(batch) {
					t.Errorf("batch of %d found %d rows", len(batch), len(got))
				}
			}
		})
	}
}

// TestReads_RowsAnotherProgramWrote reads, on SQLite (whose columns take any value), rows
// that the catalog never writes but another program may have: each such row fails its own
// read with an error, never a panic or a wrong object, and the rows beside it read as ever.
func TestReads_RowsAnotherProgramWrote(t *testing.T) {
	db := dbtest.Open(t, sqldb.SQLite)
	s, err := NewStore(db, "creatures")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Migrate(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	good, err := s.Create(t.Context(), Input{Name: "Good", Species: "Test", DangerLevel: 1})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, set string
	}{
		// The table's CHECK and NOT NULL constraints keep out much else (text for a danger
		// level, no creation time); a TEXT column turns numbers into text.
		{"a real number for a danger level", "danger_level = 2.5"},
		{"a creation time that is not one", "created_at = 'yesterday'"},
		{"a number for an update time", "updated_at = 1764000000"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := int64(1000 + i)
			if _, err := db.Exec("INSERT INTO creatures (id, name, name_key, species, species_key, danger_level, created_at, updated_at) "+
				"VALUES (?, ?, ?, 'Test', 'test', 1, '2026-11-24 03:00:00+00:00', '2026-11-24 03:00:00+00:00')", id, tt.name, tt.name); err != nil {
				t.Fatal(err)
			}
			defer db.Exec("DELETE FROM creatures WHERE id = ?", id)
			if _, err := db.Exec("UPDATE creatures SET "+tt.set+" WHERE id = ?", id); err != nil {
				t.Fatal(err)
			}
			if b, err := s.AppendJSON(t.Context(), nil, id); err == nil {
				t.Errorf("point read: %s, want an error", b)
			}
			if _, err := s.AppendJSON(t.Context(), nil, good.ID); err != nil {
				t.Errorf("the good row beside it: %v", err)
			}
			var listed int
			err := s.List(t.Context(), ListOptions{Sort: "id"}, func([]byte) error { listed++; return nil })
			if err == nil || listed != 1 {
				t.Errorf("list: %d rows then %v, want the good row and then an error", listed, err)
			}
		})
	}
}
