package chessclubweb

import (
	"io/fs"
	"regexp"
	"testing"
)

// TestDist checks that the embedded build is complete: index.html at the root, and every script,
// preload and stylesheet it names present under assets/.
func TestDist(t *testing.T) {
	ui := Dist()
	index, err := fs.ReadFile(ui, "index.html")
	if err != nil {
		t.Fatalf("index.html: %v", err)
	}
	refs := regexp.MustCompile(`(?:src|href)="/(assets/[^"]+)"`).FindAllSubmatch(index, -1)
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
