package chessclub

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

func TestPhotos(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*Config)) {
		e := newEnv(t, d, storage).withMembers()
		alice := e.ids["alice"]
		jpegExif := testJPEG(t, 40, 30, true)
		pngMeta := testPNG(t, 20, 10, true)
		webpMeta := testWebP(t)
		tests := []struct {
			name          string
			raw           bool
			contentType   string // of a raw body
			photo         []byte
			wantType      string
			width, height int
		}{
			{"JPEG with EXIF, multipart", false, "", jpegExif, TypeJPEG, 40, 30},
			{"JPEG with EXIF, raw", true, "image/jpeg", jpegExif, TypeJPEG, 40, 30},
			{"JPEG labelled PNG", true, "image/png", jpegExif, TypeJPEG, 40, 30},
			{"PNG with text and eXIf", false, "", pngMeta, TypeJPEG, 20, 10},
			{"PNG as octet-stream", true, "application/octet-stream", pngMeta, TypeJPEG, 20, 10},
			{"PNG with transparent pixels", true, "image/png", transparentPNG(t, 30, 20), TypePNG, 30, 20},
			{"WebP with EXIF and XMP", false, "", webpMeta, TypeJPEG, 1, 1},
			{"plain lossy WebP, raw", true, "image/webp", webpLossy, TypeJPEG, 1, 1},
			{"JPEG with JFIF thumbnail, JFXX, ICC, JPG0 and COM", true, "image/jpeg", leakyJPEG(t), TypeJPEG, 40, 30},
			{"PNG with private and lower-case chunks", true, "image/png", leakyPNG(t), TypeJPEG, 20, 10},
			{"WebP with ICC profile and unknown chunks", true, "image/webp", leakyWebP(), TypeJPEG, 1, 1},
			{"large JPEG, scaled down", true, "image/jpeg", testJPEG(t, 1300, 800, true), TypeJPEG, 1024, 630},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := req{method: "POST", path: "/api/figures", as: "alice"}
				if tc.raw {
					r.body, r.contentType = tc.photo, tc.contentType
				} else {
					r.body, r.contentType = multipartBody(t, "photo", tc.photo)
				}
				res := e.mustDo(r, http.StatusCreated)
				var f Figure
				res.decode(t, &f)
				stored := e.readFile(f.ID + figureExt[tc.wantType])
				diff(t, "figure", f, Figure{ID: f.ID, MemberID: alice, ContentType: tc.wantType, Size: int64(len(stored)),
					Width: tc.width, Height: tc.height, URL: "/api/figures/" + f.ID, ThumbnailURL: "/api/figures/" + f.ID + "/thumbnail", CreatedAt: t0})
				if !figureID.MatchString(f.ID) {
					t.Errorf("id %q is not 128 random bits in hex", f.ID)
				}
				thumbSide := min(tc.width, tc.height, ThumbSide)
				// Both stored files are fresh encodings: nothing of the upload's metadata
				// can be in them, and they hold no metadata of their own.
				for _, file := range []struct {
					url  string
					size image.Point
				}{{f.URL, image.Pt(tc.width, tc.height)}, {f.ThumbnailURL, image.Pt(thumbSide, thumbSide)}} {
					got := e.mustDo(req{method: "GET", path: file.url}, http.StatusOK)
					for _, leak := range []string{gpsMarker, secretMarker, "Exif", "xmpmeta", "eXIf", "tEXt", "iTXt", "ICC_PROFILE", "JFIF", "JFXX"} {
						if bytes.Contains(got.body, []byte(leak)) {
							t.Errorf("%s still holds %q", file.url, leak)
						}
					}
					diff(t, file.url+" structure", metadataOf(t, got.body), []string(nil))
					img, err := decoders[tc.wantType](bytes.NewReader(got.body))
					if err != nil {
						t.Fatalf("%s does not decode: %v", file.url, err)
					}
					diff(t, file.url+" decoded size", img.Bounds().Size(), file.size)
					diff(t, file.url+" headers", map[string]string{"type": got.header.Get("Content-Type"), "cache": got.header.Get("Cache-Control")},
						map[string]string{"type": tc.wantType, "cache": "public, max-age=31536000, immutable"})
					etag := got.header.Get("ETag")
					e.mustDo(req{method: "GET", path: file.url, header: map[string]string{"If-None-Match": etag}}, http.StatusNotModified)
				}
				// The photo is served byte for byte as stored.
				if got := e.mustDo(req{method: "GET", path: f.URL}, http.StatusOK); !bytes.Equal(got.body, stored) {
					t.Errorf("served bytes differ from the stored file")
				}

				var me Member
				e.mustDo(req{method: "GET", path: "/api/me", as: "alice"}, http.StatusOK).decode(t, &me)
				if me.PhotoURL == nil || *me.PhotoURL != f.URL || me.ThumbnailURL == nil || *me.ThumbnailURL != f.ThumbnailURL {
					t.Errorf("photo_url = %v, thumbnail_url = %v, want %s and %s", me.PhotoURL, me.ThumbnailURL, f.URL, f.ThumbnailURL)
				}
				// Each upload replaced the previous photo: its two files, and only these.
				ext := figureExt[tc.wantType]
				diff(t, "files", e.files(), []string{f.ID + ext, f.ID + ".thumb" + ext})
			})
		}

		// The replaced photo is gone from the API too.
		var first, second Figure
		body, ct := multipartBody(t, "photo", testJPEG(t, 8, 8, false))
		e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: body, contentType: ct}, http.StatusCreated).decode(t, &first)
		body, ct = multipartBody(t, "photo", transparentPNG(t, 8, 8))
		e.mustDo(req{method: "POST", path: "/api/figures", as: "bob", body: body, contentType: ct}, http.StatusCreated).decode(t, &second)
		checkProblem(t, e.do(req{method: "GET", path: first.URL}), wantProblem{404, "not-found", nil})
		checkProblem(t, e.do(req{method: "GET", path: first.ThumbnailURL}), wantProblem{404, "not-found", nil})
		for _, name := range []string{first.ID + ".jpg", first.ID + ".thumb.jpg"} {
			if e.hasFile(name) {
				t.Errorf("replaced file %s still there", name)
			}
		}

		// An admin may set someone else's photo, in either order of the parts.
		var byAdmin Figure
		body, ct = multipartBody(t, "photo", testJPEG(t, 8, 8, false), "member_id", itoa(e.ids["bob"]))
		e.mustDo(req{method: "POST", path: "/api/figures", as: "carol", body: body, contentType: ct}, http.StatusCreated).decode(t, &byAdmin)
		var bob Member
		e.mustDo(req{method: "GET", path: "/api/members/" + itoa(e.ids["bob"]), as: "alice"}, http.StatusOK).decode(t, &bob)
		if bob.PhotoURL == nil || *bob.PhotoURL != byAdmin.URL || byAdmin.MemberID != e.ids["bob"] {
			t.Errorf("admin upload: figure %+v, bob's photo_url %v", byAdmin, bob.PhotoURL)
		}
		if !slices.Contains(e.files(), byAdmin.ID+".jpg") || slices.Contains(e.files(), second.ID+".png") || slices.Contains(e.files(), second.ID+".thumb.png") {
			t.Errorf("files after the admin's upload: %v", e.files())
		}
	})
}

// metadataOf lists what a JPEG or PNG holds besides what Go's encoders write for pixels:
// JPEG segments other than DQT, SOF0, DHT and SOS, and PNG chunks other than IHDR, IDAT and
// IEND.
func metadataOf(t *testing.T, b []byte) []string {
	t.Helper()
	var extra []string
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8}):
		for i := 2; i+4 <= len(b); {
			m := b[i+1]
			if m == markerSOS {
				return extra
			}
			if m != markerDQT && m != 0xC0 && m != markerDHT {
				extra = append(extra, fmt.Sprintf("JPEG segment %#x", m))
			}
			i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
		}
		t.Fatal("JPEG without a scan")
	case bytes.HasPrefix(b, []byte("\x89PNG")):
		for i := 8; i+8 <= len(b); {
			n, typ := int(binary.BigEndian.Uint32(b[i:])), string(b[i+4:i+8])
			if typ != "IHDR" && typ != "IDAT" && typ != "IEND" {
				extra = append(extra, "PNG chunk "+typ)
			}
			i += 12 + n
		}
		return extra
	}
	t.Fatalf("neither JPEG nor PNG: % x", b[:min(8, len(b))])
	return nil
}

func TestPhotoRejections(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*Config)) {
		e := newEnv(t, d, storage, func(c *Config) { c.MaxPhotoBytes = 20 << 10 }).withMembers()
		big := testJPEG(t, 400, 300, false)
		if len(big) <= 20<<10 {
			t.Fatalf("test JPEG is only %d bytes", len(big))
		}
		small := testJPEG(t, 8, 8, false)
		badCRC := testPNG(t, 8, 8, false)
		badCRC[8+25+8] ^= 0xFF // IDAT's first data byte
		gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
		multi := func(fields ...any) req {
			body, ct := multipartBody(t, fields...)
			return req{method: "POST", path: "/api/figures", as: "alice", body: body, contentType: ct}
		}
		raw := func(b []byte, ct string) req {
			return req{method: "POST", path: "/api/figures", as: "alice", body: b, contentType: ct}
		}
		chunked := func(r req) req { r.unknownLength = true; return r }
		asAdmin := func(r req) req { r.as = "carol"; return r }
		// A multipart body that ends inside the photo part, without its closing boundary.
		withParts, partsType := multipartBody(t, "photo", small)
		cutParts := withParts[:len(withParts)-len(small)/2]
		// A raw body that breaks off as net/http reports a body shorter than its
		// Content-Length: io.ErrUnexpectedEOF.
		shortBody := io.MultiReader(bytes.NewReader(small[:len(small)/2]), iotest.ErrReader(io.ErrUnexpectedEOF))
		tests := []struct {
			name string
			req  req
			want wantProblem
		}{
			{"GIF", multi("photo", gif), wantProblem{415, "unsupported-media-type", nil}},
			{"text labelled JPEG", raw([]byte("hello, world"), "image/jpeg"), wantProblem{415, "unsupported-media-type", nil}},
			{"empty photo", multi("photo", []byte{}), wantProblem{415, "unsupported-media-type", nil}},
			{"JSON body", req{method: "POST", path: "/api/figures", as: "alice", body: map[string]any{"photo": "x"}}, wantProblem{415, "unsupported-media-type", nil}},
			{"too large, multipart", multi("photo", big), wantProblem{413, "too-large", nil}},
			{"too large, raw", raw(big, "image/jpeg"), wantProblem{413, "too-large", nil}},
			{"too large, streamed multipart", chunked(multi("photo", big)), wantProblem{413, "too-large", nil}},
			{"too large, streamed raw", chunked(raw(big, "image/jpeg")), wantProblem{413, "too-large", nil}},
			{"60000×60000 PNG", raw(pngClaiming(60000, 60000), "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"40 000 001 pixels", multi("photo", pngClaiming(40_000_001, 1)), wantProblem{422, "validation", []string{"photo"}}},
			{"JPEG claiming 65535×65535", raw(jpegClaiming(t, small, 65535, 65535), "image/jpeg"), wantProblem{422, "validation", []string{"photo"}}},
			{"WebP claiming 16384×16384", raw(webpClaiming(16384, 16384), "image/webp"), wantProblem{422, "validation", []string{"photo"}}},
			{"truncated JPEG", raw(small[:len(small)/2], "image/jpeg"), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG with a bad checksum", raw(badCRC, "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG with bit depth 99 and colour type 9", raw(pngOf(pngIHDR(8, 8, 99, 9), pngIDAT(t, testPNG(t, 8, 8, false))), "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG without IDAT", multi("photo", pngOf(pngIHDR(8, 8, 8, 2))), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG whose IDAT does not inflate", raw(pngClaiming(8, 8), "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG whose IDAT is another size's", raw(pngOf(pngIHDR(9, 8, 8, 2), pngIDAT(t, testPNG(t, 8, 8, false))), "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"WebP with only VP8X", raw(webpFile(webpChunk("VP8X", make([]byte, 10))), "image/webp"), wantProblem{422, "validation", []string{"photo"}}},
			{"WebP whose VP8 frame is not its canvas", raw(webpClaiming(2, 1), "image/webp"), wantProblem{422, "validation", []string{"photo"}}},
			{"JPEG with a second SOF claiming 60000×60000", raw(jpegSecondSOF(t, small, 60000, 60000), "image/jpeg"), wantProblem{422, "validation", []string{"photo"}}},
			{"JPEG whose scan is noise", raw(jpegNoiseScan(t, small), "image/jpeg"), wantProblem{422, "validation", []string{"photo"}}},
			{"PNG with an unknown critical chunk", raw(pngWithChunk(t, "ABCD", []byte(secretMarker)), "image/png"), wantProblem{422, "validation", []string{"photo"}}},
			{"no photo part", multi("member_id", itoa(e.ids["alice"])), wantProblem{422, "validation", []string{"photo"}}},
			{"two photos", multi("photo", small, "photo", small), wantProblem{422, "validation", []string{"photo"}}},
			{"unknown part", multi("caption", "me", "photo", small), wantProblem{422, "validation", []string{"caption"}}},
			{"bad member_id", multi("member_id", "me", "photo", small), wantProblem{422, "validation", []string{"member_id"}}},
			// Cut at 32 bytes, these read as bob's id: they must be refused whole.
			{"member_id with spaces, then more past 32 bytes", asAdmin(multi("member_id", itoa(e.ids["bob"])+strings.Repeat(" ", 31)+"999", "photo", small)), wantProblem{422, "validation", []string{"member_id"}}},
			{"member_id with tabs, then more past 32 bytes", asAdmin(multi("photo", small, "member_id", itoa(e.ids["bob"])+strings.Repeat("\t", 40)+"x")), wantProblem{422, "validation", []string{"member_id"}}},
			{"other member's photo", multi("photo", small, "member_id", itoa(e.ids["bob"])), wantProblem{403, "forbidden", nil}},
			{"admin, missing member", req{method: "POST", path: "/api/figures?member_id=999999", as: "carol", body: small, contentType: "image/jpeg"}, wantProblem{404, "not-found", nil}},
			{"broken multipart", raw([]byte("--x\r\nnot a part"), "multipart/form-data; boundary=x"), wantProblem{400, "malformed-request", nil}},
			{"truncated multipart", raw(cutParts, partsType), wantProblem{400, "malformed-request", nil}},
			{"short body", req{method: "POST", path: "/api/figures", as: "alice", body: shortBody, contentType: "image/jpeg"}, wantProblem{400, "malformed-request", nil}},
			{"body read fails", req{method: "POST", path: "/api/figures", as: "alice", contentType: "image/png",
				body: io.MultiReader(bytes.NewReader(testPNG(t, 8, 8, false)[:60]), iotest.ErrReader(errors.New("connection reset by peer")))}, wantProblem{400, "malformed-request", nil}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				checkProblem(t, e.do(tc.req), tc.want)
				// Nothing is left behind, not even a temporary file.
				if files := e.files(); len(files) != 0 {
					t.Errorf("files left: %v", files)
				}
				if rows := e.orphanRows(); len(rows) != 0 {
					t.Errorf("orphan rows left: %v", rows)
				}
			})
		}
		// The pixel limit, not a parse error, refuses the bombs.
		for _, bomb := range []req{raw(pngClaiming(60000, 60000), "image/png"), raw(jpegClaiming(t, small, 65535, 65535), "image/jpeg"), raw(webpClaiming(16384, 16384), "image/webp")} {
			if doc := e.do(bomb).problemDoc(t); !strings.Contains(doc.Errors["photo"], "megapixels") {
				t.Errorf("%s bomb refused with %q", bomb.contentType, doc.Errors["photo"])
			}
		}
		// Header checks refuse what they can before decoding; the decoder refuses the rest.
		reasons := []struct {
			req  req
			want string
		}{
			{raw(pngOf(pngIHDR(8, 8, 99, 9), pngIDAT(t, testPNG(t, 8, 8, false))), "image/png"), "colour type 9 with bit depth 99"},
			{raw(pngOf(pngIHDR(8, 8, 8, 2)), "image/png"), "no image data"},
			{raw(webpFile(webpChunk("VP8X", make([]byte, 10))), "image/webp"), "no image data"},
			{raw(jpegSecondSOF(t, small, 60000, 60000), "image/jpeg"), "more than one frame header"},
			{raw(jpegNoiseScan(t, small), "image/jpeg"), "does not decode"},
			{raw(pngOf(pngIHDR(9, 8, 8, 2), pngIDAT(t, testPNG(t, 8, 8, false))), "image/png"), "does not decode"},
		}
		for _, tc := range reasons {
			if got := e.do(tc.req).problemDoc(t).Errors["photo"]; !strings.Contains(got, tc.want) {
				t.Errorf("refused with %q, want %q", got, tc.want)
			}
		}
		// 40 000 000 pixels exactly is accepted as far as the size check goes.
		if err := (&photos{maxPixels: DefaultMaxPixels}).checkSize(8000, 5000); err != nil {
			t.Errorf("8000×5000: %v", err)
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

// webpClaiming is an extended WebP whose VP8X canvas claims w×h pixels.
func webpClaiming(w, h int) []byte {
	vp8x := []byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
	body := append([]byte("VP8X\x0a\x00\x00\x00"), vp8x...)
	body = append(body, webpLossy[12:]...)
	out := append([]byte("RIFF"), byte(len(body)+4), byte((len(body)+4)>>8), 0, 0)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// TestPhotoMemoryBudget checks how uploads are admitted by the memory their decode takes: a
// photo that could never fit the budget is refused (422) before decoding, naming its size,
// mode and cost; one that fits waits while others hold the memory and is refused with 429
// and Retry-After when none comes free in time; nothing is left behind either way, and the
// memory is given back.
func TestPhotoMemoryBudget(t *testing.T) {
	if got := newEnv(t, sqldb.SQLite).cfg.PhotoMemory; got != 256<<20 {
		t.Errorf("default PhotoMemory = %d, want 256 MiB", got)
	}
	small := testJPEG(t, 16, 16, true)
	smallInfo, err := strip(t, small)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		photo    []byte
		held     int64 // taken by other uploads
		wantKind problem.Kind
		wantText []string
	}{
		{"free memory", small, 0, 0, nil},
		{"memory held, but enough left", small, DefaultPhotoMemory - decodeCost(smallInfo), 0, nil},
		{"memory held by others", small, DefaultPhotoMemory - decodeCost(smallInfo) + 1, problem.TooManyRequests, nil},
		// Go's decoder allocates 24 bytes per pixel for it, 959 MB.
		{"the report's 6320×6320 progressive CMYK JPEG", imagetest.WorstJPEG(), 0, problem.Invalid,
			[]string{"is a 6320×6320 progressive CMYK JPEG, which takes about 1", " MB to decode; this server decodes photos within 268 MB"}},
		// Refused from its header: the image data is never looked at.
		{"a 40-megapixel 16-bit interlaced PNG", pngOf(pngChunk("IHDR", []byte{0, 0, 0x1F, 0x40, 0, 0, 0x13, 0x88, 16, 6, 0, 0, 1}), pngChunk("IDAT", []byte("not deflate"))), 0, problem.Invalid,
			[]string{"is a 8000×5000 interlaced 16-bit PNG, which takes about "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPhotos(&dirStore{dir: t.TempDir()}, DefaultMaxPhotoBytes, DefaultMaxPixels, DefaultPhotoMemory, nil, nil)
			p.budget.maxWait = 20 * time.Millisecond
			if tc.held > 0 {
				if err := p.budget.acquire(t.Context(), tc.held); err != nil {
					t.Fatal(err)
				}
			}
			start := time.Now()
			u, err := p.receive(t.Context(), bytes.NewReader(tc.photo))
			switch tc.wantKind {
			case 0:
				if err != nil {
					t.Fatalf("receive: %v", err)
				}
				u.discard()
			case problem.TooManyRequests:
				if !isBusy(err) || time.Since(start) < p.budget.maxWait {
					t.Fatalf("receive = %v after %v, want TooManyRequests with Retry-After after waiting", err, time.Since(start))
				}
			default:
				var pe *problem.Error
				if !errors.As(err, &pe) || pe.Kind != tc.wantKind {
					t.Fatalf("receive = %v, want %v", err, tc.wantKind)
				}
				for _, want := range tc.wantText {
					if !strings.Contains(pe.Fields["photo"], want) {
						t.Errorf("refused with %q, want it to say %q", pe.Fields["photo"], want)
					}
				}
			}
			if got := p.budget.inUse(); got != tc.held {
				t.Errorf("%d bytes in use after the upload, want %d", got, tc.held)
			}
			if entries, _ := os.ReadDir(p.files.stagingDir()); len(entries) != 0 {
				t.Errorf("files left: %v", entries)
			}
		})
	}
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
