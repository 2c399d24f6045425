//go:build unix

package photos

import (
	"errors"
	"os"
	"syscall"
)

// errLocked means another open file holds the lock.
var errLocked = errors.New("file is locked")

// lockFile takes an exclusive flock on f without waiting, which the kernel releases when f
// is closed or its process dies; errLocked means another open file holds it. On Linux, NFS
// emulates flock with byte-range locks, which the server keeps for all its clients, so
// replicas on a shared directory see each other's locks.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return errLocked
	case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOSYS):
		return errLockUnsupported
	}
	return err
}
