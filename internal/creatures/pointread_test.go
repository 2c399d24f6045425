package creatures

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unicode/utf8"

	"campus.example/apps/internal/dbtest"
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
