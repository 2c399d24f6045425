package trf

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/oracletest"
)

// TestOracleRoundTrip reads every Swiss tournament of the oracle and writes it back: the bytes
// must come back unchanged. Each file's points column must also equal the points recomputed
// from its rounds, which shows the rounds were read as written.
func TestOracleRoundTrip(t *testing.T) {
	paths := oracletest.Files(t, "swiss", ".trf")
	if len(paths) != 120 {
		t.Errorf("%d oracle files, the oracle README promises 120", len(paths))
	}
	rounds := 0
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tour, err := Read(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := tour.Write(&got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("written back differs:\n%s", firstDifference(got.Bytes(), want))
			}
			for _, p := range tour.Players {
				if got := p.PointsAfter(len(p.Rounds)); got != p.Points {
					t.Errorf("player %d: rounds give %s points, the file says %s", p.StartRank, got, p.Points)
				}
			}
			rounds += tour.RoundsRecorded()
		})
	}
	if len(paths) == 120 && rounds != 826 {
		t.Errorf("%d rounds in all, the oracle README promises 826", rounds)
	}
}

// TestOracleFirstColour derives each file's initial colour from its round 1 and compares it
// with the generator's setting in swiss/manifest.json.
func TestOracleFirstColour(t *testing.T) {
	dir := oracletest.Dir(t, "swiss")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest []struct {
		File          string `json:"file"`
		Rounds        int    `json:"rounds"`
		InitialColour string `json:"initial_colour"`
	}
	if err := json.Unmarshal(b, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest) != 120 {
		t.Errorf("manifest lists %d files, want 120", len(manifest))
	}
	for _, m := range manifest {
		t.Run(m.File, func(t *testing.T) {
			tour := readFile(t, filepath.Join(dir, m.File))
			want := map[string]chess.Colour{"white1": chess.White, "black1": chess.Black}[m.InitialColour]
			if got := tour.FirstColour(); got != want || want == chess.NoColour {
				t.Errorf("FirstColour() = %v, manifest says %q", got, m.InitialColour)
			}
			if got := tour.Rounds(); got != m.Rounds {
				t.Errorf("Rounds() = %d, manifest says %d", got, m.Rounds)
			}
		})
	}
}

// readFile reads a TRF file from disk.
func readFile(t *testing.T, path string) *Tournament {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tour, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range max(len(g), len(w)) {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + string(gl) + "\n want " + string(wl)
		}
	}
	return "(same lines, different line ends)"
}
