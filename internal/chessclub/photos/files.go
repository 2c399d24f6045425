package photos

import (
	"context"
	"errors"
	"io"
	"os"
)

// fileStore keeps the files of photos and thumbnails under keys such as "<id>.jpg" and
// "<id>.thumb.png": a directory (dirStore) or an S3-compatible bucket (bucketStore). Uploads
// are written to temporary files in its staging directory first, then handed to put.
// Implementations are safe for concurrent use, and several servers may share one store.
type fileStore interface {
	// stagingDir is the local directory for temporary files of uploads in progress
	// (createTemp). Files there that no live process holds are swept at start.
	stagingDir() string
	// put stores the contents of f, a synced temporary file in stagingDir, under key,
	// atomically: a reader sees the whole file under key or nothing, never a part. On
	// success f is used up (renamed into place, or removed) and closed; on failure it stays
	// the caller's to release (releaseTemp).
	put(ctx context.Context, key string, f *os.File, contentType string) error
	// open returns the file under key for reading, or errPhotoMissing.
	open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// remove deletes the file under key; a missing file is not an error.
	remove(ctx context.Context, key string) error
}

// errPhotoMissing means that a store has no file under a key.
var errPhotoMissing = errors.New("photo file missing")

// figureKey is the key of the photo with id and content type.
func figureKey(id, contentType string) string { return id + figureExt[contentType] }

// thumbKey is the key of the thumbnail of the photo with id, of the content type given.
func thumbKey(id, contentType string) string { return id + ".thumb" + figureExt[contentType] }

// releaseTemp removes and closes a temporary file, in that order, so that it stays locked
// against sweepTemp until it is gone.
func releaseTemp(f *os.File) {
	if f == nil {
		return
	}
	_ = os.Remove(f.Name())
	_ = f.Close()
}
