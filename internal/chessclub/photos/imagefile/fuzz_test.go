package imagefile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/imagetest"
)

// The fuzz targets run their seeds (f.Add and testdata/fuzz) on every go test; to search for
// new inputs:
//
//	go test -run '^$' -fuzz FuzzStripJPEG -fuzztime 60s ./internal/chessclub/

// memFile is an in-memory io.WriteSeeker.
type memFile struct {
	b   []byte
	pos int
}

func (m *memFile) Write(p []byte) (int, error) {
	if end := m.pos + len(p); end > len(m.b) {
		m.b = append(m.b, make([]byte, end-len(m.b))...)
	}
	m.pos += copy(m.b[m.pos:], p)
	return len(p), nil
}

func (m *memFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += int64(m.pos)
	case io.SeekEnd:
		offset += int64(len(m.b))
	}
	if offset < 0 {
		return 0, errors.New("negative position")
	}
	m.pos = int(offset)
	return offset, nil
}

// errFuzzTooBig is the fuzz targets' pixel limit, kept small so that they run fast.
var errFuzzTooBig = errors.New("too many pixels")

// checkStrip runs Strip over b and checks what must hold for any input: it fails only
// with the errors it documents; what it keeps starts like the format, has the size it
// reports, holds a size within the limit and an orientation of 1 to 8, has a decoding cost
// that can be computed, and strips again to the very same bytes (nothing it keeps is
// something it would drop).
func checkStrip(t *testing.T, b []byte) {
	limit := func(w, h int) error {
		if w <= 0 || h <= 0 || int64(w)*int64(h) > 1<<22 {
			return errFuzzTooBig
		}
		return nil
	}
	var out memFile
	info, err := Strip(bytes.NewReader(b), &out, limit)
	if err != nil {
		var bad *BadImage
		if !errors.As(err, &bad) && !errors.Is(err, ErrNotImage) && !errors.Is(err, errFuzzTooBig) {
			t.Fatalf("Strip failed with %T %v", err, err)
		}
		return
	}
	if info.Size != int64(len(out.b)) || len(out.b) == 0 {
		t.Fatalf("info.Size %d, wrote %d bytes", info.Size, len(out.b))
	}
	if typ, err := sniff(bufioOf(out.b)); err != nil || typ != info.ContentType {
		t.Fatalf("stripped %s starts as %q (%v)", info.ContentType, typ, err)
	}
	if limit(info.Width, info.Height) != nil || info.Orientation < 1 || info.Orientation > 8 {
		t.Fatalf("info %+v", info)
	}
	if cost := DecodeCost(info); cost <= 0 {
		t.Fatalf("DecodeCost = %d", cost)
	}
	var again memFile
	info2, err := Strip(bytes.NewReader(out.b), &again, limit)
	if err != nil {
		t.Fatalf("the stripped file does not strip again: %v", err)
	}
	if !bytes.Equal(again.b, out.b) {
		t.Fatalf("stripping twice changed the file: %d bytes, then %d", len(out.b), len(again.b))
	}
	info.Orientation, info2.Orientation = 1, 1 // the EXIF block is gone the second time
	if d := cmp.Diff(info, info2); d != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", "info after stripping again", d)
	}
}

func FuzzStripJPEG(f *testing.F) {
	f.Add(imagetest.SampleJPEG(f, 9, 7, true))
	f.Add(imagetest.LeakyJPEG(f))
	f.Add(imagetest.WithJPEGEXIF(imagetest.SampleJPEG(f, 4, 4, false), imagetest.TIFFOrientation(binary.BigEndian, 6)))
	f.Add(imagetest.JPEG{Width: 17, Height: 9, Sampling: imagetest.CMYK, Progressive: true, Adobe: true}.Encode())
	f.Add(imagetest.JPEG{Width: 17, Height: 9, Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}, {2, 2}}, Adobe: true, Transform: imagetest.AdobeYCCK}.Encode())
	f.Add(imagetest.JPEGSecondSOF(f, imagetest.SampleJPEG(f, 8, 8, false), 60000, 60000))
	f.Add(imagetest.JPEGNoiseScan(f, imagetest.SampleJPEG(f, 8, 8, false)))
	f.Fuzz(checkStrip)
}

func FuzzStripPNG(f *testing.F) {
	f.Add(imagetest.SamplePNG(f, 5, 3, true))
	f.Add(imagetest.LeakyPNG(f))
	f.Add(imagetest.WithPNGEXIF(imagetest.SamplePNG(f, 3, 3, false), imagetest.TIFFOrientation(binary.LittleEndian, 8)))
	f.Add(imagetest.PNG{Width: 9, Height: 5, ColourType: imagetest.PNGPalette, Depth: 2, Interlaced: true, TRNS: true}.Encode())
	f.Add(imagetest.PNG{Width: 9, Height: 5, ColourType: imagetest.PNGGray, Depth: 16, TRNS: true}.Encode())
	f.Add(imagetest.PNGClaiming(60000, 60000))
	f.Fuzz(checkStrip)
}

func FuzzStripWebP(f *testing.F) {
	f.Add(imagetest.SampleWebP(f))
	f.Add(imagetest.LeakyWebP())
	f.Add(imagetest.TinyWebP)
	f.Add(imagetest.WithWebPEXIF(imagetest.LosslessWebP(5, 3, 16), imagetest.TIFFOrientation(binary.BigEndian, 3)))
	f.Add(imagetest.LossyWebP(17, 9, 2))
	f.Add(imagetest.WebPClaiming(16384, 16384))
	f.Fuzz(checkStrip)
}

// FuzzEXIFOrientation checks that any EXIF block gives an orientation of 1 to 8 without
// reading outside it.
func FuzzEXIFOrientation(f *testing.F) {
	f.Add(imagetest.TIFFOrientation(binary.BigEndian, 6))
	f.Add(append([]byte(exifPrefix), imagetest.TIFFOrientation(binary.LittleEndian, 8)...))
	f.Add(imagetest.TIFFWithEntries(binary.LittleEndian, [4]uint32{0x0112, 3, 2, 6}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := exifOrientation(b); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}

func bufioOf(b []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(b)) }
