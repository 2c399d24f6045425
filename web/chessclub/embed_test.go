package chessclubweb

import (
	"io/fs"
	"regexp"
	"testing"
)

// TestDist checks that the embedded build is complete: index.html at the root, and every file
// it names (scripts, stylesheets, icons, the manifest) present.
func TestDist(t *testing.T) {
	ui := Dist()
	index, err := fs.ReadFile(ui, "index.html")
	if err != nil {
		t.Fatalf("index.html: %v", err)
	}
	refs := regexp.MustCompile(`(?:src|href)="/([^"]+)"`).FindAllSubmatch(index, -1)
	if len(refs) == 0 {
		t.Fatalf("index.html names no assets:\n%s", index)
	}
	for _, ref := range refs {
		name := string(ref[1])
		if _, err := fs.Stat(ui, name); err != nil {
			t.Errorf("index.html names %s, which is missing: %v", name, err)
		}
	}
}
