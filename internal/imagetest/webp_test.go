package imagetest

import (
	"bytes"
	"image"
	"testing"

	"golang.org/x/image/webp"
)

func TestWebPDecodes(t *testing.T) {
	tests := []struct {
		name string
		enc  func(w, h int) []byte
		want string
	}{
		{"lossless", func(w, h int) []byte { return LosslessWebP(w, h, 0) }, "*image.NRGBA"},
		{"lossless, 16 colours", func(w, h int) []byte { return LosslessWebP(w, h, 16) }, "*image.NRGBA"},
		{"lossless, 2 colours", func(w, h int) []byte { return LosslessWebP(w, h, 2) }, "*image.NRGBA"},
		{"lossy", func(w, h int) []byte { return LossyWebP(w, h, -1) }, "*image.YCbCr"},
		{"lossy with alpha", func(w, h int) []byte { return LossyWebP(w, h, 0) }, "*image.NYCbCrA"},
		{"lossy with palette alpha", func(w, h int) []byte { return LossyWebP(w, h, 16) }, "*image.NYCbCrA"},
	}
	for _, tc := range tests {
		for _, size := range []image.Point{{1, 1}, {17, 5}, {300, 200}} {
			img, err := webp.Decode(bytes.NewReader(tc.enc(size.X, size.Y)))
			if err != nil {
				t.Fatalf("%s %v: %v", tc.name, size, err)
			}
			if got := img.Bounds().Size(); got != size {
				t.Errorf("%s: size %v, want %v", tc.name, got, size)
			}
			if got := typeName(img); got != tc.want {
				t.Errorf("%s decoded to %s, want %s", tc.name, got, tc.want)
			}
		}
	}
}
