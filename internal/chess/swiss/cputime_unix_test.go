//go:build unix

package swiss

import (
	"runtime"
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far, user and system. On a machine
// shared with other work, it measures a pairing where the wall clock measures the neighbours.
func cpuTime() (time.Duration, bool) {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0, false
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano()), true
}

// maxRSS returns the most resident memory the process has held so far, in bytes (getrusage
// counts it in kilobytes on Linux, in bytes on macOS).
func maxRSS() (uint64, bool) {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" {
		return uint64(r.Maxrss), true
	}
	return uint64(r.Maxrss) << 10, true
}
