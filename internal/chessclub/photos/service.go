// Package photos receives, stores and serves the members' photos: uploads streamed into
// temporary files without their metadata, each decode admitted by the memory it will take
// (budget.go), a normalised copy and a thumbnail made of it (upload.go, with the image work
// in package imagefile), kept in a directory or an S3-compatible bucket (files*.go) and
// recorded in the database (records.go), and the files that a crash or a failure left
// behind swept (sweep.go, tempfiles.go).
//
// It knows a member only by id, and the caller of a request as an api.Caller: it must never
// import the club's other packages (members, auth, play) or the package root, which wires it.
package photos

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"campus.example/apps/internal/sqldb"
)

// Config holds the photo settings. Zero values take the documented defaults; negative
// limits are refused by New.
type Config struct {
	// Dir is the directory of photo files; it is created when missing. Exactly one of Dir
	// and Bucket is required.
	Dir string
	// Bucket keeps the photo files in an S3-compatible bucket instead, as
	// s3://bucket/prefix?endpoint=URL&region=REGION (see ParseBucketURL), reached with
	// BucketKeys. Replicas of the server share it.
	Bucket string
	// BucketKeys are Bucket's credentials.
	BucketKeys BucketKeys
	// BucketRegion is the region when Bucket names none (AWS_REGION); empty means
	// us-east-1.
	BucketRegion string
	// StagingDir holds uploads in progress when photos go to Bucket: they are decoded and
	// encoded in temporary files there before they are sent. The default is
	// chessclub-uploads in the system's temporary directory. With Dir, uploads are staged in
	// Dir itself and StagingDir is not used.
	StagingDir string
	// MaxBytes limits uploaded photos (DefaultMaxPhotoBytes).
	MaxBytes int64
	// MaxPixels limits photo dimensions (DefaultMaxPixels).
	MaxPixels int64
	// Memory is the memory that all photo decodes running at once may take
	// (DefaultPhotoMemory; see imagefile.DecodeCost and photoBudget). A photo that would need more is
	// refused; one that needs more than is free now waits.
	Memory int64
}

// WithDefaults returns c with its zero values set to the defaults, or an error naming what
// is missing, contradictory or negative.
func (c Config) WithDefaults() (Config, error) {
	if c.Dir == "" && c.Bucket == "" {
		return c, errors.New("photos: Config.Dir is required (or Bucket)")
	}
	if c.Dir != "" && c.Bucket != "" {
		return c, errors.New("photos: Config.Dir and Bucket may not both be set")
	}
	if c.MaxBytes < 0 || c.MaxPixels < 0 || c.Memory < 0 {
		return c, fmt.Errorf("photos: Config.MaxBytes (%d), MaxPixels (%d) and Memory (%d) may not be negative", c.MaxBytes, c.MaxPixels, c.Memory)
	}
	if c.StagingDir == "" {
		c.StagingDir = filepath.Join(os.TempDir(), "chessclub-uploads")
	}
	if c.MaxBytes == 0 {
		c.MaxBytes = DefaultMaxPhotoBytes
	}
	if c.MaxPixels == 0 {
		c.MaxPixels = DefaultMaxPixels
	}
	if c.Memory == 0 {
		c.Memory = DefaultPhotoMemory
	}
	return c, nil
}

// Service receives, stores and serves member photos: for each its normalised copy and its
// thumbnail, kept in files (a directory or a bucket) and recorded in the database. Its
// handlers are Upload, Get and Thumbnail. It is safe for concurrent use.
type Service struct {
	files     fileStore
	maxBytes  int64
	maxPixels int64
	budget    *photoBudget
	records   *records
	log       *slog.Logger
	// sweepMu guards lastSweep, when this server last swept orphaned files (maybeSweep).
	sweepMu   sync.Mutex
	lastSweep time.Time
}

// New opens the photo directory (creating it) or checks that the bucket answers, removes the
// temporary files that crashed uploads left, and starts a sweep of orphaned photo files in
// the background. db must be migrated; now is the clock, read at each call.
func New(db *sqldb.DB, now func() time.Time, log *slog.Logger, cfg Config) (*Service, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	files, err := openFiles(cfg, log)
	if err != nil {
		return nil, err
	}
	sweepTemp(files.stagingDir(), log)
	s := &Service{files: files, maxBytes: cfg.MaxBytes, maxPixels: cfg.MaxPixels, budget: newPhotoBudget(cfg.Memory),
		records: &records{db: db, now: now}, log: log}
	s.maybeSweep()
	return s, nil
}

// openFiles opens the directory or the bucket that cfg names.
func openFiles(cfg Config, log *slog.Logger) (fileStore, error) {
	if cfg.Dir != "" {
		return newDirStore(cfg.Dir, log)
	}
	loc, err := ParseBucketURL(cfg.Bucket, cfg.BucketRegion)
	if err != nil {
		return nil, err
	}
	return openBucketStore(context.Background(), loc, cfg.BucketKeys, cfg.StagingDir)
}

// MaxBytes is the largest photo accepted.
func (s *Service) MaxBytes() int64 { return s.maxBytes }

// MaxUploadBody is the largest request body an upload may have: the photo, and as a
// multipart body its boundaries, part headers and member_id field besides.
func (s *Service) MaxUploadBody() int64 { return s.maxBytes + multipartSlack }

// ObserveDecodeWaits makes the service tell observe how long each admitted or refused decode
// waited for memory (a metric). Call it before the service is shared.
func (s *Service) ObserveDecodeWaits(observe func(time.Duration)) { s.budget.waited = observe }
