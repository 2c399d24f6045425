//go:build !unix

package photos

import (
	"errors"
	"os"
)

// errLocked is never returned where file locks are not used.
var errLocked = errors.New("file is locked")

// lockFile is a no-op here: the sweep goes by age alone (staleTemp).
func lockFile(*os.File) error { return errLockUnsupported }
