package photos_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestSweepOrphans leaves files as a crash between storing and recording an upload would,
// and as a failed removal of a replaced photo would, each with its orphan row: the sweep
// removes them once their row is older than the cutoff, and never a recorded photo's files
// or files that no orphan row names, even when they look like the server's.
func TestSweepOrphans(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*chessclub.Config)) {
		e := clubtest.New(t, d, storage).WithMembers()
		var first, second photos.Figure
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, false))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &first)
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: ct}, http.StatusCreated).Decode(t, &second)
		kept := []string{second.ID + ".jpg", second.ID + ".thumb.jpg"}
		clubtest.Diff(t, "files after two uploads", files(e).Keys(), kept)
		clubtest.Diff(t, "orphan rows after two uploads", photos.OrphanRows(t, e.DB), []string(nil))

		// The replaced photo's files, as if removing them had failed.
		files(e).Write(first.ID+".jpg", []byte("replaced"))
		files(e).Write(first.ID+".thumb.jpg", []byte("replaced"))
		if err := photos.MarkOrphan(t.Context(), e.DB, e.Clock.Now, first.ID); err != nil {
			t.Fatal(err)
		}
		// A crashed upload's files.
		const crashed = "abcdefabcdefabcdefabcdefabcdefab"
		if err := photos.MarkOrphan(t.Context(), e.DB, e.Clock.Now, crashed); err != nil {
			t.Fatal(err)
		}
		files(e).Write(crashed+".png", []byte("never recorded"))
		files(e).Write(crashed+".thumb.png", []byte("never recorded"))
		// A row for a recorded photo, which no path of the server leaves: its files stay.
		if err := photos.MarkOrphan(t.Context(), e.DB, e.Clock.Now, second.ID); err != nil {
			t.Fatal(err)
		}
		// Files that no row names: another installation's, say.
		const foreign = "fedcbafedcbafedcbafedcbafedcbafe"
		files(e).Write(foreign+".jpg", []byte("not ours to remove"))
		files(e).Write("readme.txt", []byte("not the server's"))
		kept = append(kept, foreign+".jpg", "readme.txt")
		slices.Sort(kept)

		// Young rows may be an upload about to be recorded: nothing goes.
		if n, err := photos.SweepOrphans(t, e.DB, e.Config.Photos, e.Clock.Now().Add(-photos.OrphanAge)); err != nil || n != 0 {
			t.Fatalf("sweep of young rows removed %d (%v)", n, err)
		}
		n, err := photos.SweepOrphans(t, e.DB, e.Config.Photos, e.Clock.Now().Add(time.Minute))
		if err != nil || n != 2 {
			t.Fatalf("sweep removed the files of %d photos (%v), want 2", n, err)
		}
		clubtest.Diff(t, "files after the sweep", files(e).Keys(), kept)
		clubtest.Diff(t, "orphan rows after the sweep", photos.OrphanRows(t, e.DB), []string(nil))
		e.MustDo(clubtest.Req{Method: "GET", Path: second.URL}, http.StatusOK)
		e.MustDo(clubtest.Req{Method: "GET", Path: second.ThumbnailURL}, http.StatusOK)
	})
}
