package photos

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// tempPrefix starts the name of every file the server writes in the staging directory (the
// photo directory itself, or a local one for a bucket) before storing it. Such a file
// outlives its request only when the process dies between creating and storing it (kill -9,
// a power cut), and sweepTemp removes it at the next start.
const tempPrefix = ".upload-"

// staleTemp is the age past which a temporary file is taken as abandoned where file locks
// are not available: longer than any request may run (httpserve's read and write timeouts
// are 60 s and 120 s).
const staleTemp = 10 * time.Minute

// errLockUnsupported means the file system cannot lock files (some network file systems).
var errLockUnsupported = errors.New("file locks are not supported here")

// createTemp creates a temporary file in dir and locks it for as long as it stays open, so
// that another server sweeping the same directory (replicas share it) leaves it alone.
// Close it only after renaming it into place or removing it.
func createTemp(dir string) (*os.File, error) {
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil && !errors.Is(err, errLockUnsupported) {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// sweepTemp removes the temporary files in dir that no live process holds: a process that
// dies loses its locks. Where locks are not supported, it removes those older than
// staleTemp instead. It returns how many it removed; failures are logged, never fatal.
func sweepTemp(dir string, log *slog.Logger) int {
	names, err := filepath.Glob(filepath.Join(dir, tempPrefix+"*"))
	if err != nil {
		return 0
	}
	removed := 0
	for _, name := range names {
		ok, err := removeIfAbandoned(name)
		if err != nil {
			log.Warn("sweep temporary photo file", "file", filepath.Base(name), "err", err)
		}
		if ok {
			removed++
		}
	}
	if removed > 0 {
		log.Info("removed temporary photo files left by a crash", "count", removed)
	}
	return removed
}

// removeIfAbandoned removes the file name when no process holds its lock (or, without
// locks, when it is older than staleTemp), and reports whether it did.
func removeIfAbandoned(name string) (bool, error) {
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	switch err := lockFile(f); {
	case errors.Is(err, errLockUnsupported):
		st, err := f.Stat()
		if err != nil || time.Since(st.ModTime()) < staleTemp {
			return false, err
		}
	case errors.Is(err, errLocked):
		return false, nil
	case err != nil:
		return false, err
	}
	// Removed while the lock is held, so that no one can take the file over in between.
	if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	return true, nil
}
