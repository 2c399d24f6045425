package imagetest

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

func TestPNGDecodes(t *testing.T) {
	tests := []struct {
		p    PNG
		want string
	}{
		{PNG{ColourType: PNGGray, Depth: 1}, "*image.Gray"},
		{PNG{ColourType: PNGGray, Depth: 8, TRNS: true}, "*image.NRGBA"},
		{PNG{ColourType: PNGGray, Depth: 16, Interlaced: true}, "*image.Gray16"},
		{PNG{ColourType: PNGRGB, Depth: 8}, "*image.RGBA"},
		{PNG{ColourType: PNGRGB, Depth: 16, TRNS: true}, "*image.NRGBA64"},
		{PNG{ColourType: PNGPalette, Depth: 4, TRNS: true, Interlaced: true}, "*image.Paletted"},
		{PNG{ColourType: PNGGrayAlpha, Depth: 8}, "*image.NRGBA"},
		{PNG{ColourType: PNGRGBA, Depth: 16, Interlaced: true}, "*image.NRGBA64"},
	}
	for _, tc := range tests {
		for _, size := range []image.Point{{1, 1}, {3, 2}, {37, 19}} {
			tc.p.Width, tc.p.Height = size.X, size.Y
			img, err := png.Decode(bytes.NewReader(tc.p.Encode()))
			if err != nil {
				t.Fatalf("%+v: %v", tc.p, err)
			}
			if got := img.Bounds().Size(); got != size {
				t.Errorf("%+v: size %v", tc.p, got)
			}
			if got := typeName(img); got != tc.want {
				t.Errorf("%+v decoded to %s, want %s", tc.p, got, tc.want)
			}
		}
	}
}
