package chessclub

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play"
)

// memoryBase is what the server holds besides password hashes and photo decodes: the Go
// runtime, the database driver and SQLite's page cache, requests and responses in flight.
// The collector's trace (GODEBUG=gctrace=1) of an idle server shows a few MB live; 32 MiB
// leaves room for requests in flight while keeping the default limit, which the photo
// budget dominates, within the budget plus 100 MB that the photo load promises (see
// docs/RELIABILITY.md): with 64 MiB the worst-photo load peaked at the promise itself.
const memoryBase = 32 << 20

// MemoryLimit returns the default soft memory limit for a server with cfg (see
// runtime/debug.SetMemoryLimit): memoryBase plus the most that its bounded work holds at
// once, HashConcurrency argon2id hashes of Password.Memory KiB each, the photo decodes'
// PhotoMemory, and the views its cache keeps (Play.ViewCacheBytes). Zero fields of cfg count
// at their defaults.
//
// Each hash and decode allocates its memory anew, and Go's collector lets garbage grow to
// as much again as the live heap before it collects (GOGC=100). The limit makes it collect
// sooner once the heap nears the sum of those bounds, so that the bounds hold for the
// process as a whole, not only for what is live. It is soft: work that needs more still gets
// it, at the cost of more frequent collections. On its own a login storm stays below this
// limit (about twice its 2 × 19 MiB of live hashes, see docs/BENCHMARKS.md); a lower limit
// trades CPU for memory there.
func MemoryLimit(cfg Config) int64 {
	hashes := int64(cfg.Auth.HashConcurrency)
	if hashes <= 0 {
		hashes = int64(runtime.GOMAXPROCS(0))
	}
	hashKiB := int64(cfg.Auth.Password.Memory)
	if cfg.Auth.Password == (auth.PasswordParams{}) {
		hashKiB = int64(auth.DefaultPasswordParams.Memory)
	}
	views := cfg.Play.ViewCacheBytes
	if views <= 0 {
		views = play.DefaultViewCacheBytes
	}
	return memoryBase + hashes*hashKiB<<10 + decodeMemory(cfg) + views
}

// decodeMemory is the most that the photo decodes running at once hold: the photo memory
// budget, which admits each decode by what it will take (see decodeCost and photoBudget).
func decodeMemory(cfg Config) int64 {
	if cfg.Photos.Memory <= 0 {
		return photos.DefaultPhotoMemory
	}
	return cfg.Photos.Memory
}

// ParseMemoryLimit reads a -memory-limit value: a number of bytes, optionally with the unit
// B, KiB, MiB or GiB (as GOMEMLIMIT writes them); "off" or 0 for no limit, which it returns
// as 0.
func ParseMemoryLimit(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return 0, nil
	}
	num, mult := s, int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}} {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			num, mult = n, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("memory limit %q: want a size such as 512MiB, or off", s)
	}
	return n * mult, nil
}
