package photos

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPhotoStore checks the contract of each photo store: what put stores, open returns
// whole or from any offset; a missing key is errPhotoMissing; remove is idempotent.
func TestPhotoStore(t *testing.T) {
	for _, kind := range StorageKinds {
		t.Run(kind, func(t *testing.T) {
			files := OpenFiles(t, StorageConfig(t, kind))
			s := files.s
			ctx := t.Context()
			content := make([]byte, 300<<10)
			_, _ = rand.Read(content)
			const key = "0123456789abcdef0123456789abcdef.jpg"
			files.Write(key, content)
			files.Write("not-a-photo.txt", []byte("someone else's"))

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
			if d := cmp.Diff([]string{key, "not-a-photo.txt"}, files.Keys()); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", "stored", d)
			}
			for range 2 {
				if err := s.remove(ctx, key); err != nil {
					t.Fatalf("remove: %v", err)
				}
			}
			if files.Has(key) {
				t.Error("removed file still there")
			}
		})
	}
}

// TestPhotoStore_AtomicPut replaces a file while readers read it: each read gets the old
// content or the new one whole, never a mix or a part.
func TestPhotoStore_AtomicPut(t *testing.T) {
	for _, kind := range StorageKinds {
		t.Run(kind, func(t *testing.T) {
			files := OpenFiles(t, StorageConfig(t, kind))
			const key = "00000000000000000000000000000000.png"
			versions := make([][]byte, 4)
			for i := range versions {
				versions[i] = bytes.Repeat([]byte{byte('a' + i)}, 1<<20)
			}
			files.Write(key, versions[0])
			s := files.s
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
				files.Write(key, v)
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
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", tc.raw, d)
		}
	}
}
