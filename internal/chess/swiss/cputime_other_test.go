//go:build !unix

package swiss

import "time"

// cpuTime is not measured outside Unix.
func cpuTime() (time.Duration, bool) { return 0, false }

// maxRSS is not measured outside Unix.
func maxRSS() (uint64, bool) { return 0, false }
