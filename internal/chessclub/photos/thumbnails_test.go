package photos_test

import (
	_ "image/jpeg"
	_ "image/png"
	"os"

	_ "golang.org/x/image/webp"

	"bytes"
	"context"
	"image"
	"net/http"
	"sync"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// legacyPhoto stores b as member's photo the way the server did before photos were
// normalised: the stripped upload as it was, a figures row, and no thumbnail.
func legacyPhoto(e *clubtest.Env, member int64, id string, b []byte) photos.Figure {
	e.T.Helper()
	f, err := os.CreateTemp(e.T.TempDir(), "legacy")
	if err != nil {
		e.T.Fatal(err)
	}
	defer f.Close()
	info, err := imagefile.Strip(bytes.NewReader(b), f, func(int, int) error { return nil })
	if err != nil {
		e.T.Fatal(err)
	}
	stripped, err := os.ReadFile(f.Name())
	if err != nil {
		e.T.Fatal(err)
	}
	files(e).Write(id+photos.FigureExt[info.ContentType], stripped)
	_, err = e.DB.ExecContext(context.Background(), "INSERT INTO figures (id, member_id, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		id, member, info.ContentType, len(stripped), info.Width, info.Height, clubtest.T0)
	if err != nil {
		e.T.Fatal(err)
	}
	return photos.Figure{ID: id, MemberID: member, ContentType: info.ContentType, Size: int64(len(stripped)), Width: info.Width, Height: info.Height,
		URL: photos.FigureURL(id), ThumbnailURL: photos.ThumbnailURL(id), CreatedAt: clubtest.T0}
}

// TestLegacyPhotos checks photos stored before normalisation: they are served as they were,
// listed with a thumbnail URL, and their thumbnail is made on its first request (once, even
// when asked for twice at once) within the memory budget; one that could never fit the
// budget has the photo itself served as its thumbnail.
func TestLegacyPhotos(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*chessclub.Config)) {
		e := clubtest.New(t, d, storage).WithMembers()
		webpPhoto := legacyPhoto(e, e.IDs["alice"], "0123456789abcdef0123456789abcdef", imagetest.LosslessWebP(600, 300, 0))
		hugePhoto := legacyPhoto(e, e.IDs["bob"], "fedcba9876543210fedcba9876543210", imagetest.WorstJPEG())

		var members []members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: "carol"}, http.StatusOK).Decode(t, &members)
		for _, m := range members {
			if m.ID == e.IDs["alice"] && (m.ThumbnailURL == nil || *m.ThumbnailURL != webpPhoto.ThumbnailURL) {
				t.Errorf("alice's thumbnail_url = %v, want %s", m.ThumbnailURL, webpPhoto.ThumbnailURL)
			}
		}
		original := files(e).Read(webpPhoto.ID + ".webp")
		got := e.MustDo(clubtest.Req{Method: "GET", Path: webpPhoto.URL}, http.StatusOK)
		if !bytes.Equal(got.Body, original) || got.Header.Get("Content-Type") != imagefile.TypeWebP {
			t.Errorf("the old photo is not served as it was stored (%s)", got.Header.Get("Content-Type"))
		}

		// Two first requests at once: both get the thumbnail, and one is recorded.
		var wg sync.WaitGroup
		thumbs := make([]clubtest.Resp, 2)
		for i := range thumbs {
			wg.Go(func() { thumbs[i] = e.Do(clubtest.Req{Method: "GET", Path: webpPhoto.ThumbnailURL}) })
		}
		wg.Wait()
		for _, th := range thumbs {
			if th.Status != http.StatusOK || th.Header.Get("Content-Type") != imagefile.TypeJPEG || !bytes.Equal(th.Body, thumbs[0].Body) {
				t.Fatalf("thumbnail: %d %s, %d bytes", th.Status, th.Header.Get("Content-Type"), len(th.Body))
			}
		}
		img, _, err := image.Decode(bytes.NewReader(thumbs[0].Body))
		if err != nil {
			t.Fatal(err)
		}
		clubtest.Diff(t, "thumbnail size", img.Bounds().Size(), image.Pt(imagefile.ThumbSide, imagefile.ThumbSide))
		thumb, err := photos.Thumbnail(t.Context(), e.DB, webpPhoto.ID)
		if err != nil || thumb == nil {
			t.Fatalf("thumbnail record: %v, %v", thumb, err)
		}
		clubtest.Diff(t, "thumbnail record", *thumb, photos.StoredImage{ContentType: imagefile.TypeJPEG, Size: int64(len(thumbs[0].Body)), Width: imagefile.ThumbSide, Height: imagefile.ThumbSide})
		// Now it is a file like any other, served without decoding the photo again: it is
		// served even while the photo's file is away.
		awayKey := webpPhoto.ID + ".webp"
		files(e).Remove(awayKey)
		again := e.MustDo(clubtest.Req{Method: "GET", Path: webpPhoto.ThumbnailURL}, http.StatusOK)
		if !bytes.Equal(again.Body, thumbs[0].Body) {
			t.Error("the recorded thumbnail changed")
		}
		files(e).Write(awayKey, original)

		// The 6320×6320 progressive CMYK JPEG would take a gigabyte: its thumbnail is the
		// photo itself, and nothing is recorded.
		huge := e.MustDo(clubtest.Req{Method: "GET", Path: hugePhoto.ThumbnailURL}, http.StatusOK)
		hugeFile := files(e).Read(hugePhoto.ID + ".jpg")
		if !bytes.Equal(huge.Body, hugeFile) {
			t.Errorf("the thumbnail of a photo too costly to decode is not the photo (%d bytes)", len(huge.Body))
		}
		if thumb, _ := photos.Thumbnail(t.Context(), e.DB, hugePhoto.ID); thumb != nil {
			t.Errorf("a thumbnail was recorded for the huge photo: %+v", thumb)
		}

		// A new photo replaces the old one and its lazily made thumbnail, files and rows.
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 50, 40, false))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: ct}, http.StatusCreated)
		for _, name := range []string{webpPhoto.ID + ".webp", webpPhoto.ID + ".thumb.jpg"} {
			if files(e).Has(name) {
				t.Errorf("%s is still there", name)
			}
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: webpPhoto.ThumbnailURL}), clubtest.WantProblem{Status: 404, Slug: "not-found"})
		var rows int
		if err := e.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM figure_thumbnails WHERE figure_id = ?", webpPhoto.ID).Scan(&rows); err != nil || rows != 0 {
			t.Errorf("%d thumbnail rows left for the replaced photo (%v)", rows, err)
		}
	})
}

// TestAddThumbnail_PhotoGone checks that a thumbnail made for a photo that was replaced
// meanwhile is not recorded.
func TestAddThumbnail_PhotoGone(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d)
		_, err := photos.AddThumbnail(t.Context(), e.DB, "0123456789abcdef0123456789abcdef", photos.StoredImage{ContentType: imagefile.TypeJPEG, Size: 1, Width: 1, Height: 1})
		if problem.KindOf(err) != problem.NotFound {
			t.Errorf("AddThumbnail = %v, want NotFound", err)
		}
	})
}
