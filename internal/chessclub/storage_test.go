package chessclub

import (
	"bytes"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"campus.example/apps/internal/s3test"
	"campus.example/apps/internal/sqldb"
)

// storageKinds are the photo stores that every photo test runs on: a directory, and a
// bucket on a real S3 server (versitygw).
var storageKinds = []string{"dir", "bucket"}

// storagePairs are the photo store and database pairs that forStorage runs: the directory
// on each dialect, and the bucket on MariaDB, as replicas run it. The store and the database
// meet only through photos.commit and the sweep, which do the same on every store, so each
// store and each dialect is covered without running the slow photo suite a fourth time.
var storagePairs = []struct {
	kind    string
	dialect sqldb.Dialect
}{{"dir", sqldb.SQLite}, {"dir", sqldb.MySQL}, {"bucket", sqldb.MySQL}}

// forStorage runs fn as a subtest on each of storagePairs.
func forStorage(t *testing.T, fn func(t *testing.T, d sqldb.Dialect, storage func(*Config))) {
	for _, p := range storagePairs {
		t.Run(p.kind+"/"+p.dialect.String(), func(t *testing.T) { fn(t, p.dialect, storageConfig(t, p.kind)) })
	}
}

// storageConfig returns what sets a Config to a fresh store of kind: a new directory, or a
// new bucket (under a prefix, so that keys are not at the bucket's root) on a versitygw
// started for the test, with uploads staged in a new directory.
func storageConfig(t testing.TB, kind string) func(*Config) {
	t.Helper()
	if kind == "dir" {
		dir := t.TempDir()
		return func(c *Config) { c.FiguresDir = dir }
	}
	srv := s3test.Start(t)
	url := srv.URL(srv.Bucket(t), "club/photos")
	staging := t.TempDir()
	return func(c *Config) {
		c.FiguresDir, c.FiguresBucket, c.StagingDir = "", url, staging
		c.BucketKeys = BucketKeys{AccessKeyID: srv.AccessKey, SecretAccessKey: srv.SecretKey}
	}
}

// photoFiles opens the server's photo store a second time, as another replica would.
func (e *env) photoFiles() photoStore {
	e.t.Helper()
	s, err := openPhotoStore(e.cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// files lists the photo store's keys and the temporary files in its staging directory,
// sorted.
func (e *env) files() []string {
	e.t.Helper()
	s := e.photoFiles()
	entries, err := os.ReadDir(s.stagingDir())
	if err != nil {
		e.t.Fatal(err)
	}
	var names []string
	for _, de := range entries {
		names = append(names, de.Name())
	}
	if e.cfg.FiguresBucket != "" {
		names = append(names, e.keys()...)
	}
	slices.Sort(names)
	return names
}

// keys lists every file in the photo store, temporary files of a directory aside, sorted.
func (e *env) keys() []string {
	e.t.Helper()
	var keys []string
	switch s := e.photoFiles().(type) {
	case *dirStore:
		entries, err := os.ReadDir(s.dir)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, de := range entries {
			if !strings.HasPrefix(de.Name(), tempPrefix) {
				keys = append(keys, de.Name())
			}
		}
	case *bucketStore:
		pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: aws.String(s.loc.Bucket), Prefix: aws.String(s.loc.Prefix)})
		for pages.HasMorePages() {
			page, err := pages.NextPage(e.t.Context())
			if err != nil {
				e.t.Fatal(err)
			}
			for _, o := range page.Contents {
				keys = append(keys, strings.TrimPrefix(aws.ToString(o.Key), s.loc.Prefix))
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// orphanRows lists the ids in figure_orphans.
func (e *env) orphanRows() []string {
	e.t.Helper()
	ids, err := e.store.orphansBefore(e.t.Context(), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	return ids
}

// readFile returns the stored file under key, failing the test when there is none.
func (e *env) readFile(key string) []byte {
	e.t.Helper()
	f, err := e.photoFiles().open(e.t.Context(), key)
	if err != nil {
		e.t.Fatalf("open %s: %v", key, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		e.t.Fatalf("read %s: %v", key, err)
	}
	return b
}

// hasFile reports whether the store holds a file under key.
func (e *env) hasFile(key string) bool {
	e.t.Helper()
	f, err := e.photoFiles().open(e.t.Context(), key)
	if err == errPhotoMissing {
		return false
	}
	if err != nil {
		e.t.Fatalf("open %s: %v", key, err)
	}
	f.Close()
	return true
}

// writeFile stores b under key, as put does.
func (e *env) writeFile(key string, b []byte) {
	e.t.Helper()
	s := e.photoFiles()
	f, err := createTemp(s.stagingDir())
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := io.Copy(f, bytes.NewReader(b)); err != nil {
		releaseTemp(f)
		e.t.Fatal(err)
	}
	if err := s.put(e.t.Context(), key, f, "application/octet-stream"); err != nil {
		releaseTemp(f)
		e.t.Fatal(err)
	}
}

// removeFile deletes the file under key behind the server's back.
func (e *env) removeFile(key string) {
	e.t.Helper()
	if err := e.photoFiles().remove(e.t.Context(), key); err != nil {
		e.t.Fatal(err)
	}
}
