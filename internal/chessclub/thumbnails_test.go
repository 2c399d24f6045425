package chessclub

import (
	"bytes"
	"context"
	"image"
	"net/http"
	"os"
	"sync"
	"testing"

	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// legacyPhoto stores b as member's photo the way the server did before photos were
// normalised: the stripped upload as it was, a figures row, and no thumbnail.
func (e *env) legacyPhoto(member int64, id string, b []byte) Figure {
	e.t.Helper()
	var stripped bytes.Buffer
	f, err := os.CreateTemp(e.t.TempDir(), "legacy")
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	info, err := stripImage(bytes.NewReader(b), f, func(int, int) error { return nil })
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		e.t.Fatal(err)
	}
	if _, err := stripped.ReadFrom(f); err != nil {
		e.t.Fatal(err)
	}
	e.writeFile(id+figureExt[info.ContentType], stripped.Bytes())
	_, err = e.store.db.ExecContext(context.Background(), "INSERT INTO figures (id, member_id, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		id, member, info.ContentType, stripped.Len(), info.Width, info.Height, t0)
	if err != nil {
		e.t.Fatal(err)
	}
	return Figure{ID: id, MemberID: member, ContentType: info.ContentType, Size: int64(stripped.Len()), Width: info.Width, Height: info.Height,
		URL: FigureURL(id), ThumbnailURL: ThumbnailURL(id), CreatedAt: t0}
}

// TestLegacyPhotos checks photos stored before normalisation: they are served as they were,
// listed with a thumbnail URL, and their thumbnail is made on its first request (once, even
// when asked for twice at once) within the memory budget; one that could never fit the
// budget has the photo itself served as its thumbnail.
func TestLegacyPhotos(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*Config)) {
		e := newEnv(t, d, storage).withMembers()
		webpPhoto := e.legacyPhoto(e.ids["alice"], "0123456789abcdef0123456789abcdef", imagetest.LosslessWebP(600, 300, 0))
		hugePhoto := e.legacyPhoto(e.ids["bob"], "fedcba9876543210fedcba9876543210", imagetest.WorstJPEG())

		var members []Member
		e.mustDo(req{method: "GET", path: "/api/members", as: "carol"}, http.StatusOK).decode(t, &members)
		for _, m := range members {
			if m.ID == e.ids["alice"] && (m.ThumbnailURL == nil || *m.ThumbnailURL != webpPhoto.ThumbnailURL) {
				t.Errorf("alice's thumbnail_url = %v, want %s", m.ThumbnailURL, webpPhoto.ThumbnailURL)
			}
		}
		original := e.readFile(webpPhoto.ID + ".webp")
		got := e.mustDo(req{method: "GET", path: webpPhoto.URL}, http.StatusOK)
		if !bytes.Equal(got.body, original) || got.header.Get("Content-Type") != TypeWebP {
			t.Errorf("the old photo is not served as it was stored (%s)", got.header.Get("Content-Type"))
		}

		// Two first requests at once: both get the thumbnail, and one is recorded.
		var wg sync.WaitGroup
		thumbs := make([]resp, 2)
		for i := range thumbs {
			wg.Go(func() { thumbs[i] = e.do(req{method: "GET", path: webpPhoto.ThumbnailURL}) })
		}
		wg.Wait()
		for _, th := range thumbs {
			if th.status != http.StatusOK || th.header.Get("Content-Type") != TypeJPEG || !bytes.Equal(th.body, thumbs[0].body) {
				t.Fatalf("thumbnail: %d %s, %d bytes", th.status, th.header.Get("Content-Type"), len(th.body))
			}
		}
		img, err := decoders[TypeJPEG](bytes.NewReader(thumbs[0].body))
		if err != nil {
			t.Fatal(err)
		}
		diff(t, "thumbnail size", img.Bounds().Size(), image.Pt(ThumbSide, ThumbSide))
		_, thumb, err := e.store.figureAndThumbnail(t.Context(), webpPhoto.ID)
		if err != nil || thumb == nil {
			t.Fatalf("thumbnail record: %v, %v", thumb, err)
		}
		diff(t, "thumbnail record", *thumb, storedImage{ContentType: TypeJPEG, Size: int64(len(thumbs[0].body)), Width: ThumbSide, Height: ThumbSide})
		// Now it is a file like any other, served without decoding the photo again: it is
		// served even while the photo's file is away.
		awayKey := webpPhoto.ID + ".webp"
		e.removeFile(awayKey)
		again := e.mustDo(req{method: "GET", path: webpPhoto.ThumbnailURL}, http.StatusOK)
		if !bytes.Equal(again.body, thumbs[0].body) {
			t.Error("the recorded thumbnail changed")
		}
		e.writeFile(awayKey, original)

		// The 6320×6320 progressive CMYK JPEG would take a gigabyte: its thumbnail is the
		// photo itself, and nothing is recorded.
		huge := e.mustDo(req{method: "GET", path: hugePhoto.ThumbnailURL}, http.StatusOK)
		hugeFile := e.readFile(hugePhoto.ID + ".jpg")
		if !bytes.Equal(huge.body, hugeFile) {
			t.Errorf("the thumbnail of a photo too costly to decode is not the photo (%d bytes)", len(huge.body))
		}
		if _, thumb, _ := e.store.figureAndThumbnail(t.Context(), hugePhoto.ID); thumb != nil {
			t.Errorf("a thumbnail was recorded for the huge photo: %+v", thumb)
		}

		// A new photo replaces the old one and its lazily made thumbnail, files and rows.
		body, ct := multipartBody(t, "photo", testJPEG(t, 50, 40, false))
		e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: body, contentType: ct}, http.StatusCreated)
		for _, name := range []string{webpPhoto.ID + ".webp", webpPhoto.ID + ".thumb.jpg"} {
			if e.hasFile(name) {
				t.Errorf("%s is still there", name)
			}
		}
		checkProblem(t, e.do(req{method: "GET", path: webpPhoto.ThumbnailURL}), wantProblem{404, "not-found", nil})
		var rows int
		if err := e.store.db.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM figure_thumbnails WHERE figure_id = ?", webpPhoto.ID).Scan(&rows); err != nil || rows != 0 {
			t.Errorf("%d thumbnail rows left for the replaced photo (%v)", rows, err)
		}
	})
}

// TestAddThumbnail_PhotoGone checks that a thumbnail made for a photo that was replaced
// meanwhile is not recorded.
func TestAddThumbnail_PhotoGone(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d)
		_, err := e.store.AddThumbnail(t.Context(), "0123456789abcdef0123456789abcdef", storedImage{ContentType: TypeJPEG, Size: 1, Width: 1, Height: 1})
		if problem.KindOf(err) != problem.NotFound {
			t.Errorf("AddThumbnail = %v, want NotFound", err)
		}
	})
}
