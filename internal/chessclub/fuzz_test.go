package chessclub

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
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

// checkStrip runs stripImage over b and checks what must hold for any input: it fails only
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
	info, err := stripImage(bytes.NewReader(b), &out, limit)
	if err != nil {
		var bad *badImage
		if !errors.As(err, &bad) && !errors.Is(err, errNotImage) && !errors.Is(err, errFuzzTooBig) {
			t.Fatalf("stripImage failed with %T %v", err, err)
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
	if cost := decodeCost(info); cost <= 0 {
		t.Fatalf("decodeCost = %d", cost)
	}
	var again memFile
	info2, err := stripImage(bytes.NewReader(out.b), &again, limit)
	if err != nil {
		t.Fatalf("the stripped file does not strip again: %v", err)
	}
	if !bytes.Equal(again.b, out.b) {
		t.Fatalf("stripping twice changed the file: %d bytes, then %d", len(out.b), len(again.b))
	}
	info.Orientation, info2.Orientation = 1, 1 // the EXIF block is gone the second time
	diff(t, "info after stripping again", info2, info)
}

func FuzzStripJPEG(f *testing.F) {
	f.Add(testJPEG(f, 9, 7, true))
	f.Add(leakyJPEG(f))
	f.Add(withJPEGEXIF(testJPEG(f, 4, 4, false), tiffOrientation(binary.BigEndian, 6)))
	f.Add(imagetest.JPEG{Width: 17, Height: 9, Sampling: imagetest.CMYK, Progressive: true, Adobe: true}.Encode())
	f.Add(imagetest.JPEG{Width: 17, Height: 9, Sampling: [][2]int{{2, 2}, {1, 1}, {1, 1}, {2, 2}}, Adobe: true, Transform: imagetest.AdobeYCCK}.Encode())
	f.Add(jpegSecondSOF(f, testJPEG(f, 8, 8, false), 60000, 60000))
	f.Add(jpegNoiseScan(f, testJPEG(f, 8, 8, false)))
	f.Fuzz(checkStrip)
}

func FuzzStripPNG(f *testing.F) {
	f.Add(testPNG(f, 5, 3, true))
	f.Add(leakyPNG(f))
	f.Add(withPNGEXIF(testPNG(f, 3, 3, false), tiffOrientation(binary.LittleEndian, 8)))
	f.Add(imagetest.PNG{Width: 9, Height: 5, ColourType: imagetest.PNGPalette, Depth: 2, Interlaced: true, TRNS: true}.Encode())
	f.Add(imagetest.PNG{Width: 9, Height: 5, ColourType: imagetest.PNGGray, Depth: 16, TRNS: true}.Encode())
	f.Add(pngClaiming(60000, 60000))
	f.Fuzz(checkStrip)
}

func FuzzStripWebP(f *testing.F) {
	f.Add(testWebP(f))
	f.Add(leakyWebP())
	f.Add(webpLossy)
	f.Add(withWebPEXIF(imagetest.LosslessWebP(5, 3, 16), tiffOrientation(binary.BigEndian, 3)))
	f.Add(imagetest.LossyWebP(17, 9, 2))
	f.Add(webpClaiming(16384, 16384))
	f.Fuzz(checkStrip)
}

// FuzzEXIFOrientation checks that any EXIF block gives an orientation of 1 to 8 without
// reading outside it.
func FuzzEXIFOrientation(f *testing.F) {
	f.Add(tiffOrientation(binary.BigEndian, 6))
	f.Add(append([]byte(exifPrefix), tiffOrientation(binary.LittleEndian, 8)...))
	f.Add(tiffWithEntries(binary.LittleEndian, [4]uint32{0x0112, 3, 2, 6}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := exifOrientation(b); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}

// FuzzUploadMultipart sends any multipart body to POST /api/figures as a logged-in member
// and checks that the answer is a success or a client error (problem+json), never a 5xx,
// and that no temporary file is left behind.
func FuzzUploadMultipart(f *testing.F) {
	small := testJPEG(f, 8, 8, true)
	for _, fields := range [][]any{
		{"photo", small},
		{"member_id", "1", "photo", testPNG(f, 5, 5, true)},
		{"photo", webpLossy, "member_id", "2"},
		{"photo", small, "photo", small},
		{"caption", "me"},
	} {
		body, ct := multipartBody(f, fields...)
		_, boundary, _ := strings.Cut(ct, "boundary=")
		f.Add(body, boundary)
	}
	body, ct := multipartBody(f, "photo", small)
	_, boundary, _ := strings.Cut(ct, "boundary=")
	f.Add(body[:len(body)/2], boundary)
	f.Add([]byte("--x\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\n\xff\xd8\xff\r\n--x--\r\n"), "x")

	e := newEnv(f, sqldb.SQLite, func(c *Config) {
		c.MaxPixels, c.MaxPhotoBytes, c.PhotoMemory = 1<<20, 1<<20, MinPhotoMemory
	}).withMembers()
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		r := req{method: "POST", path: "/api/figures", as: "alice", body: body, contentType: "multipart/form-data; boundary=" + boundary}
		et := *e // the same server, reporting to this input's t
		et.t = t
		res := et.do(r)
		switch {
		case res.status == http.StatusCreated:
		case res.status >= 400 && res.status < 500:
			if res.header.Get("Content-Type") != problem.ContentType {
				t.Fatalf("%d without a problem document: %s", res.status, res.body)
			}
		default:
			t.Fatalf("status %d: %s", res.status, res.body)
		}
		entries, err := os.ReadDir(e.cfg.FiguresDir)
		if err != nil {
			t.Fatal(err)
		}
		for _, de := range entries {
			if strings.HasPrefix(de.Name(), tempPrefix) {
				t.Fatalf("temporary file %s left", de.Name())
			}
		}
	})
}

func bufioOf(b []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(b)) }
