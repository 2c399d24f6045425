package roundrobin

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"campus.example/apps/internal/chess/oracletest"
)

// TestWriteJSONOracle writes every single round robin of the oracle and compares the bytes
// with the oracle's file: same shape, same layout.
func TestWriteJSONOracle(t *testing.T) {
	dir := oracletest.Dir(t, "berger")
	for n := 3; n <= 20; n++ {
		want, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("n%02d.json", n)))
		if err != nil {
			t.Fatal(err)
		}
		rounds, err := Single(n)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := WriteJSON(&got, n, rounds); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("n=%d: written\n%s\noracle\n%s", n, got.Bytes(), want)
		}
	}
}
