package photos

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
)

// TestPhotoMemoryBudget checks how uploads are admitted by the memory their decode takes: a
// photo that could never fit the budget is refused (422) before decoding, naming its size,
// mode and cost; one that fits waits while others hold the memory and is refused with 429
// and Retry-After when none comes free in time; nothing is left behind either way, and the
// memory is given back.
func TestPhotoMemoryBudget(t *testing.T) {
	if cfg, err := (Config{Dir: t.TempDir()}).WithDefaults(); err != nil || cfg.Memory != 256<<20 {
		t.Errorf("default Memory = %d (%v), want 256 MiB", cfg.Memory, err)
	}
	small := imagetest.SampleJPEG(t, 16, 16, true)
	smallInfo, err := imagefile.Strip(bytes.NewReader(small), &imagefile.DiscardSeeker{}, func(int, int) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		photo    []byte
		held     int64 // taken by other uploads
		wantKind problem.Kind
		wantText []string
	}{
		{"free memory", small, 0, 0, nil},
		{"memory held, but enough left", small, DefaultPhotoMemory - imagefile.DecodeCost(smallInfo), 0, nil},
		{"memory held by others", small, DefaultPhotoMemory - imagefile.DecodeCost(smallInfo) + 1, problem.TooManyRequests, nil},
		// Go's decoder allocates 24 bytes per pixel for it, 959 MB.
		{"the worst known 6320×6320 progressive CMYK JPEG", imagetest.WorstJPEG(), 0, problem.Invalid,
			[]string{"is a 6320×6320 progressive CMYK JPEG, which takes about 1", " MB to decode; this server decodes photos within 268 MB"}},
		// Refused from its header: the image data is never looked at.
		{"a 40-megapixel 16-bit interlaced PNG", imagetest.PNGOf(imagetest.PNGChunk("IHDR", []byte{0, 0, 0x1F, 0x40, 0, 0, 0x13, 0x88, 16, 6, 0, 0, 1}), imagetest.PNGChunk("IDAT", []byte("not deflate"))), 0, problem.Invalid,
			[]string{"is a 8000×5000 interlaced 16-bit PNG, which takes about "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Service{files: &dirStore{dir: t.TempDir()}, maxBytes: DefaultMaxPhotoBytes, maxPixels: DefaultMaxPixels, budget: newPhotoBudget(DefaultPhotoMemory)}
			p.budget.maxWait = 20 * time.Millisecond
			if tc.held > 0 {
				if err := p.budget.acquire(t.Context(), tc.held); err != nil {
					t.Fatal(err)
				}
			}
			start := time.Now()
			u, err := p.receive(t.Context(), bytes.NewReader(tc.photo))
			switch tc.wantKind {
			case 0:
				if err != nil {
					t.Fatalf("receive: %v", err)
				}
				u.discard()
			case problem.TooManyRequests:
				if !isBusy(err) || time.Since(start) < p.budget.maxWait {
					t.Fatalf("receive = %v after %v, want TooManyRequests with Retry-After after waiting", err, time.Since(start))
				}
			default:
				var pe *problem.Error
				if !errors.As(err, &pe) || pe.Kind != tc.wantKind {
					t.Fatalf("receive = %v, want %v", err, tc.wantKind)
				}
				for _, want := range tc.wantText {
					if !strings.Contains(pe.Fields["photo"], want) {
						t.Errorf("refused with %q, want it to say %q", pe.Fields["photo"], want)
					}
				}
			}
			if got := p.budget.inUse(); got != tc.held {
				t.Errorf("%d bytes in use after the upload, want %d", got, tc.held)
			}
			if entries, _ := os.ReadDir(p.files.stagingDir()); len(entries) != 0 {
				t.Errorf("files left: %v", entries)
			}
		})
	}
}

// TestCheckSize: 40 000 000 pixels exactly is accepted as far as the size check goes.
func TestCheckSize(t *testing.T) {
	if err := (&Service{maxPixels: DefaultMaxPixels}).checkSize(8000, 5000); err != nil {
		t.Errorf("8000×5000: %v", err)
	}
}
