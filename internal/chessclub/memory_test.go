package chessclub

import (
	"runtime"
	"testing"

	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play"
)

func TestMemoryLimit(t *testing.T) {
	procs := int64(runtime.GOMAXPROCS(0))
	tests := []struct {
		name string
		cfg  Config
		want int64
	}{
		{"defaults", Config{}, memoryBase + procs*19<<20 + 256<<20 + 64<<20},
		{"configured", Config{Auth: auth.Config{HashConcurrency: 4, Password: auth.PasswordParams{Memory: 64 << 10, Time: 1, Threads: 1}}, Photos: photos.Config{Memory: 100 << 20},
			Play: play.Config{ViewCacheBytes: 16 << 20}},
			memoryBase + 4*64<<20 + 100<<20 + 16<<20},
	}
	for _, tc := range tests {
		if got := MemoryLimit(tc.cfg); got != tc.want {
			t.Errorf("%s: MemoryLimit = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestParseMemoryLimit(t *testing.T) {
	good := map[string]int64{"off": 0, "0": 0, "1048576": 1 << 20, "512MiB": 512 << 20, "2GiB": 2 << 30, "64KiB": 64 << 10, "100B": 100, " 96MiB ": 96 << 20, "96 MiB": 96 << 20}
	for in, want := range good {
		got, err := ParseMemoryLimit(in)
		if err != nil || got != want {
			t.Errorf("ParseMemoryLimit(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "auto", "-1", "12MB", "1.5GiB", "MiB", "99999999999GiB"} {
		if got, err := ParseMemoryLimit(in); err == nil {
			t.Errorf("ParseMemoryLimit(%q) = %d, want an error", in, got)
		}
	}
}
