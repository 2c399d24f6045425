package imagetest

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
)

func TestJPEGDecodes(t *testing.T) {
	tests := []struct {
		name string
		j    JPEG
		want string
	}{
		{"grey", JPEG{Width: 33, Height: 17, Sampling: Gray}, "*image.Gray"},
		{"grey, progressive", JPEG{Width: 33, Height: 17, Sampling: Gray, Progressive: true}, "*image.Gray"},
		{"4:2:0", JPEG{Width: 33, Height: 17, Sampling: YCbCr420}, "*image.YCbCr"},
		{"4:2:2, progressive", JPEG{Width: 33, Height: 17, Sampling: YCbCr422, Progressive: true}, "*image.YCbCr"},
		{"4:4:4", JPEG{Width: 33, Height: 17, Sampling: YCbCr444}, "*image.YCbCr"},
		{"RGB", JPEG{Width: 33, Height: 17, Sampling: YCbCr444, Adobe: true, Transform: AdobeRGBOrCMYK}, "*image.RGBA"},
		{"CMYK", JPEG{Width: 33, Height: 17, Sampling: CMYK, Adobe: true, Transform: AdobeRGBOrCMYK}, "*image.CMYK"},
		{"YCCK, progressive", JPEG{Width: 33, Height: 17, Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}, {2, 2}}, Progressive: true, Adobe: true, Transform: AdobeYCCK}, "*image.CMYK"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, err := jpeg.Decode(bytes.NewReader(tc.j.Encode()))
			if err != nil {
				t.Fatal(err)
			}
			if got := img.Bounds().Size(); got != image.Pt(33, 17) {
				t.Errorf("size %v", got)
			}
			if got := typeName(img); got != tc.want {
				t.Errorf("decoded to %s, want %s", got, tc.want)
			}
		})
	}
}

func TestWorstJPEG(t *testing.T) {
	b := WorstJPEG()
	if n := len(b); n < 300_000 || n > 320_000 {
		t.Errorf("%d bytes, want about 312 KB", n)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != 6320 || cfg.Height != 6320 {
		t.Errorf("config %+v, %v", cfg, err)
	}
}
