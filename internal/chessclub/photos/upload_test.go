package photos_test

import (
	_ "image/jpeg"
	_ "image/png"

	_ "golang.org/x/image/webp"

	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

func TestPhotos(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*chessclub.Config)) {
		e := clubtest.New(t, d, storage).WithMembers()
		alice := e.IDs["alice"]
		jpegExif := imagetest.SampleJPEG(t, 40, 30, true)
		pngMeta := imagetest.SamplePNG(t, 20, 10, true)
		webpMeta := imagetest.SampleWebP(t)
		tests := []struct {
			name          string
			raw           bool
			contentType   string // of a raw body
			photo         []byte
			wantType      string
			width, height int
		}{
			{"JPEG with EXIF, multipart", false, "", jpegExif, imagefile.TypeJPEG, 40, 30},
			{"JPEG with EXIF, raw", true, "image/jpeg", jpegExif, imagefile.TypeJPEG, 40, 30},
			{"JPEG labelled PNG", true, "image/png", jpegExif, imagefile.TypeJPEG, 40, 30},
			{"PNG with text and eXIf", false, "", pngMeta, imagefile.TypeJPEG, 20, 10},
			{"PNG as octet-stream", true, "application/octet-stream", pngMeta, imagefile.TypeJPEG, 20, 10},
			{"PNG with transparent pixels", true, "image/png", transparentPNG(t, 30, 20), imagefile.TypePNG, 30, 20},
			{"WebP with EXIF and XMP", false, "", webpMeta, imagefile.TypeJPEG, 1, 1},
			{"plain lossy WebP, raw", true, "image/webp", imagetest.TinyWebP, imagefile.TypeJPEG, 1, 1},
			{"JPEG with JFIF thumbnail, JFXX, ICC, JPG0 and COM", true, "image/jpeg", imagetest.LeakyJPEG(t), imagefile.TypeJPEG, 40, 30},
			{"PNG with private and lower-case chunks", true, "image/png", imagetest.LeakyPNG(t), imagefile.TypeJPEG, 20, 10},
			{"WebP with ICC profile and unknown chunks", true, "image/webp", imagetest.LeakyWebP(), imagefile.TypeJPEG, 1, 1},
			{"large JPEG, scaled down", true, "image/jpeg", imagetest.SampleJPEG(t, 1300, 800, true), imagefile.TypeJPEG, 1024, 630},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice"}
				if tc.raw {
					r.Body, r.ContentType = tc.photo, tc.contentType
				} else {
					r.Body, r.ContentType = clubtest.MultipartBody(t, "photo", tc.photo)
				}
				res := e.MustDo(r, http.StatusCreated)
				var f photos.Figure
				res.Decode(t, &f)
				stored := files(e).Read(f.ID + photos.FigureExt[tc.wantType])
				clubtest.Diff(t, "figure", f, photos.Figure{ID: f.ID, MemberID: alice, ContentType: tc.wantType, Size: int64(len(stored)),
					Width: tc.width, Height: tc.height, URL: "/api/figures/" + f.ID, ThumbnailURL: "/api/figures/" + f.ID + "/thumbnail", CreatedAt: clubtest.T0})
				if !photos.FigureID.MatchString(f.ID) {
					t.Errorf("id %q is not 128 random bits in hex", f.ID)
				}
				thumbSide := min(tc.width, tc.height, imagefile.ThumbSide)
				// Both stored files are fresh encodings: nothing of the upload's metadata
				// can be in them, and they hold no metadata of their own.
				for _, file := range []struct {
					url  string
					size image.Point
				}{{f.URL, image.Pt(tc.width, tc.height)}, {f.ThumbnailURL, image.Pt(thumbSide, thumbSide)}} {
					got := e.MustDo(clubtest.Req{Method: "GET", Path: file.url}, http.StatusOK)
					for _, leak := range []string{imagetest.GPSMarker, imagetest.SecretMarker, "Exif", "xmpmeta", "eXIf", "tEXt", "iTXt", "ICC_PROFILE", "JFIF", "JFXX"} {
						if bytes.Contains(got.Body, []byte(leak)) {
							t.Errorf("%s still holds %q", file.url, leak)
						}
					}
					clubtest.Diff(t, file.url+" structure", imagetest.Metadata(t, got.Body), []string(nil))
					img, _, err := image.Decode(bytes.NewReader(got.Body))
					if err != nil {
						t.Fatalf("%s does not decode: %v", file.url, err)
					}
					clubtest.Diff(t, file.url+" decoded size", img.Bounds().Size(), file.size)
					clubtest.Diff(t, file.url+" headers", map[string]string{"type": got.Header.Get("Content-Type"), "cache": got.Header.Get("Cache-Control")},
						map[string]string{"type": tc.wantType, "cache": "public, max-age=31536000, immutable"})
					etag := got.Header.Get("ETag")
					e.MustDo(clubtest.Req{Method: "GET", Path: file.url, Header: map[string]string{"If-None-Match": etag}}, http.StatusNotModified)
				}
				// The photo is served byte for byte as stored.
				if got := e.MustDo(clubtest.Req{Method: "GET", Path: f.URL}, http.StatusOK); !bytes.Equal(got.Body, stored) {
					t.Errorf("served bytes differ from the stored file")
				}

				var me members.Member
				e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", As: "alice"}, http.StatusOK).Decode(t, &me)
				if me.PhotoURL == nil || *me.PhotoURL != f.URL || me.ThumbnailURL == nil || *me.ThumbnailURL != f.ThumbnailURL {
					t.Errorf("photo_url = %v, thumbnail_url = %v, want %s and %s", me.PhotoURL, me.ThumbnailURL, f.URL, f.ThumbnailURL)
				}
				// Each upload replaced the previous photo: its two files, and only these.
				ext := photos.FigureExt[tc.wantType]
				clubtest.Diff(t, "files", files(e).Staged(), []string{f.ID + ext, f.ID + ".thumb" + ext})
			})
		}

		// The replaced photo is gone from the API too.
		var first, second photos.Figure
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, false))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &first)
		body, ct = clubtest.MultipartBody(t, "photo", transparentPNG(t, 8, 8))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "bob", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &second)
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: first.URL}), clubtest.WantProblem{Status: 404, Slug: "not-found"})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: first.ThumbnailURL}), clubtest.WantProblem{Status: 404, Slug: "not-found"})
		for _, name := range []string{first.ID + ".jpg", first.ID + ".thumb.jpg"} {
			if files(e).Has(name) {
				t.Errorf("replaced file %s still there", name)
			}
		}

		// An admin may set someone else's photo, in either order of the parts.
		var byAdmin photos.Figure
		body, ct = clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, false), "member_id", fmt.Sprint(e.IDs["bob"]))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "carol", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &byAdmin)
		var bob members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members/" + fmt.Sprint(e.IDs["bob"]), As: "alice"}, http.StatusOK).Decode(t, &bob)
		if bob.PhotoURL == nil || *bob.PhotoURL != byAdmin.URL || byAdmin.MemberID != e.IDs["bob"] {
			t.Errorf("admin upload: figure %+v, bob's photo_url %v", byAdmin, bob.PhotoURL)
		}
		if !slices.Contains(files(e).Staged(), byAdmin.ID+".jpg") || slices.Contains(files(e).Staged(), second.ID+".png") || slices.Contains(files(e).Staged(), second.ID+".thumb.png") {
			t.Errorf("files after the admin's upload: %v", files(e).Staged())
		}
	})
}

func TestPhotoRejections(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*chessclub.Config)) {
		e := clubtest.New(t, d, storage, func(c *chessclub.Config) { c.Photos.MaxBytes = 20 << 10 }).WithMembers()
		big := imagetest.SampleJPEG(t, 400, 300, false)
		if len(big) <= 20<<10 {
			t.Fatalf("test JPEG is only %d bytes", len(big))
		}
		small := imagetest.SampleJPEG(t, 8, 8, false)
		badCRC := imagetest.SamplePNG(t, 8, 8, false)
		badCRC[8+25+8] ^= 0xFF // IDAT's first data byte
		gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
		multi := func(fields ...any) clubtest.Req {
			body, ct := clubtest.MultipartBody(t, fields...)
			return clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: ct}
		}
		raw := func(b []byte, ct string) clubtest.Req {
			return clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: b, ContentType: ct}
		}
		chunked := func(r clubtest.Req) clubtest.Req { r.UnknownLength = true; return r }
		asAdmin := func(r clubtest.Req) clubtest.Req { r.As = "carol"; return r }
		// A multipart body that ends inside the photo part, without its closing boundary.
		withParts, partsType := clubtest.MultipartBody(t, "photo", small)
		cutParts := withParts[:len(withParts)-len(small)/2]
		// A raw body that breaks off as net/http reports a body shorter than its
		// Content-Length: io.ErrUnexpectedEOF.
		shortBody := io.MultiReader(bytes.NewReader(small[:len(small)/2]), iotest.ErrReader(io.ErrUnexpectedEOF))
		tests := []struct {
			name string
			req  clubtest.Req
			want clubtest.WantProblem
		}{
			{"GIF", multi("photo", gif), clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
			{"text labelled JPEG", raw([]byte("hello, world"), "image/jpeg"), clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
			{"empty photo", multi("photo", []byte{}), clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
			{"JSON body", clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: map[string]any{"photo": "x"}}, clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
			{"too large, multipart", multi("photo", big), clubtest.WantProblem{Status: 413, Slug: "too-large"}},
			{"too large, raw", raw(big, "image/jpeg"), clubtest.WantProblem{Status: 413, Slug: "too-large"}},
			{"too large, streamed multipart", chunked(multi("photo", big)), clubtest.WantProblem{Status: 413, Slug: "too-large"}},
			{"too large, streamed raw", chunked(raw(big, "image/jpeg")), clubtest.WantProblem{Status: 413, Slug: "too-large"}},
			{"60000×60000 PNG", raw(imagetest.PNGClaiming(60000, 60000), "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"40 000 001 pixels", multi("photo", imagetest.PNGClaiming(40_000_001, 1)), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"JPEG claiming 65535×65535", raw(jpegClaiming(t, small, 65535, 65535), "image/jpeg"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"WebP claiming 16384×16384", raw(imagetest.WebPClaiming(16384, 16384), "image/webp"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"truncated JPEG", raw(small[:len(small)/2], "image/jpeg"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG with a bad checksum", raw(badCRC, "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG with bit depth 99 and colour type 9", raw(imagetest.PNGOf(imagetest.PNGIHDR(8, 8, 99, 9), imagetest.PNGIDAT(t, imagetest.SamplePNG(t, 8, 8, false))), "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG without IDAT", multi("photo", imagetest.PNGOf(imagetest.PNGIHDR(8, 8, 8, 2))), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG whose IDAT does not inflate", raw(imagetest.PNGClaiming(8, 8), "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG whose IDAT is another size's", raw(imagetest.PNGOf(imagetest.PNGIHDR(9, 8, 8, 2), imagetest.PNGIDAT(t, imagetest.SamplePNG(t, 8, 8, false))), "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"WebP with only VP8X", raw(imagetest.WebPFile(imagetest.WebPChunk("VP8X", make([]byte, 10))), "image/webp"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"WebP whose VP8 frame is not its canvas", raw(imagetest.WebPClaiming(2, 1), "image/webp"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"JPEG with a second SOF claiming 60000×60000", raw(imagetest.JPEGSecondSOF(t, small, 60000, 60000), "image/jpeg"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"JPEG whose scan is noise", raw(imagetest.JPEGNoiseScan(t, small), "image/jpeg"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"PNG with an unknown critical chunk", raw(imagetest.PNGWithChunk(t, "ABCD", []byte(imagetest.SecretMarker)), "image/png"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"no photo part", multi("member_id", fmt.Sprint(e.IDs["alice"])), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"two photos", multi("photo", small, "photo", small), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"photo"}}},
			{"unknown part", multi("caption", "me", "photo", small), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"caption"}}},
			{"bad member_id", multi("member_id", "me", "photo", small), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"member_id"}}},
			// Cut at 32 bytes, these read as bob's id: they must be refused whole.
			{"member_id with spaces, then more past 32 bytes", asAdmin(multi("member_id", fmt.Sprint(e.IDs["bob"])+strings.Repeat(" ", 31)+"999", "photo", small)), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"member_id"}}},
			{"member_id with tabs, then more past 32 bytes", asAdmin(multi("photo", small, "member_id", fmt.Sprint(e.IDs["bob"])+strings.Repeat("\t", 40)+"x")), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"member_id"}}},
			{"other member's photo", multi("photo", small, "member_id", fmt.Sprint(e.IDs["bob"])), clubtest.WantProblem{Status: 403, Slug: "forbidden"}},
			{"admin, missing member", clubtest.Req{Method: "POST", Path: "/api/figures?member_id=999999", As: "carol", Body: small, ContentType: "image/jpeg"}, clubtest.WantProblem{Status: 404, Slug: "not-found"}},
			{"broken multipart", raw([]byte("--x\r\nnot a part"), "multipart/form-data; boundary=x"), clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"truncated multipart", raw(cutParts, partsType), clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"short body", clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: shortBody, ContentType: "image/jpeg"}, clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
			{"body read fails", clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", ContentType: "image/png",
				Body: io.MultiReader(bytes.NewReader(imagetest.SamplePNG(t, 8, 8, false)[:60]), iotest.ErrReader(errors.New("connection reset by peer")))}, clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				clubtest.CheckProblem(t, e.Do(tc.req), tc.want)
				// Nothing is left behind, not even a temporary file.
				if files := files(e).Staged(); len(files) != 0 {
					t.Errorf("files left: %v", files)
				}
				if rows := photos.OrphanRows(t, e.DB); len(rows) != 0 {
					t.Errorf("orphan rows left: %v", rows)
				}
			})
		}
		// The pixel limit, not a parse error, refuses the bombs.
		for _, bomb := range []clubtest.Req{raw(imagetest.PNGClaiming(60000, 60000), "image/png"), raw(jpegClaiming(t, small, 65535, 65535), "image/jpeg"), raw(imagetest.WebPClaiming(16384, 16384), "image/webp")} {
			if doc := e.Do(bomb).Problem(t); !strings.Contains(doc.Errors["photo"], "megapixels") {
				t.Errorf("%s bomb refused with %q", bomb.ContentType, doc.Errors["photo"])
			}
		}
		// Header checks refuse what they can before decoding; the decoder refuses the rest.
		reasons := []struct {
			req  clubtest.Req
			want string
		}{
			{raw(imagetest.PNGOf(imagetest.PNGIHDR(8, 8, 99, 9), imagetest.PNGIDAT(t, imagetest.SamplePNG(t, 8, 8, false))), "image/png"), "colour type 9 with bit depth 99"},
			{raw(imagetest.PNGOf(imagetest.PNGIHDR(8, 8, 8, 2)), "image/png"), "no image data"},
			{raw(imagetest.WebPFile(imagetest.WebPChunk("VP8X", make([]byte, 10))), "image/webp"), "no image data"},
			{raw(imagetest.JPEGSecondSOF(t, small, 60000, 60000), "image/jpeg"), "more than one frame header"},
			{raw(imagetest.JPEGNoiseScan(t, small), "image/jpeg"), "does not decode"},
			{raw(imagetest.PNGOf(imagetest.PNGIHDR(9, 8, 8, 2), imagetest.PNGIDAT(t, imagetest.SamplePNG(t, 8, 8, false))), "image/png"), "does not decode"},
		}
		for _, tc := range reasons {
			if got := e.Do(tc.req).Problem(t).Errors["photo"]; !strings.Contains(got, tc.want) {
				t.Errorf("refused with %q, want %q", got, tc.want)
			}
		}
	})
}

// jpegClaiming rewrites the frame header of a small JPEG to claim w×h pixels.
func jpegClaiming(t *testing.T, b []byte, w, h uint16) []byte {
	t.Helper()
	out := slices.Clone(b)
	i := bytes.Index(out, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in the test JPEG")
	}
	out[i+5], out[i+6], out[i+7], out[i+8] = byte(h>>8), byte(h), byte(w>>8), byte(w)
	return out
}

// transparentPNG encodes a w×h PNG whose left half is transparent.
func transparentPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			a := uint8(255)
			if x < w/2 {
				a = 0
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 9), uint8(y * 5), 80, a})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
