package imagefile

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/imagetest"
)

// strip runs Strip over b into a temporary file, with no size limit.
func strip(t testing.TB, b []byte) (Info, error) {
	info, _, err := stripped(t, b)
	return info, err
}

// stripped is strip, and returns the bytes that Strip kept too.
func stripped(t testing.TB, b []byte) (Info, []byte, error) {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "stripped"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := Strip(bytes.NewReader(b), f, func(int, int) error { return nil })
	if err != nil {
		return info, nil, err
	}
	kept, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return info, kept, nil
}

// TestStripImageMode checks what the header readers learn for the decoder's memory and the
// picture's orientation, for each format and mode.
func TestStripImageMode(t *testing.T) {
	be, le := binary.BigEndian, binary.LittleEndian
	progressiveCMYK := imagetest.JPEG{Width: 30, Height: 20, Sampling: imagetest.CMYK, Progressive: true, Adobe: true, Transform: imagetest.AdobeRGBOrCMYK}
	tests := []struct {
		name        string
		file        []byte
		w, h        int
		orientation int
		mode        Mode
	}{
		{"baseline 4:2:0 JPEG", imagetest.JPEG{Width: 30, Height: 20, Sampling: imagetest.YCbCr420}.Encode(), 30, 20, 1,
			Mode{Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3}}},
		{"progressive CMYK JPEG, orientation 6", imagetest.WithJPEGEXIF(progressiveCMYK.Encode(), imagetest.TIFFOrientation(be, 6)), 30, 20, 6,
			Mode{Progressive: true, Sampling: [][2]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3, 4}, Adobe: true}},
		{"grey JPEG from Go's encoder, orientation 8", imagetest.WithJPEGEXIF(imagetest.SampleJPEG(t, 9, 7, false), imagetest.TIFFOrientation(le, 8)), 9, 7, 8,
			Mode{Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3}}},
		{"16-bit interlaced PNG with tRNS, orientation 3", imagetest.WithPNGEXIF(imagetest.PNG{Width: 5, Height: 4, ColourType: imagetest.PNGRGB, Depth: 16, Interlaced: true, TRNS: true}.Encode(), imagetest.TIFFOrientation(le, 3)), 5, 4, 3,
			Mode{ColourType: 2, Depth: 16, Interlaced: true, Transparency: true}},
		{"palette PNG", imagetest.PNG{Width: 5, Height: 4, ColourType: imagetest.PNGPalette, Depth: 4}.Encode(), 5, 4, 1,
			Mode{ColourType: 3, Depth: 4}},
		{"lossless WebP, orientation 5", imagetest.WithWebPEXIF(imagetest.LosslessWebP(7, 3, 16), imagetest.TIFFOrientation(be, 5)), 7, 3, 5,
			Mode{Lossless: true}},
		{"lossy WebP", imagetest.LossyWebP(17, 9, -1), 17, 9, 1, Mode{}},
		{"lossy WebP with lossless alpha", imagetest.LossyWebP(17, 9, 2), 17, 9, 1, Mode{Alpha: alphaLossless}},
		{"WebP EXIF with its prefix, orientation 7", imagetest.WithWebPEXIF(imagetest.LossyWebP(17, 9, -1), append([]byte(exifPrefix), imagetest.TIFFOrientation(le, 7)...)), 17, 9, 7, Mode{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			info, err := strip(t, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff([2]int{tc.w, tc.h}, [2]int{info.Width, info.Height}); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "size", d)
			}
			if d := cmp.Diff(tc.orientation, info.Orientation); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "orientation", d)
			}
			if d := cmp.Diff(tc.mode, info.Mode); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "mode", d)
			}
		})
	}
}
