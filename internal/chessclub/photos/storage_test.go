package photos_test

import (
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// storagePairs are the photo store and database pairs that forStorage runs: the directory
// on each dialect, and the bucket on MariaDB, as replicas run it. The store and the database
// meet only through an upload's commit and the sweep, which do the same on every store, so
// each store and each dialect is covered without running the slow photo suite a fourth time.
var storagePairs = []struct {
	kind    string
	dialect sqldb.Dialect
}{{"dir", sqldb.SQLite}, {"dir", sqldb.MySQL}, {"bucket", sqldb.MySQL}}

// forStorage runs fn as a subtest on each of storagePairs; storage sets a server's Config
// to a fresh store of the pair's kind.
func forStorage(t *testing.T, fn func(t *testing.T, d sqldb.Dialect, storage func(*chessclub.Config))) {
	for _, p := range storagePairs {
		t.Run(p.kind+"/"+p.dialect.String(), func(t *testing.T) {
			cfg := photos.StorageConfig(t, p.kind)
			fn(t, p.dialect, func(c *chessclub.Config) { c.Photos = cfg })
		})
	}
}

// files opens the photo store of e's server a second time, as another replica would.
func files(e *clubtest.Env) *photos.Files { return photos.OpenFiles(e.T, e.Config.Photos) }
