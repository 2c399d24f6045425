//go:build !unix

package swiss

import "time"

// cpuTime is not measured outside Unix.
func cpuTime() (time.Duration, bool) { return 0, false }
