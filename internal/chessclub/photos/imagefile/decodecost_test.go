package imagefile

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"runtime"
	"testing"

	"campus.example/apps/internal/imagetest"
)

// costCase is one decoding mode of the table in decodecost.go, written by internal/imagetest.
type costCase struct {
	name string
	file func(w, h int) []byte
	// perPixel is the table's figure for the decoder alone, in bytes per pixel, for sizes
	// that are whole MCUs and macroblocks.
	perPixel float64
	// assumed is what DecodeCost assumes per pixel when the header cannot tell this mode
	// from a costlier one (a WebP palette's size); zero means perPixel.
	assumed float64
}

func jpegCase(name string, sampling [][2]int, progressive, adobe bool, transform byte, perPixel float64) costCase {
	return costCase{name, func(w, h int) []byte {
		return imagetest.JPEG{Width: w, Height: h, Sampling: sampling, Progressive: progressive, Adobe: adobe, Transform: transform}.Encode()
	}, perPixel, 0}
}

func pngCase(colourType, depth byte, interlaced, trns bool, perPixel float64) costCase {
	name := fmt.Sprintf("PNG colour type %d, %d-bit", colourType, depth)
	if trns {
		name += ", tRNS"
	}
	if interlaced {
		name += ", interlaced"
	}
	return costCase{name, func(w, h int) []byte {
		return imagetest.PNG{Width: w, Height: h, ColourType: colourType, Depth: depth, Interlaced: interlaced, TRNS: trns}.Encode()
	}, perPixel, 0}
}

// costCases are the rows of the table in decodecost.go.
func costCases() []costCase {
	ycck := [][2]int{{2, 2}, {1, 1}, {1, 1}, {2, 2}}
	cases := []costCase{
		jpegCase("JPEG grey", imagetest.Gray, false, false, 0, 1),
		jpegCase("JPEG YCbCr 4:2:0", imagetest.YCbCr420, false, false, 0, 1.5),
		jpegCase("JPEG YCbCr 4:2:2", imagetest.YCbCr422, false, false, 0, 2),
		jpegCase("JPEG YCbCr 4:4:4", imagetest.YCbCr444, false, false, 0, 3),
		jpegCase("JPEG RGB", imagetest.YCbCr444, false, true, imagetest.AdobeRGBOrCMYK, 7),
		jpegCase("JPEG CMYK", imagetest.CMYK, false, true, imagetest.AdobeRGBOrCMYK, 8),
		jpegCase("JPEG YCCK 2:1:1:2", ycck, false, true, imagetest.AdobeYCCK, 6.5),
		jpegCase("progressive JPEG grey", imagetest.Gray, true, false, 0, 5),
		jpegCase("progressive JPEG YCbCr 4:2:0", imagetest.YCbCr420, true, false, 0, 7.5),
		jpegCase("progressive JPEG YCbCr 4:2:2", imagetest.YCbCr422, true, false, 0, 10),
		jpegCase("progressive JPEG YCbCr 4:4:4", imagetest.YCbCr444, true, false, 0, 15),
		jpegCase("progressive JPEG RGB", imagetest.YCbCr444, true, true, imagetest.AdobeRGBOrCMYK, 19),
		jpegCase("progressive JPEG CMYK", imagetest.CMYK, true, true, imagetest.AdobeRGBOrCMYK, 24),
		jpegCase("progressive JPEG YCCK 2:1:1:2", ycck, true, true, imagetest.AdobeYCCK, 16.5),
	}
	for _, interlaced := range []bool{false, true} {
		k := 1.0
		if interlaced {
			k = 2
		}
		cases = append(cases,
			pngCase(imagetest.PNGGray, 1, interlaced, false, k*1),
			pngCase(imagetest.PNGGray, 8, interlaced, false, k*1),
			pngCase(imagetest.PNGGray, 8, interlaced, true, k*4),
			pngCase(imagetest.PNGGray, 16, interlaced, false, k*2),
			pngCase(imagetest.PNGGray, 16, interlaced, true, k*8),
			pngCase(imagetest.PNGRGB, 8, interlaced, false, k*4),
			pngCase(imagetest.PNGRGB, 16, interlaced, true, k*8),
			pngCase(imagetest.PNGPalette, 8, interlaced, true, k*1),
			pngCase(imagetest.PNGGrayAlpha, 8, interlaced, false, k*4),
			pngCase(imagetest.PNGGrayAlpha, 16, interlaced, false, k*8),
			pngCase(imagetest.PNGRGBA, 8, interlaced, false, k*4),
			pngCase(imagetest.PNGRGBA, 16, interlaced, false, k*8),
		)
	}
	return append(cases,
		costCase{"WebP lossy", func(w, h int) []byte { return imagetest.LossyWebP(w, h, -1) }, 1.5, 0},
		costCase{"WebP lossy, alpha lossless", func(w, h int) []byte { return imagetest.LossyWebP(w, h, 0) }, 6.5, 8.5},
		costCase{"WebP lossy, alpha with 16 colours", func(w, h int) []byte { return imagetest.LossyWebP(w, h, 16) }, 8.5, 0},
		costCase{"WebP lossless", func(w, h int) []byte { return imagetest.LosslessWebP(w, h, 0) }, 4, 6},
		costCase{"WebP lossless, 2 colours", func(w, h int) []byte { return imagetest.LosslessWebP(w, h, 2) }, 4.5, 6},
		costCase{"WebP lossless, 16 colours", func(w, h int) []byte { return imagetest.LosslessWebP(w, h, 16) }, 6, 0},
	)
}

// allocated returns the bytes that fn allocates, by runtime.MemStats.TotalAlloc: an upper
// bound of what it holds at its peak. Nothing else in the test binary runs meanwhile.
func allocated(fn func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDecodeCost measures, for every mode of the table in decodecost.go, what Go's decoder
// allocates alone and what the whole pipeline (decode, normalise, encode both copies)
// allocates, and checks the table and DecodeCost against them: DecodeCost must never be
// below the measurement (or the budget would let more in than it can hold), nor far above it
// (or it would refuse and queue photos for nothing). Sizes are chosen for each path of the
// scaler: box filter then Catmull-Rom, Catmull-Rom alone (up to twice the target, its
// largest buffer), and no scaling.
func TestDecodeCost(t *testing.T) {
	// Every mode at a size that needs no scaling (and whole MCUs and macroblocks, so that
	// the table's figures apply exactly); the costliest of each format also where the box
	// filter and then Catmull-Rom run, and where Catmull-Rom alone does (up to twice the
	// target: its largest buffer).
	// Under the race detector, which slows the pixel loops twentyfold and has no races to
	// find in them, smaller images and the table only.
	table := image.Pt(1024, 768)
	if raceDetector {
		table = image.Pt(256, 192)
	}
	scaled := map[string]bool{"progressive JPEG CMYK": true, "PNG colour type 6, 16-bit, interlaced": true, "WebP lossy, alpha with 16 colours": true}
	for _, tc := range costCases() {
		sizes := []image.Point{table}
		if scaled[tc.name] && !raceDetector {
			sizes = append(sizes, image.Pt(2048, 1536), image.Pt(1999, 1203))
		}
		for _, size := range sizes {
			checkDecodeCost(t, tc, size, size == table)
		}
	}
	for _, name := range []string{"progressive JPEG CMYK", "PNG colour type 6, 16-bit, interlaced", "WebP lossy, alpha with 16 colours"} {
		if !scaled[name] {
			t.Errorf("no case %q", name)
		}
	}
}

// checkDecodeCost measures one case at one size; with perPixel it checks the table's figure
// for the decoder alone too.
func checkDecodeCost(t *testing.T, tc costCase, size image.Point, perPixel bool) {
	t.Helper()
	file := tc.file(size.X, size.Y)
	info, err := strip(t, file)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	var img image.Image
	decoded := allocated(func() { img, err = decoders[info.ContentType](bytes.NewReader(file)) })
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	if perPixel {
		// The table's figure, within what the decoder's fixed buffers (zlib's window, a
		// reader's buffer, tables) add.
		px := float64(size.X * size.Y)
		got := float64(decoded) / px
		t.Logf("%-40s %6.2f bytes per pixel (table: %.1f)", tc.name, got, tc.perPixel)
		if got < tc.perPixel || float64(decoded) > 1.02*tc.perPixel*px+64<<10 {
			t.Errorf("%s: the decoder takes %.2f bytes per pixel, the table says %.1f", tc.name, got, tc.perPixel)
		}
	}
	total := allocated(func() {
		photo, thumb, err := Decode(bytes.NewReader(file), info)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := encodeBoth(io.Discard, photo, thumb); err != nil {
			t.Fatal(err)
		}
	})
	cost := DecodeCost(info)
	// What DecodeCost may add beyond this file's needs: the fixed overhead, the bound for
	// files with many prefix codes, a costlier mode the header cannot rule out, and the copy
	// saved when the decoder's own RGBA image is the photo.
	slack := int64(decodeOverhead)
	if info.Mode.Lossless || info.Mode.Alpha == alphaLossless {
		slack += vp8lTreeBytes(info.Size)
	}
	if tc.assumed > 0 {
		slack += int64((tc.assumed - tc.perPixel) * float64(size.X*size.Y))
	}
	if _, ok := img.(*image.RGBA); ok && max(size.X, size.Y) <= PhotoMaxSide {
		slack += int64(4 * size.X * size.Y)
	}
	t.Logf("%-40s %v: pipeline %5.1f MB, DecodeCost %5.1f MB", tc.name, size, float64(total)/1e6, float64(cost)/1e6)
	if int64(total) > cost {
		t.Errorf("%s %v: the pipeline allocates %d bytes, DecodeCost says %d", tc.name, size, total, cost)
	}
	if float64(cost-slack) > 1.1*float64(total) {
		t.Errorf("%s %v: DecodeCost says %d bytes, %d more than the pipeline's %d", tc.name, size, cost, cost-int64(total), total)
	}
}

// encodeBoth encodes the stored copies as a photo's upload does, for measuring.
func encodeBoth(w io.Writer, photo, thumb *image.RGBA) error {
	for _, img := range []*image.RGBA{photo, thumb} {
		if _, err := Encode(w, img, photo.Opaque()); err != nil {
			return err
		}
	}
	return nil
}

// TestDecodeCost_WorstJPEG checks the cost of the worst photo known: a 312 KB
// progressive CMYK JPEG of 6320×6320 pixels, for which Go's decoder allocates 24 bytes per
// pixel (958 MB), beyond any sensible budget.
func TestDecodeCost_WorstJPEG(t *testing.T) {
	info, err := strip(t, imagetest.WorstJPEG())
	if err != nil {
		t.Fatal(err)
	}
	if cost := DecodeCost(info); cost < 24*6320*6320 {
		t.Errorf("DecodeCost = %d, below the decoder's own %d", cost, 24*6320*6320)
	}
}
