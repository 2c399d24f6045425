package photos_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// FuzzUploadMultipart sends any multipart body to POST /api/figures as a logged-in member
// and checks that the answer is a success or a client error (problem+json), never a 5xx,
// and that no temporary file is left behind.
func FuzzUploadMultipart(f *testing.F) {
	small := imagetest.SampleJPEG(f, 8, 8, true)
	for _, fields := range [][]any{
		{"photo", small},
		{"member_id", "1", "photo", imagetest.SamplePNG(f, 5, 5, true)},
		{"photo", imagetest.TinyWebP, "member_id", "2"},
		{"photo", small, "photo", small},
		{"caption", "me"},
	} {
		body, ct := clubtest.MultipartBody(f, fields...)
		_, boundary, _ := strings.Cut(ct, "boundary=")
		f.Add(body, boundary)
	}
	body, ct := clubtest.MultipartBody(f, "photo", small)
	_, boundary, _ := strings.Cut(ct, "boundary=")
	f.Add(body[:len(body)/2], boundary)
	f.Add([]byte("--x\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\n\xff\xd8\xff\r\n--x--\r\n"), "x")

	e := clubtest.New(f, sqldb.SQLite, func(c *chessclub.Config) {
		c.Photos.MaxPixels, c.Photos.MaxBytes, c.Photos.Memory = 1<<20, 1<<20, photos.MinPhotoMemory
	}).WithMembers()
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		r := clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: "multipart/form-data; boundary=" + boundary}
		et := *e // the same server, reporting to this input's t
		et.T = t
		res := et.Do(r)
		switch {
		case res.Status == http.StatusCreated:
		case res.Status >= 400 && res.Status < 500:
			if res.Header.Get("Content-Type") != problem.ContentType {
				t.Fatalf("%d without a problem document: %s", res.Status, res.Body)
			}
		default:
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		entries, err := os.ReadDir(e.Config.Photos.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, de := range entries {
			if strings.HasPrefix(de.Name(), photos.TempPrefix) {
				t.Fatalf("temporary file %s left", de.Name())
			}
		}
	})
}
