package chessclub

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/sqldb"
)

// TestPhotoStore checks the contract of each photo store: what put stores, open returns
// whole or from any offset; a missing key is errPhotoMissing; remove is idempotent.
func TestPhotoStore(t *testing.T) {
	for _, kind := range storageKinds {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t, sqldb.SQLite, storageConfig(t, kind))
			s := e.photoFiles()
			ctx := t.Context()
			content := make([]byte, 300<<10)
			_, _ = rand.Read(content)
			const key = "0123456789abcdef0123456789abcdef.jpg"
			e.writeFile(key, content)
			e.writeFile("not-a-photo.txt", []byte("someone else's"))

			f, err := s.open(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := io.ReadAll(f)
			if err != nil || !bytes.Equal(whole, content) {
				t.Fatalf("read back %d bytes (%v), want the %d stored", len(whole), err, len(content))
			}
			for _, from := range []int64{0, 1, 200 << 10, int64(len(content)) - 1} {
				if _, err := f.Seek(from, io.SeekStart); err != nil {
					t.Fatal(err)
				}
				tail, err := io.ReadAll(f)
				if err != nil || !bytes.Equal(tail, content[from:]) {
					t.Errorf("from %d: read %d bytes (%v), want %d", from, len(tail), err, int64(len(content))-from)
				}
			}
			if end, err := f.Seek(0, io.SeekEnd); err != nil || end != int64(len(content)) {
				t.Errorf("Seek(0, SeekEnd) = %d, %v; want the size %d", end, err, len(content))
			}
			f.Close()

			if _, err := s.open(ctx, "fedcba9876543210fedcba9876543210.jpg"); !errors.Is(err, errPhotoMissing) {
				t.Errorf("open of a missing key = %v, want errPhotoMissing", err)
			}
			diff(t, "stored", e.keys(), []string{key, "not-a-photo.txt"})
			for range 2 {
				if err := s.remove(ctx, key); err != nil {
					t.Fatalf("remove: %v", err)
				}
			}
			if e.hasFile(key) {
				t.Error("removed file still there")
			}
		})
	}
}

// TestPhotoStore_AtomicPut replaces a file while readers read it: each read gets the old
// content or the new one whole, never a mix or a part.
func TestPhotoStore_AtomicPut(t *testing.T) {
	for _, kind := range storageKinds {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t, sqldb.SQLite, storageConfig(t, kind))
			const key = "00000000000000000000000000000000.png"
			versions := make([][]byte, 4)
			for i := range versions {
				versions[i] = bytes.Repeat([]byte{byte('a' + i)}, 1<<20)
			}
			e.writeFile(key, versions[0])
			s := e.photoFiles()
			done := make(chan struct{})
			var wg sync.WaitGroup
			var mu sync.Mutex
			reads := 0
			for range 2 {
				wg.Go(func() {
					for {
						select {
						case <-done:
							return
						default:
						}
						f, err := s.open(t.Context(), key)
						if err != nil {
							t.Errorf("open during a put: %v", err)
							return
						}
						b, err := io.ReadAll(f)
						f.Close()
						if err != nil || !slicesContainBytes(versions, b) {
							t.Errorf("read %d bytes that are no whole version", len(b))
							return
						}
						mu.Lock()
						reads++
						mu.Unlock()
					}
				})
			}
			for _, v := range versions[1:] {
				e.writeFile(key, v)
			}
			close(done)
			wg.Wait()
			if reads == 0 {
				t.Error("no read ran during the puts")
			}
		})
	}
}

func slicesContainBytes(list [][]byte, b []byte) bool {
	for _, v := range list {
		if bytes.Equal(v, b) {
			return true
		}
	}
	return false
}

// TestSweepOrphans leaves files as a crash between storing and recording an upload would,
// and as a failed removal of a replaced photo would, each with its orphan row: the sweep
// removes them once their row is older than the cutoff, and never a recorded photo's files
// or files that no orphan row names, even when they look like the server's.
func TestSweepOrphans(t *testing.T) {
	forStorage(t, func(t *testing.T, d sqldb.Dialect, storage func(*Config)) {
		e := newEnv(t, d, storage).withMembers()
		var first, second Figure
		body, ct := multipartBody(t, "photo", testJPEG(t, 8, 8, false))
		e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: body, contentType: ct}, http.StatusCreated).decode(t, &first)
		e.mustDo(req{method: "POST", path: "/api/figures", as: "alice", body: body, contentType: ct}, http.StatusCreated).decode(t, &second)
		kept := []string{second.ID + ".jpg", second.ID + ".thumb.jpg"}
		diff(t, "files after two uploads", e.keys(), kept)
		diff(t, "orphan rows after two uploads", e.orphanRows(), []string(nil))

		// The replaced photo's files, as if removing them had failed.
		e.writeFile(first.ID+".jpg", []byte("replaced"))
		e.writeFile(first.ID+".thumb.jpg", []byte("replaced"))
		if err := e.store.markOrphan(t.Context(), first.ID); err != nil {
			t.Fatal(err)
		}
		// A crashed upload's files.
		const crashed = "abcdefabcdefabcdefabcdefabcdefab"
		if err := e.store.markOrphan(t.Context(), crashed); err != nil {
			t.Fatal(err)
		}
		e.writeFile(crashed+".png", []byte("never recorded"))
		e.writeFile(crashed+".thumb.png", []byte("never recorded"))
		// A row for a recorded photo, which no path of the server leaves: its files stay.
		if err := e.store.markOrphan(t.Context(), second.ID); err != nil {
			t.Fatal(err)
		}
		// Files that no row names: another installation's, say.
		const foreign = "fedcbafedcbafedcbafedcbafedcbafe"
		e.writeFile(foreign+".jpg", []byte("not ours to remove"))
		e.writeFile("readme.txt", []byte("not the server's"))
		kept = append(kept, foreign+".jpg", "readme.txt")
		slices.Sort(kept)
		p := &photos{files: e.photoFiles(), store: e.store, log: slog.New(slog.NewTextHandler(io.Discard, nil))}

		// Young rows may be an upload about to be recorded: nothing goes.
		if n, err := p.sweepOrphans(t.Context(), e.clock.Now().Add(-orphanAge)); err != nil || n != 0 {
			t.Fatalf("sweep of young rows removed %d (%v)", n, err)
		}
		n, err := p.sweepOrphans(t.Context(), e.clock.Now().Add(time.Minute))
		if err != nil || n != 2 {
			t.Fatalf("sweep removed the files of %d photos (%v), want 2", n, err)
		}
		diff(t, "files after the sweep", e.keys(), kept)
		diff(t, "orphan rows after the sweep", e.orphanRows(), []string(nil))
		e.mustDo(req{method: "GET", path: second.URL}, http.StatusOK)
		e.mustDo(req{method: "GET", path: second.ThumbnailURL}, http.StatusOK)
	})
}

func TestParseBucketURL(t *testing.T) {
	tests := []struct {
		raw, region string
		want        BucketURL
		wantErr     string
	}{
		{"s3://photos", "", BucketURL{Bucket: "photos", Region: "us-east-1"}, ""},
		{"s3://photos/club/2026/?region=eu-west-3", "us-east-2", BucketURL{Bucket: "photos", Prefix: "club/2026/", Region: "eu-west-3"}, ""},
		{"s3://photos/club?endpoint=http://127.0.0.1:7070", "eu-north-1", BucketURL{Bucket: "photos", Prefix: "club/", Endpoint: "http://127.0.0.1:7070", Region: "eu-north-1", PathStyle: true}, ""},
		{"s3://photos?endpoint=https://s3.example.org&path_style=false", "", BucketURL{Bucket: "photos", Endpoint: "https://s3.example.org", Region: "us-east-1"}, ""},
		{"s3:///club", "", BucketURL{}, "want s3://bucket/prefix"},
		{"https://photos/club", "", BucketURL{}, "want s3://bucket/prefix"},
		{"s3://key:secret@photos", "", BucketURL{}, "want s3://bucket/prefix"},
		{"s3://photos?acl=public", "", BucketURL{}, `unknown parameter "acl"`},
		{"s3://photos?endpoint=ftp://x", "", BucketURL{}, "is not an http or https URL"},
		{"s3://photos?path_style=maybe", "", BucketURL{}, `path_style "maybe"`},
	}
	for _, tc := range tests {
		got, err := ParseBucketURL(tc.raw, tc.region)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseBucketURL(%q) = %v, want an error with %q", tc.raw, err, tc.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), "secret") {
				t.Errorf("ParseBucketURL(%q) quotes the secret: %v", tc.raw, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseBucketURL(%q): %v", tc.raw, err)
			continue
		}
		diff(t, tc.raw, got, tc.want)
	}
}
