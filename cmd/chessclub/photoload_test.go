package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/proctest"
)

// The photo load run: the server in a process of its own (its real binary) with the
// default photo memory budget (256 MiB), and four uploads at once of the worst photos there
// are, round after round; the figure is the child's peak resident memory (VmHWM), which
// must stay under the budget plus 100 MB. Run it with
//
//	go test -run '^$' -bench WorstPhotos -benchtime 3x ./cmd/chessclub/
//
// Figures are in docs/BENCHMARKS.md and docs/RELIABILITY.md.

// budgetMB is the server's default photo memory budget, 256 MiB, in MB.
const budgetMB = 268.4

func BenchmarkWorstPhotos(b *testing.B) {
	scenarios := []struct {
		name string
		// photo is what each of the four clients uploads.
		photo func() []byte
		want  int // the status each upload should get when memory is free
	}{
		// The worst photo found so far: 312 KB, 6320×6320, progressive CMYK, 958 MB for Go's
		// decoder. It can never fit the budget: refused from its header.
		{"the worst known 6320x6320 progressive CMYK JPEG", imagetest.WorstJPEG, http.StatusUnprocessableEntity},
		// The largest progressive CMYK JPEG (24 bytes per pixel) that fits: about 250 MB
		// each with normalising, so the four take turns.
		{"2900x2900 progressive CMYK JPEG", func() []byte {
			return imagetest.JPEG{Width: 2900, Height: 2900, Sampling: imagetest.CMYK, Progressive: true, Adobe: true}.Encode()
		}, http.StatusCreated},
		// A 40-megapixel phone-sized photo, the pixel limit: about 110 MB each, two at once.
		{"7296x5472 baseline JPEG (40 MP)", func() []byte {
			return imagetest.JPEG{Width: 7296, Height: 5472, Sampling: imagetest.YCbCr420}.Encode()
		}, http.StatusCreated},
		// A 16-bit PNG with alpha: 8 bytes per pixel, about 150 MB each.
		{"4000x3500 16-bit RGBA PNG", func() []byte {
			return imagetest.PNG{Width: 4000, Height: 3500, ColourType: imagetest.PNGRGBA, Depth: 16}.Encode()
		}, http.StatusCreated},
	}
	for _, sc := range scenarios {
		b.Run(sc.name, func(b *testing.B) {
			photo := sc.photo()
			dir := b.TempDir()
			server := proctest.Start(b, proctest.Build(b, chessclubPkg),
				[]string{"-addr", "127.0.0.1:0", "-db", "sqlite:" + filepath.Join(dir, "chessclub.db"), "-figures", filepath.Join(dir, "figures")})
			token := memberToken(b, server.URL, "loadtest")
			startRSS := procStatusMB(b, server.Pid(), "VmRSS")
			statuses := map[int]int{}
			var mu sync.Mutex
			var worst time.Duration
			for b.Loop() {
				var wg sync.WaitGroup
				for range 4 {
					wg.Go(func() {
						start := time.Now()
						status := uploadRaw(b, server.URL, token, photo)
						mu.Lock()
						statuses[status]++
						worst = max(worst, time.Since(start))
						mu.Unlock()
					})
				}
				wg.Wait()
			}
			peak := procStatusMB(b, server.Pid(), "VmHWM")
			b.ReportMetric(peak, "peak-RSS-MB")
			b.ReportMetric(startRSS, "start-RSS-MB")
			b.ReportMetric(worst.Seconds(), "slowest-s")
			b.Logf("%s (%d bytes): statuses %v, peak RSS %.0f MB (at start %.0f MB), slowest upload %v",
				sc.name, len(photo), statuses, peak, startRSS, worst.Round(time.Millisecond))
			if peak > budgetMB+100 {
				b.Errorf("peak RSS %.0f MB is over the budget (%.0f MB) plus 100 MB", peak, budgetMB)
			}
			if statuses[sc.want] == 0 {
				b.Errorf("no upload got %d: %v", sc.want, statuses)
			}
			for status := range statuses {
				if status != sc.want && status != http.StatusTooManyRequests {
					b.Errorf("uploads got %v, want %d (or 429 while memory is taken)", statuses, sc.want)
				}
			}
		})
	}
}

// uploadRaw posts photo as a raw image body and returns the status.
func uploadRaw(b *testing.B, base, token string, photo []byte) int {
	req, err := http.NewRequest("POST", base+"/api/figures", bytes.NewReader(photo))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "image/jpeg")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Error(err)
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// procStatusMB reads a "kB" field of /proc/PID/status, in MB.
func procStatusMB(b *testing.B, pid int, field string) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Skipf("no /proc here: %v", err)
	}
	for line := range strings.SplitSeq(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb * 1024 / 1e6
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
