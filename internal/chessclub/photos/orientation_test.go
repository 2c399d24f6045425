package photos_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// quadrants is a w×h picture of four flat colours, one per quarter, which survive JPEG.
func quadrants(w, h int) *image.RGBA {
	colours := [4]color.RGBA{{220, 30, 30, 255}, {30, 200, 40, 255}, {40, 60, 220, 255}, {230, 220, 40, 255}}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			q := 2*(2*y/h) + 2*x/w
			img.SetRGBA(x, y, colours[q])
		}
	}
	return img
}

// TestPhotoOrientation uploads a picture with each EXIF orientation, as phones write them
// (a photo taken upright is stored sideways with Orientation 6), in a JPEG's APP1 and a
// PNG's eXIf, and checks that the stored photo and thumbnail are the picture turned as the
// orientation says (orient, checked against the EXIF standard by TestOrient), with no
// orientation left to apply.
func TestPhotoOrientation(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite).WithMembers()
	src := quadrants(96, 64)
	var jpg, pngBuf bytes.Buffer
	if err := jpeg.Encode(&jpg, src, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&pngBuf, src); err != nil {
		t.Fatal(err)
	}
	for o := 1; o <= 8; o++ {
		for _, format := range []string{"JPEG", "PNG"} {
			var upload []byte
			if format == "JPEG" {
				upload = imagetest.WithJPEGEXIF(jpg.Bytes(), imagetest.TIFFOrientation(binary.BigEndian, o))
			} else {
				upload = imagetest.WithPNGEXIF(pngBuf.Bytes(), imagetest.TIFFOrientation(binary.LittleEndian, o))
			}
			var f photos.Figure
			e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: upload, ContentType: "image/jpeg"}, http.StatusCreated).Decode(t, &f)
			want := imagefile.Orient(src, o)
			// The thumbnail is the photo's middle square.
			wb := want.Bounds()
			s := min(wb.Dx(), wb.Dy())
			x0, y0 := (wb.Dx()-s)/2, (wb.Dy()-s)/2
			wantThumb := image.NewRGBA(image.Rect(0, 0, s, s))
			draw.Draw(wantThumb, wantThumb.Rect, want, image.Pt(x0, y0), draw.Src)
			for _, file := range []struct {
				url  string
				want *image.RGBA
			}{{f.URL, want}, {f.ThumbnailURL, wantThumb}} {
				got, err := jpeg.Decode(bytes.NewReader(e.MustDo(clubtest.Req{Method: "GET", Path: file.url}, http.StatusOK).Body))
				if err != nil {
					t.Fatal(err)
				}
				b := got.Bounds()
				if b.Size() != file.want.Bounds().Size() {
					t.Errorf("%s, orientation %d: %s is %v, want %v", format, o, file.url, b.Size(), file.want.Bounds().Size())
					continue
				}
				// The middle of each quarter holds its colour.
				for _, p := range []image.Point{{b.Dx() / 4, b.Dy() / 4}, {3 * b.Dx() / 4, b.Dy() / 4}, {b.Dx() / 4, 3 * b.Dy() / 4}, {3 * b.Dx() / 4, 3 * b.Dy() / 4}} {
					g := color.RGBAModel.Convert(got.At(p.X, p.Y)).(color.RGBA)
					w := file.want.RGBAAt(p.X, p.Y)
					if absDiff(g.R, w.R) > 12 || absDiff(g.G, w.G) > 12 || absDiff(g.B, w.B) > 12 {
						t.Errorf("%s, orientation %d: %s pixel %v is %v, want %v", format, o, file.url, p, g, w)
					}
				}
			}
		}
	}
	// The phone's case spelled out: a landscape sensor image with Orientation 6 is stored
	// as a portrait whose top row is the sensor image's first column.
	turned := imagefile.Orient(src, 6)
	if turned.Bounds().Size() != image.Pt(64, 96) || turned.RGBAAt(63, 0) != src.RGBAAt(0, 0) {
		t.Errorf("orientation 6 of the sensor image: %v, top right %v", turned.Bounds().Size(), turned.RGBAAt(63, 0))
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
