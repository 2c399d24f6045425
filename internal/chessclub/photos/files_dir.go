package photos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
)

// dirStore keeps photo files in one local directory, named by their keys, with the
// temporary files of uploads beside them, so that put is a rename: atomic, and no copy.
type dirStore struct {
	dir string
	log *slog.Logger
}

// newDirStore creates dir when it is missing.
func newDirStore(dir string, log *slog.Logger) (*dirStore, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("photo directory: %w", err)
	}
	return &dirStore{dir: dir, log: log}, nil
}

func (s *dirStore) stagingDir() string { return s.dir }

func (s *dirStore) put(_ context.Context, key string, f *os.File, _ string) error {
	if err := os.Rename(f.Name(), filepath.Join(s.dir, key)); err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	_ = f.Close()
	s.syncDir()
	return nil
}

func (s *dirStore) open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	f, err := os.Open(filepath.Join(s.dir, key))
	if errors.Is(err, os.ErrNotExist) {
		return nil, errPhotoMissing
	}
	return f, err
}

func (s *dirStore) remove(_ context.Context, key string) error {
	if err := os.Remove(filepath.Join(s.dir, key)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// syncDir makes a rename durable; failure only weakens durability, so it is logged.
func (s *dirStore) syncDir() {
	d, err := os.Open(s.dir)
	if err != nil {
		return
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		s.log.Warn("sync photo directory", "err", err)
	}
}
