package swiss

import (
	"fmt"
	"path/filepath"
	"testing"
)

// largeFiles is how many tournaments testdata/large holds (see its README).
const largeFiles = 5

// TestLargeData pairs every round of the large tournaments in testdata/large (612 to 1 500
// players, made by bbpPairings' own generator, which paired each round with its Dutch engine)
// from the rounds before it, and compares with the round the file records, colours and bye
// included: the large brackets of early rounds are where a faster way to the same pairing
// could go wrong.
func TestLargeData(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "large", "*.trf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != largeFiles {
		t.Errorf("%d files in testdata/large, want %d", len(paths), largeFiles)
	}
	for _, path := range paths {
		full := readTRF(t, path)
		if full.RoundsRecorded() == 0 {
			t.Errorf("%s: no rounds recorded", path)
		}
		for k := range full.RoundsRecorded() {
			t.Run(fmt.Sprintf("%s/round=%d", filepath.Base(path), k+1), func(t *testing.T) {
				t.Parallel()
				req, err := NextRound(cutBefore(full, k))
				if err != nil {
					t.Fatal(err)
				}
				got, err := Pair(req)
				if err != nil {
					t.Fatal(err)
				}
				if diff := comparePairing(got, recorded(full, k)); diff != "" {
					t.Errorf("differs from the file:\n%s", diff)
				}
			})
		}
	}
}
