package photos

import (
	"bytes"
	"context"
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

// What the tests of package photos_test, which run the whole server, need to see of the
// package's insides: the stores' files, the orphan rows, and the sweep.

// StorageKinds are the photo stores that every photo test runs on: a directory, and a
// bucket on a real S3 server (versitygw).
var StorageKinds = []string{"dir", "bucket"}

// StorageConfig returns the settings of a fresh store of kind: a new directory, or a new
// bucket (under a prefix, so that keys are not at the bucket's root) on a versitygw started
// for the test, with uploads staged in a new directory.
func StorageConfig(t testing.TB, kind string) Config {
	t.Helper()
	if kind == "dir" {
		return Config{Dir: t.TempDir()}
	}
	srv := s3test.Start(t)
	return Config{Bucket: srv.URL(srv.Bucket(t), "club/photos"), StagingDir: t.TempDir(),
		BucketKeys: BucketKeys{AccessKeyID: srv.AccessKey, SecretAccessKey: srv.SecretKey}}
}

// Files is the photo store that a Config names, opened a second time, as another replica
// would.
type Files struct {
	t   testing.TB
	cfg Config
	s   fileStore
}

// OpenFiles opens the store of cfg, failing the test when it cannot.
func OpenFiles(t testing.TB, cfg Config) *Files {
	t.Helper()
	cfg, err := cfg.WithDefaults()
	if err != nil {
		t.Fatal(err)
	}
	s, err := openFiles(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return &Files{t: t, cfg: cfg, s: s}
}

// Staged lists the store's keys and the temporary files in its staging directory, sorted.
func (f *Files) Staged() []string {
	f.t.Helper()
	entries, err := os.ReadDir(f.s.stagingDir())
	if err != nil {
		f.t.Fatal(err)
	}
	var names []string
	for _, de := range entries {
		names = append(names, de.Name())
	}
	if f.cfg.Bucket != "" {
		names = append(names, f.Keys()...)
	}
	slices.Sort(names)
	return names
}

// Keys lists every file in the store, temporary files of a directory aside, sorted.
func (f *Files) Keys() []string {
	f.t.Helper()
	var keys []string
	switch s := f.s.(type) {
	case *dirStore:
		entries, err := os.ReadDir(s.dir)
		if err != nil {
			f.t.Fatal(err)
		}
		for _, de := range entries {
			if !strings.HasPrefix(de.Name(), tempPrefix) {
				keys = append(keys, de.Name())
			}
		}
	case *bucketStore:
		pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: aws.String(s.loc.Bucket), Prefix: aws.String(s.loc.Prefix)})
		for pages.HasMorePages() {
			page, err := pages.NextPage(f.t.Context())
			if err != nil {
				f.t.Fatal(err)
			}
			for _, o := range page.Contents {
				keys = append(keys, strings.TrimPrefix(aws.ToString(o.Key), s.loc.Prefix))
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// Read returns the stored file under key, failing the test when there is none.
func (f *Files) Read(key string) []byte {
	f.t.Helper()
	r, err := f.s.open(f.t.Context(), key)
	if err != nil {
		f.t.Fatalf("open %s: %v", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		f.t.Fatalf("read %s: %v", key, err)
	}
	return b
}

// Has reports whether the store holds a file under key.
func (f *Files) Has(key string) bool {
	f.t.Helper()
	r, err := f.s.open(f.t.Context(), key)
	if err == errPhotoMissing {
		return false
	}
	if err != nil {
		f.t.Fatalf("open %s: %v", key, err)
	}
	r.Close()
	return true
}

// Write stores b under key, as put does.
func (f *Files) Write(key string, b []byte) {
	f.t.Helper()
	tmp, err := createTemp(f.s.stagingDir())
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := io.Copy(tmp, bytes.NewReader(b)); err != nil {
		releaseTemp(tmp)
		f.t.Fatal(err)
	}
	if err := f.s.put(f.t.Context(), key, tmp, "application/octet-stream"); err != nil {
		releaseTemp(tmp)
		f.t.Fatal(err)
	}
}

// Remove deletes the file under key behind the server's back.
func (f *Files) Remove(key string) {
	f.t.Helper()
	if err := f.s.remove(f.t.Context(), key); err != nil {
		f.t.Fatal(err)
	}
}

// OrphanRows lists the ids in figure_orphans of db.
func OrphanRows(t testing.TB, db *sqldb.DB) []string {
	t.Helper()
	ids, err := (&records{db: db}).orphansBefore(t.Context(), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// MarkOrphan records in db, at the time now gives, that files of the photo with id may
// exist without a record.
func MarkOrphan(ctx context.Context, db *sqldb.DB, now func() time.Time, id string) error {
	return (&records{db: db, now: now}).markOrphan(ctx, id)
}

// OrphanAge is how old an orphan row must be before the sweep removes its files.
const OrphanAge = orphanAge

// SweepOrphans runs one sweep of the orphan rows of db older than cutoff over the store of
// cfg, as a server does, and returns how many photos' files it removed.
func SweepOrphans(t testing.TB, db *sqldb.DB, cfg Config, cutoff time.Time) (int, error) {
	p := &Service{files: OpenFiles(t, cfg).s, records: &records{db: db}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return p.sweepOrphans(t.Context(), cutoff)
}

// FigureExt is the extension of a stored file of each content type.
var FigureExt = figureExt

// TempPrefix and CreateTemp are those of the staging directory's temporary files.
var (
	TempPrefix = tempPrefix
	CreateTemp = createTemp
)

// FigureID matches the ids of photos.
var FigureID = figureID

// StoredImage describes a stored photo or thumbnail file, as the records keep it.
type StoredImage = storedImage

// Thumbnail returns the thumbnail record of the photo with id in db, nil when it has none.
func Thumbnail(ctx context.Context, db *sqldb.DB, id string) (*StoredImage, error) {
	_, thumb, err := (&records{db: db}).figureAndThumbnail(ctx, id)
	return thumb, err
}

// AddThumbnail records in db the thumbnail of a photo stored before thumbnails existed.
func AddThumbnail(ctx context.Context, db *sqldb.DB, id string, t StoredImage) (StoredImage, error) {
	return (&records{db: db}).addThumbnail(ctx, id, t)
}
