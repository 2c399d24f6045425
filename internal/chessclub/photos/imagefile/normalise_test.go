package imagefile

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFitWithin(t *testing.T) {
	tests := []struct{ w, h, side, ww, wh int }{
		{4000, 3000, 1024, 1024, 768},
		{3000, 4000, 1024, 768, 1024},
		{1024, 1024, 1024, 1024, 1024},
		{800, 600, 1024, 800, 600},
		{6320, 1, 1024, 1024, 1},
		{1, 65535, 1024, 1, 1024},
		{1025, 3, 1024, 1024, 3},
	}
	for _, tc := range tests {
		if w, h := fitWithin(tc.w, tc.h, tc.side); w != tc.ww || h != tc.wh {
			t.Errorf("fitWithin(%d, %d, %d) = %d×%d, want %d×%d", tc.w, tc.h, tc.side, w, h, tc.ww, tc.wh)
		}
	}
}

// indexed is a w×h image whose pixel (x, y) has red x and green y.
func indexed(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), 0, 255})
		}
	}
	return img
}

// TestOrient checks each EXIF orientation against its definition in the EXIF standard
// (tag 0x0112): which side of the shown picture the stored 0th row and the stored 0th
// column lie on.
func TestOrient(t *testing.T) {
	const w, h = 5, 3
	tests := []struct {
		o           int
		row0, col0  string // sides of the shown picture
		shownW, shH int
	}{
		{1, "top", "left", w, h},
		{2, "top", "right", w, h},
		{3, "bottom", "right", w, h},
		{4, "bottom", "left", w, h},
		{5, "left", "top", h, w},
		{6, "right", "top", h, w},
		{7, "right", "bottom", h, w},
		{8, "left", "bottom", h, w},
	}
	// side returns the pixels along one side of img, from the end the stored first column
	// or row should start at.
	side := func(img *image.RGBA, s string) []color.RGBA {
		b := img.Bounds()
		var out []color.RGBA
		switch s {
		case "top", "bottom":
			y := b.Min.Y
			if s == "bottom" {
				y = b.Max.Y - 1
			}
			for x := b.Min.X; x < b.Max.X; x++ {
				out = append(out, img.RGBAAt(x, y))
			}
		default:
			x := b.Min.X
			if s == "right" {
				x = b.Max.X - 1
			}
			for y := b.Min.Y; y < b.Max.Y; y++ {
				out = append(out, img.RGBAAt(x, y))
			}
		}
		return out
	}
	// contains reports whether every pixel of want is among got.
	contains := func(got []color.RGBA, want func(c color.RGBA) bool, n int) bool {
		count := 0
		for _, c := range got {
			if want(c) {
				count++
			}
		}
		return count == n && len(got) == n
	}
	for _, tc := range tests {
		out := Orient(indexed(w, h), tc.o)
		if got := out.Bounds().Size(); got != image.Pt(tc.shownW, tc.shH) {
			t.Errorf("orientation %d: shown as %v, want %d×%d", tc.o, got, tc.shownW, tc.shH)
			continue
		}
		if !contains(side(out, tc.row0), func(c color.RGBA) bool { return c.G == 0 }, w) {
			t.Errorf("orientation %d: the stored 0th row is not along the shown %s: %v", tc.o, tc.row0, side(out, tc.row0))
		}
		if !contains(side(out, tc.col0), func(c color.RGBA) bool { return c.R == 0 }, h) {
			t.Errorf("orientation %d: the stored 0th column is not along the shown %s: %v", tc.o, tc.col0, side(out, tc.col0))
		}
	}
	if in := indexed(w, h); Orient(in, 0) != in || Orient(in, 9) != in {
		t.Error("an orientation outside 1–8 changed the image")
	}
}

func TestBoxShrink(t *testing.T) {
	src := image.NewGray(image.Rect(10, 20, 15, 23)) // 5×3, not at the origin
	vals := [][]uint8{
		{0, 10, 20, 30, 40},
		{50, 60, 70, 80, 90},
		{100, 110, 120, 130, 140},
	}
	for y, row := range vals {
		for x, v := range row {
			src.SetGray(10+x, 20+y, color.Gray{v})
		}
	}
	out := boxShrink(src, src.Bounds(), 2)
	want := [][]uint8{
		{30, 50, 65},    // (0+10+50+60)/4, (20+30+70+80)/4, (40+90)/2
		{105, 125, 140}, // (100+110)/2, (120+130)/2, 140
	}
	if got := out.Bounds().Size(); got != image.Pt(3, 2) {
		t.Fatalf("size %v", got)
	}
	for y, row := range want {
		for x, v := range row {
			if got := out.RGBAAt(x, y); got != (color.RGBA{v, v, v, 255}) {
				t.Errorf("(%d, %d) = %v, want grey %d", x, y, got, v)
			}
		}
	}
}

func TestNormalise(t *testing.T) {
	tests := []struct {
		name    string
		w, h, o int
		photo   image.Point
		thumb   image.Point
	}{
		{"landscape, large", 2400, 1800, 1, image.Pt(1024, 768), image.Pt(128, 128)},
		{"landscape, turned a quarter", 2400, 1800, 6, image.Pt(768, 1024), image.Pt(128, 128)},
		{"tall panorama", 200, 2400, 1, image.Pt(85, 1024), image.Pt(85, 85)},
		{"small", 300, 200, 1, image.Pt(300, 200), image.Pt(128, 128)},
		{"smaller than a thumbnail", 100, 50, 8, image.Pt(50, 100), image.Pt(50, 50)},
		{"one pixel", 1, 1, 1, image.Pt(1, 1), image.Pt(1, 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := image.NewYCbCr(image.Rect(0, 0, tc.w, tc.h), image.YCbCrSubsampleRatio420)
			for i := range src.Y {
				src.Y[i] = 200
			}
			for i := range src.Cb {
				src.Cb[i], src.Cr[i] = 90, 160
			}
			want := color.RGBAModel.Convert(src.At(0, 0)).(color.RGBA)
			photo, thumb := normalise(src, tc.o)
			if d := cmp.Diff([2]image.Point{tc.photo, tc.thumb}, [2]image.Point{photo.Bounds().Size(), thumb.Bounds().Size()}); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "sizes", d)
			}
			// A flat picture stays flat and keeps its colour through both scalers.
			for _, img := range []*image.RGBA{photo, thumb} {
				b := img.Bounds()
				for _, p := range []image.Point{b.Min, b.Max.Sub(image.Pt(1, 1)), {b.Dx() / 2, b.Dy() / 2}} {
					if got := img.RGBAAt(p.X, p.Y); absDiff(got.R, want.R) > 1 || absDiff(got.G, want.G) > 1 || absDiff(got.B, want.B) > 1 || got.A != 255 {
						t.Errorf("pixel %v = %v, want %v", p, got, want)
					}
				}
			}
		})
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestAddBoxRow checks the packed sums against a plain per-channel sum: four channels of
// different values (so that a lane mixed up shows), a partial last box, and boxes up to
// and past the 256 pixels a lane holds, at the largest value (so that an overflow shows).
func TestAddBoxRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name  string
		width int
		k     int
		pixel func(x int) [4]uint8
	}{
		{"distinct channels", 11, 3, func(x int) [4]uint8 { return [4]uint8{uint8(x), uint8(100 + x), uint8(200 + x), 255 - uint8(x)} }},
		{"random, k=1", 9, 1, func(int) [4]uint8 {
			return [4]uint8{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32())}
		}},
		{"random, k=7, partial box", 50, 7, func(int) [4]uint8 {
			return [4]uint8{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32())}
		}},
		{"all 255, k=197", 197*3 + 5, 197, func(int) [4]uint8 { return [4]uint8{255, 255, 255, 255} }},
		{"all 255, k=600 (past a lane's 257)", 600*2 + 3, 600, func(int) [4]uint8 { return [4]uint8{255, 255, 255, 255} }},
	} {
		row := make([]byte, 4*tc.width)
		want := make([]uint32, 4*ceilDiv(tc.width, tc.k))
		for x := range tc.width {
			p := tc.pixel(x)
			copy(row[4*x:], p[:])
			for c := range 4 {
				want[4*(x/tc.k)+c] += uint32(p[c])
			}
		}
		got := make([]uint32, len(want))
		addBoxRow(got, row, tc.k)
		addBoxRow(got, row, tc.k) // sums accumulate over rows
		for i := range want {
			if got[i] != 2*want[i] {
				t.Errorf("%s: sum %d (box %d, channel %d) = %d, want %d", tc.name, i, i/4, i%4, got[i], 2*want[i])
			}
		}
	}
}
