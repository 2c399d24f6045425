package photos_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestSweepTemp starts a server on a photo directory that holds a temporary file abandoned by
// a crashed upload, one that another server on the same directory is still writing (it holds
// the lock), and a stored photo: the start removes only the first.
func TestSweepTemp(t *testing.T) {
	dir := t.TempDir()
	abandoned := filepath.Join(dir, photos.TempPrefix+"1234")
	if err := os.WriteFile(abandoned, []byte("half a photo"), 0o600); err != nil {
		t.Fatal(err)
	}
	live, err := photos.CreateTemp(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	stored := filepath.Join(dir, "0123456789abcdef0123456789abcdef.jpg")
	if err := os.WriteFile(stored, []byte("a photo"), 0o600); err != nil {
		t.Fatal(err)
	}

	clubtest.New(t, sqldb.SQLite, func(c *chessclub.Config) { c.Photos.Dir = dir })

	var left []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := []string{filepath.Base(live.Name()), filepath.Base(stored)}
	slices.Sort(want)
	clubtest.Diff(t, "files after the start", left, want)
}
