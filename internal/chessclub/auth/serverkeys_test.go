package auth_test

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestServerKey checks that servers starting together on one database agree on one random
// key, which the database keeps.
func TestServerKey(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d, clubtest.DefaultThrottle)
		keys := make([][]byte, 8)
		var wg sync.WaitGroup
		for i := range keys {
			db := e.DB
			if i%2 == 1 {
				db = e.Replica().DB
			}
			store := auth.NewStore(db, e.Clock.Now)
			wg.Go(func() {
				k, err := store.ServerKey(context.Background(), "test-key", 32)
				if err != nil {
					t.Error(err)
				}
				keys[i] = k
			})
		}
		wg.Wait()
		for i, k := range keys {
			if len(k) != 32 || !bytes.Equal(k, keys[0]) {
				t.Errorf("server %d got key %x, server 0 %x", i, k, keys[0])
			}
		}
		if bytes.Equal(keys[0], make([]byte, 32)) {
			t.Error("the key is all zeros")
		}
		var rows int
		if err := e.DB.QueryRow("SELECT COUNT(*) FROM server_keys WHERE name = 'test-key'").Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d rows (%v)", rows, err)
		}
	})
}
