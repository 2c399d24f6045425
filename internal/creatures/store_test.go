package creatures_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
)

// TestAPI_ConcurrentCreates sends 40 creates at once: all must land, with distinct ids.
func TestAPI_ConcurrentCreates(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d).withRows()
			const n = 40
			ids := make(chan int64, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					rec := f.do("POST", "/creatures", fmt.Sprintf(`{"name":"Concurrent %d","species":"Test"}`, i))
					if rec.Code != http.StatusCreated {
						t.Errorf("create %d: %d %s", i, rec.Code, rec.Body.String())
						return
					}
					ids <- decode[creatures.Creature](t, rec).ID
				})
			}
			wg.Wait()
			close(ids)
			seen := map[int64]bool{}
			for id := range ids {
				if seen[id] {
					t.Errorf("id %d was given twice", id)
				}
				seen[id] = true
			}
			if len(seen) != n {
				t.Errorf("%d creates landed, want %d", len(seen), n)
			}
			if got := len(decode[[]creatures.Creature](t, f.do("GET", "/creatures", ""))); got != n+len(fixtureRows) {
				t.Errorf("list has %d rows, want %d", got, n+len(fixtureRows))
			}
		})
	}
}

// TestAPI_ListStreamsManyRows lists more rows than one buffer holds and pages through them.
func TestAPI_ListStreamsManyRows(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d)
			const n = 1500
			ids := make([]int64, n) // in creation order, which is id order: one writer
			for i := range n {
				in := creatures.Input{Name: fmt.Sprintf("Creature %05d", i), Species: "Bulk", Description: text(fmt.Sprintf("row %d of a long list", i))}
				c, err := f.store.Create(t.Context(), in)
				if err != nil {
					t.Fatal(err)
				}
				ids[i] = c.ID
			}
			all := decode[[]creatures.Creature](t, f.do("GET", "/creatures", ""))
			if len(all) != n {
				t.Fatalf("list has %d rows, want %d", len(all), n)
			}
			for i, c := range all {
				if c.ID != ids[i] {
					t.Fatalf("row %d has id %d, want %d: not in id order", i, c.ID, ids[i])
				}
			}
			var paged []creatures.Creature
			for offset := 0; offset < n; offset += 1000 {
				rec := f.do("GET", fmt.Sprintf("/creatures?limit=1000&offset=%d", offset), "")
				if got := rec.Header().Get("X-Total-Count"); got != fmt.Sprint(n) {
					t.Errorf("X-Total-Count = %s, want %d", got, n)
				}
				paged = append(paged, decode[[]creatures.Creature](t, rec)...)
			}
			if len(paged) != n || paged[n-1].ID != ids[n-1] {
				t.Errorf("paging returned %d rows ending at id %d, want %d ending at %d", len(paged), paged[len(paged)-1].ID, n, ids[n-1])
			}
		})
	}
}

// TestStore_MigrateSeedsOnce checks that a new catalog gets the samples once, that migrating
// again adds nothing, and that a catalog emptied by its users stays empty.
func TestStore_MigrateSeedsOnce(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			store, err := creatures.NewStore(db, "beasts")
			if err != nil {
				t.Fatal(err)
			}
			count := func() int {
				n, err := store.Count(t.Context(), creatures.ListOptions{})
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			for range 2 {
				if err := store.Migrate(t.Context(), true); err != nil {
					t.Fatal(err)
				}
				if got := count(); got != len(creatures.Samples) {
					t.Fatalf("after migrate: %d rows, want %d", got, len(creatures.Samples))
				}
			}
			if _, err := db.Exec("DELETE FROM beasts"); err != nil {
				t.Fatal(err)
			}
			if err := store.Migrate(t.Context(), true); err != nil {
				t.Fatal(err)
			}
			if got := count(); got != 0 {
				t.Errorf("an emptied catalog was re-seeded with %d rows", got)
			}
		})
	}
}

func TestNewStore_RejectsBadTableNames(t *testing.T) {
	db := dbtest.SQLite(t)
	for _, name := range []string{"", "1creatures", "creatures;drop", "crea tures", "`x`", "c-r", "ü", string(make([]byte, 49))} {
		if _, err := creatures.NewStore(db, name); err == nil {
			t.Errorf("NewStore accepted table name %q", name)
		}
	}
	for _, name := range []string{"creatures", "Beasts_2", "_private"} {
		if _, err := creatures.NewStore(db, name); err != nil {
			t.Errorf("NewStore rejected table name %q: %v", name, err)
		}
	}
}

// TestAPI_PointReadsUnderLoadSeeAcknowledgedWrites reads creatures by id from many goroutines
// while others update them, so that point reads are coalesced into batches, and checks that
// every read sees at least the last update acknowledged before it began (a batch never
// answers from before a read arrived), that a missing id is a 404 among them, and that a
// read's body and ETag are those of a read on an idle server.
func TestAPI_PointReadsUnderLoadSeeAcknowledgedWrites(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d)
			const creaturesN, writers, readers, reads = 8, 2, 16, 150
			acked := make([]atomic.Int64, creaturesN+1) // by id: the last version a PATCH acknowledged
			for i := 1; i <= creaturesN; i++ {
				rec := f.do("POST", "/creatures", fmt.Sprintf(`{"name":"Fresh %d","species":"Test","description":"v0"}`, i))
				if rec.Code != http.StatusCreated {
					t.Fatalf("create: %d %s", rec.Code, rec.Body.String())
				}
				// The goroutines below name the rows 1 to creaturesN.
				if id := decode[creatures.Creature](t, rec).ID; id != int64(i) {
					f.renumber(id, int64(i))
				}
			}
			serve := func(method, path, body string) *httptest.ResponseRecorder {
				req := httptest.NewRequest(method, path, strings.NewReader(body))
				if body != "" {
					req.Header.Set("Content-Type", "application/merge-patch+json")
				}
				rec := httptest.NewRecorder()
				f.handler.ServeHTTP(rec, req)
				return rec
			}
			stop := make(chan struct{})
			var writing, reading sync.WaitGroup
			for w := range writers {
				writing.Go(func() {
					for v := int64(1); ; v++ {
						select {
						case <-stop:
							return
						default:
						}
						id := int(v)%creaturesN/writers*writers + w + 1 // each writer owns its ids
						rec := serve("PATCH", fmt.Sprintf("/creatures/%d", id), fmt.Sprintf(`{"description":"v%d"}`, v))
						if rec.Code != http.StatusOK {
							t.Errorf("PATCH %d: %d %s", id, rec.Code, rec.Body.String())
							return
						}
						acked[id].Store(v)
					}
				})
			}
			for r := range readers {
				reading.Go(func() {
					for i := range reads {
						id := (r+i)%(creaturesN+1) + 1 // creaturesN+1 does not exist
						before := int64(-1)
						if id <= creaturesN {
							before = acked[id].Load()
						}
						rec := serve("GET", fmt.Sprintf("/creatures/%d", id), "")
						if id > creaturesN {
							if rec.Code != http.StatusNotFound {
								t.Errorf("GET missing %d: %d %s", id, rec.Code, rec.Body.String())
							}
							continue
						}
						if rec.Code != http.StatusOK {
							t.Errorf("GET %d: %d %s", id, rec.Code, rec.Body.String())
							return
						}
						c := decode[creatures.Creature](t, rec)
						var seen int64
						if c.Description == nil || c.ID != int64(id) {
							t.Errorf("GET %d answered %+v", id, c)
							return
						}
						if _, err := fmt.Sscanf(*c.Description, "v%d", &seen); err != nil || seen < before {
							t.Errorf("GET %d saw %q after v%d was acknowledged", id, *c.Description, before)
							return
						}
					}
				})
			}
			reading.Wait()
			close(stop)
			writing.Wait()
			// Idle again: each read alone must give what a batched read gave, byte for byte.
			for id := 1; id <= creaturesN; id++ {
				one := f.do("GET", fmt.Sprintf("/creatures/%d", id), "")
				c, err := f.store.Get(t.Context(), int64(id))
				if err != nil {
					t.Fatal(err)
				}
				want, _ := json.Marshal(c)
				if got := strings.TrimSuffix(one.Body.String(), "\n"); got != string(want) {
					t.Errorf("GET %d = %s, want %s", id, got, want)
				}
			}
		})
	}
}
