package chessclub

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"campus.example/apps/internal/imagetest"
)

// withJPEGEXIF inserts an APP1 EXIF segment holding tiff after a JPEG's SOI.
func withJPEGEXIF(b, tiff []byte) []byte {
	out := append([]byte{}, b[:2]...)
	out = append(out, jpegSegment(markerAPP1, exifPrefix+string(tiff))...)
	return append(out, b[2:]...)
}

// withPNGEXIF inserts an eXIf chunk holding tiff after a PNG's IHDR.
func withPNGEXIF(b, tiff []byte) []byte {
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, pngChunk("eXIf", tiff)...)
	return append(out, b[afterIHDR:]...)
}

// withWebPEXIF appends an EXIF chunk holding tiff to a WebP and fixes the RIFF size.
func withWebPEXIF(b, tiff []byte) []byte {
	out := append(append([]byte{}, b...), webpChunk("EXIF", tiff)...)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

// strip runs stripImage over b into a temporary file, with no size limit.
func strip(t testing.TB, b []byte) (imageInfo, error) {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "stripped"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return stripImage(bytes.NewReader(b), f, func(int, int) error { return nil })
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
		mode        decodeMode
	}{
		{"baseline 4:2:0 JPEG", imagetest.JPEG{Width: 30, Height: 20, Sampling: imagetest.YCbCr420}.Encode(), 30, 20, 1,
			decodeMode{Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3}}},
		{"progressive CMYK JPEG, orientation 6", withJPEGEXIF(progressiveCMYK.Encode(), tiffOrientation(be, 6)), 30, 20, 6,
			decodeMode{Progressive: true, Sampling: [][2]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3, 4}, Adobe: true}},
		{"grey JPEG from Go's encoder, orientation 8", withJPEGEXIF(testJPEG(t, 9, 7, false), tiffOrientation(le, 8)), 9, 7, 8,
			decodeMode{Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}}, ComponentIDs: []byte{1, 2, 3}}},
		{"16-bit interlaced PNG with tRNS, orientation 3", withPNGEXIF(imagetest.PNG{Width: 5, Height: 4, ColourType: imagetest.PNGRGB, Depth: 16, Interlaced: true, TRNS: true}.Encode(), tiffOrientation(le, 3)), 5, 4, 3,
			decodeMode{ColourType: 2, Depth: 16, Interlaced: true, Transparency: true}},
		{"palette PNG", imagetest.PNG{Width: 5, Height: 4, ColourType: imagetest.PNGPalette, Depth: 4}.Encode(), 5, 4, 1,
			decodeMode{ColourType: 3, Depth: 4}},
		{"lossless WebP, orientation 5", withWebPEXIF(imagetest.LosslessWebP(7, 3, 16), tiffOrientation(be, 5)), 7, 3, 5,
			decodeMode{Lossless: true}},
		{"lossy WebP", imagetest.LossyWebP(17, 9, -1), 17, 9, 1, decodeMode{}},
		{"lossy WebP with lossless alpha", imagetest.LossyWebP(17, 9, 2), 17, 9, 1, decodeMode{Alpha: alphaLossless}},
		{"WebP EXIF with its prefix, orientation 7", withWebPEXIF(imagetest.LossyWebP(17, 9, -1), append([]byte(exifPrefix), tiffOrientation(le, 7)...)), 17, 9, 7, decodeMode{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			info, err := strip(t, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			diff(t, "size", [2]int{info.Width, info.Height}, [2]int{tc.w, tc.h})
			diff(t, "orientation", info.Orientation, tc.orientation)
			diff(t, "mode", info.Mode, tc.mode)
		})
	}
}
