package photos_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// noisyJPEG returns a JPEG of about size bytes with an EXIF block: noise compresses badly,
// like a phone photo's detail.
func noisyJPEG(b *testing.B, size int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	side := 800
	for {
		img := image.NewRGBA(image.Rect(0, 0, side, side))
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(256))
		}
		img.Set(0, 0, color.White)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
			b.Fatal(err)
		}
		if buf.Len() >= size {
			out := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x20}, "Exif\x00\x00MM\x00\x2a"+strings.Repeat("G", 20)...)
			return append(out, buf.Bytes()[2:]...)
		}
		side += side / 4
	}
}

// BenchmarkUploadJPEG uploads a 3 MB JPEG with EXIF as multipart, replacing the previous
// photo each time: streaming to a temporary file, metadata removal, a full decode, fsync,
// rename, record.
func BenchmarkUploadJPEG(b *testing.B) {
	photo := noisyJPEG(b, 3<<20)
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := clubtest.New(b, d)
		e.Register("alice", "Alice")
		body, ct := clubtest.MultipartBody(b, "photo", photo)
		b.SetBytes(int64(len(photo)))
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.Serve(clubtest.Req{Method: "POST", Path: "/api/figures", Token: e.Tokens["alice"], Body: body, ContentType: ct}); rec.Code != http.StatusCreated {
				b.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
		}
	})
}
